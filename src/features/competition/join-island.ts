import * as v from 'valibot';

import { islandMark } from '../../lib/island-data.ts';

export type JoinProps = {
  readonly name: string;
  readonly lang: string;
  readonly open: boolean;
};

const joinSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(100)),
  lang: v.pipe(v.string(), v.maxLength(20)),
  open: v.boolean(),
});

/**
 * The Join action's mark in the server's HTML: a disabled Join button inside an element with
 * what the live button needs; the widgets chunk (widgets.client.tsx) puts the trader's
 * own Join button in its place.
 */
export const JOIN_ISLAND = islandMark<JoinProps>(
  'data-competition-join',
  joinSchema,
);
