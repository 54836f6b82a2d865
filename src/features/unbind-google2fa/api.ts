import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { unlessMissing } from '../../lib/http/index.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const statusSchema = v.object({
  ticket: v.string(),
  status: v.picklist(['pending', 'approved', 'rejected']),
  createdAt: v.string(),
});
export type TicketStatus = v.InferOutput<typeof statusSchema>;

/** The API's answer for a request number that names no request. */
const TICKET_NOT_FOUND = 90001;

/** An unbind request's status, or undefined when no request has this number. */
export const getStatus = (
  ticket: string,
  locale: Locale,
): Promise<TicketStatus | undefined> =>
  unlessMissing(
    getServerApi(locale).get(
      `/api/v1/security/unbind-google2fa/${encodeURIComponent(ticket)}`,
      { schema: statusSchema, skipErrorToast: true },
    ),
    TICKET_NOT_FOUND,
  );
