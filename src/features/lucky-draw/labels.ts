import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The draws' names in the reader's language, by their key: the page's title and heading. */
export const DRAW_NAMES: Record<string, MessageDescriptor> = {
  'snooker-masters-2026': msg`Snooker Masters 2026`,
  'new-year-2027': msg`New Year 2027`,
};
