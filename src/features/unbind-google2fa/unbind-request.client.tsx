'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { useFocusFirstInvalid, useHydrated } from '../../lib/client/focus.ts';
import { onFirstUse } from '../../lib/client/on-first-use.ts';

type Values = { email: string; uid: string; reason: string; contact: string };
type Errors = Partial<Record<keyof Values | 'form', string>>;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;

const loadActions = onFirstUse(() => import('./actions.ts'));

/**
 * The unbind request: validated before submit (the first refused field takes the focus, its
 * error read with it), what was typed survives a failure. While it is sent the button keeps
 * the focus (aria-disabled); the result is written into a status region that is there from
 * the start, and its heading takes the focus from the form it replaces. The submit button is
 * disabled until hydrated: without JavaScript the form must not go out as a GET query string.
 */
export const UnbindRequest = ({ lang }: { lang: string }) => {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>({
    email: '',
    uid: '',
    reason: '',
    contact: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [ticket, setTicket] = useState<string | undefined>();
  const id = useId();
  const hydrated = useHydrated();
  const focusInvalid = useFocusFirstInvalid();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ticket) resultHeading.current?.focus();
  }, [ticket]);

  const validate = (v: Values): Errors => {
    const e: Errors = {};
    if (!EMAIL.test(v.email.trim()))
      e.email = t`Enter the email address of your account.`;
    if (!/^\d{6,12}$/.test(v.uid.trim()))
      e.uid = t`Your UID has 6 to 12 digits; find it in the app under Profile.`;
    if (!v.reason)
      e.reason = t`Choose why you need to unbind the authenticator.`;
    return e;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) {
      focusInvalid(form);
      return;
    }
    setPending(true);
    const result = await loadActions()
      .then((actions) =>
        actions.requestUnbind(lang, {
          email: values.email.trim(),
          uid: values.uid.trim(),
          reason: values.reason,
          contact: values.contact.trim(),
        }),
      )
      .catch(() => ({ ok: false as const, code: 0 }));
    setPending(false);
    if (result.ok) setTicket(result.value.ticket);
    else
      setErrors({
        form:
          result.code === 10006
            ? t`Enter the email address of your account.`
            : t`We could not send your request. Please check the form and try again.`,
      });
  };

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: e.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof Values) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </span>
    ) : null;

  return (
    <>
      {ticket ? null : (
        <form
          className="card form-card"
          // counted by the page until this chunk has hydrated it (page-hydrated.ts)
          data-hydrates-late=""
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-labelledby={`${id}-title`}
        >
          <h2 id={`${id}-title`}>{t`Request to unbind`}</h2>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t`Account email`}</label>
            <input
              type="email"
              autoComplete="email"
              required
              {...field('email')}
            />
            {error('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-uid`}>{t`UID`}</label>
            <input
              inputMode="numeric"
              autoComplete="off"
              required
              {...field('uid')}
            />
            {error('uid')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t`Reason`}</label>
            <select required {...field('reason')}>
              <option value="">{t`Choose a reason`}</option>
              <option value="lost-device">{t`I lost my phone`}</option>
              <option value="new-phone">{t`I changed phones without moving the authenticator`}</option>
              <option value="app-deleted">{t`I deleted the authenticator app`}</option>
              <option value="other">{t`Another reason`}</option>
            </select>
            {error('reason')}
          </div>
          <div className="field">
            <label
              htmlFor={`${id}-contact`}
            >{t`Phone or other contact (optional)`}</label>
            <input autoComplete="tel" maxLength={120} {...field('contact')} />
          </div>
          {errors.form ? (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button-primary"
            disabled={!hydrated}
            aria-disabled={pending || undefined}
          >
            {pending ? t`Sending…` : t`Send request`}
          </button>
        </form>
      )}
      {/* mounted from the start, so the result is announced when it is filled in */}
      <div
        className={ticket ? 'result result-official' : undefined}
        role="status"
      >
        {ticket ? (
          <>
            <h2 ref={resultHeading} tabIndex={-1}>
              {t`Request received`}
            </h2>
            <p>{t`Your request number is ${ticket}. Our security team reviews requests within 48 hours; check the status below with this number.`}</p>
            <p>
              <a href={`?ticket=${ticket}`}>{t`Check the status`}</a>
            </p>
          </>
        ) : null}
      </div>
    </>
  );
};
