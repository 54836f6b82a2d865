'use client';

import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';

import * as Dialog from '../../components/dialog-frame.client.tsx';
import { crossOriginText, useClientApi } from '../../lib/client/api.ts';
import {
  accountFocus,
  user as currentUser,
  useSignal,
} from '../../lib/client/kernel.ts';
import {
  defineDialog,
  loginDraft,
  loginRequest,
  type LoginMode,
  type LoginRequest,
  showToast,
} from '../../lib/client/store.ts';
import { track } from '../../lib/client/telemetry.ts';
import { ApiError, HttpStatusError } from '../../lib/http/index.ts';
import { fetchUser, login, register } from './api.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;
/** ret_codes that belong to one field; the rest are shown above the submit button. */
const FIELD_OF_CODE: Readonly<Record<number, 'email' | 'password'>> = {
  10003: 'email',
  10004: 'email',
  10005: 'password',
  10006: 'email',
};

type Errors = {
  email?: string | undefined;
  password?: string | undefined;
  form?: string | undefined;
};

/**
 * The login modal (spec §4): log in or sign up, in one dialog with two tabs. Checks the fields
 * before sending; shows the API's refusals in the reader's language next to the field they
 * concern; keeps what was typed after a failure (the email also across a reload). On success
 * the user info is refreshed, the header turns into the user menu, and the opener's callback
 * runs. Closed by Escape, the close button or a click outside; then removed from the DOM.
 * A refused field takes the focus (its error is read with it). Opened from the header, the
 * focus then goes to the account menu that replaced Log in; opened by a page action (it has a
 * callback), back to that action's button (react-aria restores it).
 */
const LoginDialog = ({ request }: { request: LoginRequest }) => {
  const { t, i18n } = useLingui();
  const api = useClientApi();
  const draft = useSignal(loginDraft, { email: '' });
  const [mode, setMode] = useState<LoginMode>(request.mode);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { pending, firstField, submitting } = Dialog.useDialogForm();

  const close = () => loginRequest.set(null);
  const codeText = (error: ApiError): string => {
    const id = `errorCode.${error.retCode}`;
    return id in i18n.messages ? i18n._(id) : error.message;
  };
  /**
   * A 429 reaches the browser as a status (the site's proxy keeps only the status of a
   * refusal): too many attempts at once for the account (log in), or too many sign-ups from
   * this network (sign up), each said in the reader's language.
   */
  const tooManyText = (): string =>
    i18n._(mode === 'login' ? 'errorCode.10007' : 'errorCode.10009');

  const check = (): Errors => {
    const found: Errors = {};
    if (!EMAIL.test(draft.email.trim()))
      found.email = t`Enter a valid email address, like name@example.com.`;
    if (!password) found.password = t`Enter your password.`;
    else if (
      mode === 'signup' &&
      (password.length < 8 || !/[a-z]/i.test(password) || !/\d/.test(password))
    )
      found.password = t`Use at least 8 characters with at least one letter and one digit.`;
    return found;
  };

  const submit = submitting(
    () => {
      const found = check();
      setErrors(found);
      return found.email || found.password
        ? undefined
        : { email: draft.email.trim(), password };
    },
    async (body, focusInvalid) => {
      try {
        await (mode === 'login' ? login(api, body) : register(api, body));
        const user = await fetchUser(api);
        if (mode === 'signup' && !user) {
          // the account exists once the link mailed to the address is followed (an API that
          // answers every sign-up alike, so it tells no one which addresses have an account)
          const { email } = body;
          showToast({
            kind: 'success',
            title: t`Check your email`,
            detail: t`We sent a link to ${email} to finish creating your account.`,
          });
          loginRequest.set(null);
          loginDraft.set({ email: '' });
          track({ type: 'Callback', name: 'signup' });
          return;
        }
        if (!request.onSuccess && user) accountFocus.set('menu');
        currentUser.set(user);
        showToast({
          kind: 'success',
          title:
            mode === 'login'
              ? t`You are logged in`
              : t`Welcome! Your account is ready`,
          ...(user ? { detail: user.email } : {}),
        });
        loginRequest.set(null);
        loginDraft.set({ email: '' });
        track({
          type: 'Callback',
          name: mode === 'login' ? 'login' : 'signup',
        });
        request.onSuccess?.();
      } catch (error) {
        if (error instanceof ApiError) {
          const field = FIELD_OF_CODE[error.retCode];
          setErrors(
            field ? { [field]: codeText(error) } : { form: codeText(error) },
          );
          if (field) focusInvalid();
        } else {
          // the request client's toast told what failed; say it here too, next to the button
          setErrors({
            form:
              error instanceof HttpStatusError &&
              error.refusal === 'cross-origin'
                ? crossOriginText(i18n, error.siteOrigin)
                : error instanceof HttpStatusError && error.status === 429
                  ? tooManyText()
                  : t`The request failed. Check your connection and try again.`,
          });
        }
      }
    },
  );

  const form = (kind: LoginMode) => (
    <Dialog.DialogForm
      onSubmit={submit}
      fieldErrors={{ email: errors.email, password: errors.password }}
    >
      <Dialog.DialogField
        label={t`Email`}
        inputRef={firstField}
        name="email"
        type="email"
        autoComplete={kind === 'login' ? 'username' : 'email'}
        isRequired
        value={draft.email}
        onChange={(email) => {
          loginDraft.set({ email });
          if (errors.email || errors.form)
            setErrors({ ...errors, email: undefined, form: undefined });
        }}
      />
      <Dialog.DialogField
        label={t`Password`}
        {...(kind === 'signup'
          ? { hint: t`At least 8 characters, with a letter and a digit.` }
          : {})}
        name="password"
        type="password"
        autoComplete={kind === 'login' ? 'current-password' : 'new-password'}
        isRequired
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (errors.password || errors.form)
            setErrors({ ...errors, password: undefined, form: undefined });
        }}
      />
      <Dialog.FormFooter
        pending={pending}
        error={errors.form ?? ''}
        submitLabel={kind === 'login' ? t`Log in` : t`Create account`}
      />
    </Dialog.DialogForm>
  );

  return (
    <Dialog.DialogFrame
      name="login"
      title={
        mode === 'login' ? t`Log in to your account` : t`Create your account`
      }
      onClose={close}
    >
      <Tabs
        selectedKey={mode}
        onSelectionChange={(key) => {
          setMode(key === 'signup' ? 'signup' : 'login');
          setErrors({});
        }}
      >
        <TabList aria-label={t`Log in or sign up`} className="zmx-pv-tabs">
          <Tab id="login">
            {t({
              message: 'Log in',
              comment: 'Tab (a narrow place): at most 16 characters',
            })}
          </Tab>
          <Tab id="signup">
            {t({
              message: 'Sign up',
              comment: 'Tab (a narrow place): at most 16 characters',
            })}
          </Tab>
        </TabList>
        <TabPanel id="login">{form('login')}</TabPanel>
        <TabPanel id="signup">{form('signup')}</TabPanel>
      </Tabs>
    </Dialog.DialogFrame>
  );
};

/** Found by the dialog host by this file's name (lib/client/store.ts: dialogRequests). */
export const dialog = defineDialog('login', LoginDialog);
