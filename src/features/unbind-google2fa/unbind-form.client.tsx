'use client';

import { Suspense } from 'react';

import { SectionHydrated } from '../../components/html-lang.client.tsx';
import { lazyChunk } from '../../lib/client/on-first-use.ts';

/**
 * The unbind form's code (validation, sending, the result) is its own chunk, loaded as the page
 * hydrates rather than with its first JS, so this page stays within the guest pages' first-JS
 * budget (decision 0038). Until it has come the server's HTML stands, its submit button disabled
 * (see UnbindRequest), and the page does not say it is hydrated (page-hydrated.ts) before the
 * form is; on a client navigation the form appears when its chunk has.
 */
const UnbindRequest = lazyChunk(
  () => import('./unbind-request.client.tsx'),
  (m) => m.UnbindRequest,
);

export const UnbindForm = ({ lang }: { lang: string }) => (
  <Suspense>
    <UnbindRequest lang={lang} />
    <SectionHydrated />
  </Suspense>
);
