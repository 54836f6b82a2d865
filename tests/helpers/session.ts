import type { Page } from 'playwright-core';

/** The sandbox's seeded demo account. */
export const DEMO = {
  email: 'demo@example-exchange.com',
  password: 'Demo12345',
} as const;

export type Credentials = { readonly email: string; readonly password: string };

/**
 * Waits until the page has hydrated (html[data-hydrated], src/lib/client/page-hydrated.ts): the
 * client root and the content of every streamed section, so every section is in its place and
 * its buttons are live. React may hold a streamed section's reveal a moment (up to 300 ms after
 * the last one, and between 2 and 2.3 s after the navigation started): until it is shown, its
 * content waits in a hidden element at the end of the body (`div[hidden][id^="S:"]`), where
 * nothing can take the focus, so that is waited out too.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      !document.querySelector('body > div[hidden][id^="S:"]'),
  );

/** Fills the open login modal (any locale) and submits; waits until it has closed. */
export const fillLogin = async (page: Page, who: Credentials = DEMO) => {
  const login = page.locator('[data-dialog="login"]');
  await login.waitFor();
  await login.locator('input[type="email"]').fill(who.email);
  await login.locator('input[type="password"]').fill(who.password);
  await login.locator('button[type="submit"]').click();
  await login.waitFor({ state: 'detached' });
};

/** Opens the login modal from the header, then logs in. */
export const loginFromHeader = async (page: Page, who: Credentials = DEMO) => {
  await page.locator('header button.zmx-pv-login').click();
  await fillLogin(page, who);
};

/**
 * A fresh account registered straight on the sandbox API (so tests never share state): the
 * registration, then the confirmation link the sandbox "mailed" (its test controls' outbox).
 */
export const registerAccount = async (
  apiURL: string,
  tag: string,
): Promise<Credentials> => {
  const who = {
    email: `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    password: 'Forms12345',
  };
  const res = await fetch(`${apiURL}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as { ret_code?: number };
  if (res.status !== 200 || body.ret_code !== 0)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(body)}`);
  const mail = (await (
    await fetch(`${apiURL}/__sandbox/mail?to=${encodeURIComponent(who.email)}`)
  ).json()) as { result?: { items?: { link: string | null }[] } };
  const link = mail.result?.items?.at(-1)?.link;
  if (!link) throw new Error(`no confirmation mail for ${who.email}`);
  const confirmed = await fetch(`${apiURL}${link}`);
  const answer = (await confirmed.json()) as { ret_code?: number };
  if (confirmed.status !== 200 || answer.ret_code !== 0)
    throw new Error(
      `confirmation failed: ${confirmed.status} ${JSON.stringify(answer)}`,
    );
  return who;
};
