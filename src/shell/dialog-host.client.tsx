'use client';

import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';

import { CHUNK_FAILED, recoverFromChunkError } from '../lib/client/recovery.ts';
import {
  dialogAtoms,
  isDialogKind,
  type DialogComponent,
  type DialogEntry,
  type DialogKind,
} from '../lib/client/store.ts';

/**
 * The features' dialogs, found by convention: `src/features/<feature>/<kind>-dialog.client.tsx`
 * exporting `dialog = defineDialog(kind, Component)`, opened by the store's request atom of that
 * kind (lib/client/store.ts: dialogAtoms). Each is its own chunk, fetched on first open only:
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

/** The dialogs fetched so far: a dialog opened again renders at once. */
const loaded = new Map<DialogKind, DialogEntry>();

const componentOf = <K extends DialogKind>(
  kind: K,
  entry: DialogEntry,
): DialogComponent<K> => {
  if (entry.kind !== kind)
    throw new Error(`The ${kind} dialog module defines "${entry.kind}"`);
  return entry.Component as DialogComponent<K>;
};

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
  const store = useStore();
  const request = useAtomValue(dialogAtoms[kind]);
  const [Component, setComponent] = useState<DialogComponent<K> | undefined>(
    () => {
      const entry = loaded.get(kind);
      return entry ? componentOf(kind, entry) : undefined;
    },
  );

  useEffect(() => {
    if (!request || Component) return;
    load()
      .then((entry) => {
        const component = componentOf(kind, entry);
        loaded.set(kind, entry);
        setComponent(() => component);
      })
      .catch(() => {
        store.set(dialogAtoms[kind], null);
        recoverFromChunkError(failed);
      });
  }, [kind, load, request, Component, store, failed]);

  return request && Component ? (
    <Component key={keyOf(request)} request={request} />
  ) : null;
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
