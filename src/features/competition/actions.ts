import * as v from 'valibot';

import { pageAction } from '../../lib/client/page-actions.ts';
import { showToast, type ToastContent } from '../../lib/client/store.ts';
import { loadWidgets } from '../../lib/client/widgets-door.ts';

/** The competition calls of the Join button (loaded on its first use, never in the first JS). */

const entrySchema = v.object({
  joined: v.boolean(),
  joinedAt: v.nullable(v.string()),
});

const path = (name: string) =>
  `/api/v1/competitions/${encodeURIComponent(name)}`;

/** Whether the logged-in trader has joined the competition. */
export const getEntry = (lang: string, name: string) =>
  pageAction(lang, (api) =>
    api.get(`${path(name)}/entry`, {
      schema: entrySchema,
      skipErrorToast: true,
    }),
  );

/** Joins the competition for the logged-in trader (joining twice keeps the first entry). */
export const joinCompetition = (lang: string, name: string) =>
  pageAction(lang, (api) =>
    api.post(`${path(name)}/join`, {
      schema: entrySchema,
      skipErrorToast: true,
    }),
  );

/** A toast in the widgets' toast region (loaded first when it is not there yet). */
export const notify = async (content: ToastContent): Promise<void> => {
  await loadWidgets();
  showToast(content);
};
