import type * as Actions from './page-actions.ts';

export type PageActions = typeof Actions;

let loading: Promise<PageActions> | undefined;
/** The page actions module (request client and schemas), fetched on first use; retried after a failure. */
export const loadPageActions = (): Promise<PageActions> => {
  loading ??= import('./page-actions.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
