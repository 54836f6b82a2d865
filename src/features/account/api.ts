import * as v from 'valibot';

import type { UserInfo } from '../../lib/client/kernel.ts';
import {
  ApiError,
  NOT_LOGGED_IN,
  type RequestClient,
} from '../../lib/http/index.ts';

/** The account endpoints of the login modal, session and user menu, with each answer's schema (spec §3, §7). */
const userInfoSchema = v.object({
  uid: v.string(),
  email: v.string(),
  nickname: v.string(),
  vip: v.number(),
});

const sessionSchema = v.object({ email: v.string() });

/** Login and sign-up failures shown inside the form, not as a toast. */
export const FORM_CODES = [
  10001, 10002, 10003, 10004, 10005, 10006, 10007, 10009,
] as const;

/** The logged-in user, or null when the session is gone (NOT_LOGGED_IN is no error here). */
export const fetchUser = async (
  api: RequestClient,
): Promise<UserInfo | null> => {
  try {
    return await api.get('/api/v1/user/info', {
      schema: userInfoSchema,
      skipErrorToast: { codes: [NOT_LOGGED_IN] },
    });
  } catch (error) {
    if (error instanceof ApiError && error.retCode === NOT_LOGGED_IN)
      return null;
    throw error;
  }
};

export const login = (
  api: RequestClient,
  body: { email: string; password: string },
) =>
  api.post('/api/v1/user/login', {
    body,
    schema: sessionSchema,
    skipErrorToast: { codes: [...FORM_CODES] },
  });

export const register = (
  api: RequestClient,
  body: { email: string; password: string },
) =>
  api.post('/api/v1/user/register', {
    body,
    schema: sessionSchema,
    skipErrorToast: { codes: [...FORM_CODES] },
  });

export const logout = (api: RequestClient) =>
  api.post('/api/v1/user/logout', {
    schema: v.object({ ok: v.boolean() }),
  });
