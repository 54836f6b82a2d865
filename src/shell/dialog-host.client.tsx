'use client';

import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';

import { useSignal } from '../lib/client/kernel.ts';
import { lazyChunk } from '../lib/client/on-first-use.ts';
import { CHUNK_FAILED, recoverFromChunkError } from '../lib/client/recovery.ts';
import {
  dialogRequests,
  isDialogKind,
  type DialogComponent,
  type DialogEntry,
  type DialogKind,
} from '../lib/client/store.ts';
import { Boundary } from './global-error.client.tsx';

/**
 * The features' dialogs, found by convention: `src/features/<feature>/<kind>-dialog.client.tsx`
 * exporting `dialog = defineDialog(kind, Component)`, opened by the request signal of that kind
 * (lib/client/store.ts: dialogRequests). Each is its own chunk, fetched on first open only:
 * the dialogs and react-aria's form widgets stay out of the page's first JS.
 */
const DIALOG_MODULES = import.meta.glob<DialogEntry>(
  '../features/*/*-dialog.client.tsx',
  { import: 'dialog' },
);

const kindOf = (path: string): DialogKind => {
  const name = /\/([a-z]+)-dialog\.client\.tsx$/.exec(path)?.[1] ?? '';
  if (!isDialogKind(name))
    throw new Error(`${path}: no dialog request of kind "${name}"`);
  return name;
};

const DIALOGS = Object.entries(DIALOG_MODULES).map(([path, load]) => ({
  kind: kindOf(path),
  load,
}));

const componentOf = <K extends DialogKind>(
  kind: K,
  entry: DialogEntry,
): DialogComponent<K> => {
  if (entry.kind !== kind)
    throw new Error(`The ${kind} dialog module defines "${entry.kind}"`);
  return entry.Component as DialogComponent<K>;
};

/**
 * A kind's dialog as a lazy component (`lazyChunk`, as every lazy component of the site):
 * nothing is fetched until it first renders.
 */
const lazyDialog = <K extends DialogKind>(
  kind: K,
  load: () => Promise<DialogEntry | undefined>,
): DialogComponent<K> => lazyChunk(load, (entry) => componentOf(kind, entry));

/** Each kind's dialog; one whose chunk failed is made afresh, so the next open asks again. */
const lazyDialogs = new Map<DialogKind, unknown>(
  DIALOGS.map(({ kind, load }) => [kind, lazyDialog(kind, load)]),
);

/** `key` grows on every open of a dialog that is recreated each time (§4); login has none. */
const keyOf = (request: object): number | undefined =>
  'key' in request && typeof request.key === 'number' ? request.key : undefined;

const DialogSlot = <K extends DialogKind>({
  kind,
  load,
  failed,
}: {
  kind: K;
  load: () => Promise<DialogEntry>;
  failed: string;
}) => {
  const request = useSignal(dialogRequests[kind], null);
  // a failed chunk: the boundary is made afresh for the next open
  const [failures, setFailures] = useState(0);
  const Dialog = lazyDialogs.get(kind) as DialogComponent<K> | undefined;
  if (!request || !Dialog) return null;
  return (
    <Boundary
      key={failures}
      onError={() => {
        lazyDialogs.set(kind, lazyDialog(kind, load));
        dialogRequests[kind].set(null);
        setFailures((n) => n + 1);
        recoverFromChunkError(failed);
      }}
    >
      <Suspense fallback={null}>
        <Dialog key={keyOf(request)} request={request} />
      </Suspense>
    </Boundary>
  );
};

/**
 * Where the features' dialogs live. A dialog is in the DOM only while it is open (§4: removed
 * on close); its code is fetched the first time it opens, and a failed fetch is a chunk error
 * (one guarded reload, with the store kept).
 */
export const DialogHost = () => {
  const { t } = useLingui();
  const failed = t(CHUNK_FAILED);
  return (
    <>
      {DIALOGS.map(({ kind, load }) => (
        <DialogSlot key={kind} kind={kind} load={load} failed={failed} />
      ))}
    </>
  );
};
