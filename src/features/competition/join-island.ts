import * as v from 'valibot';

import { parseIslandData } from '../../lib/island-data.ts';

/**
 * The Join action's mark in the server's HTML: a disabled Join button inside an element with
 * what the live button needs as JSON in this attribute. No client component is rendered for it
 * (the page's first JS stays as it was); the widgets chunk finds it (join-islands.client.tsx)
 * and puts the trader's own Join button in its place.
 */
export const JOIN_ATTRIBUTE = 'data-competition-join';

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

export const joinData = (props: JoinProps): string => JSON.stringify(props);

/** The island's props from its attribute, or undefined when it is not ours. */
export const parseJoin = (
  text: string | null | undefined,
): JoinProps | undefined => parseIslandData(joinSchema, text);
