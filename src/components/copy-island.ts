import * as v from 'valibot';

import { islandMark } from '../lib/island-data.ts';

export type CopyProps = {
  /** What the button copies (it is also written on the page). */
  readonly value: string;
  /** The button's accessible name. */
  readonly label: string;
};

const copySchema = v.object({
  value: v.pipe(v.string(), v.maxLength(300)),
  label: v.pipe(v.string(), v.maxLength(200)),
});

/**
 * A Copy button's mark in the server's HTML: a disabled Copy button inside an element with what
 * the live one needs; the widgets chunk (copy-islands.client.tsx) puts the live button in its
 * place, so no page pays for it in its first JS (decision 0038).
 */
export const COPY_ISLAND = islandMark<CopyProps>('data-copy', copySchema);
