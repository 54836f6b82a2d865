'use client';

import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

import { loadPageActions } from '../../lib/client/load-page-actions.ts';
import type { Platform } from '../../lib/http/index.ts';

type Values = { email: string; uid: string; reason: string; contact: string };
type Errors = Partial<Record<keyof Values | 'form', string>>;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;

/** The unbind request: validated before submit, what was typed survives a failure. */
export const UnbindForm = ({
  lang,
  platform,
}: {
  lang: string;
  platform: Platform;
}) => {
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
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    const result = await loadPageActions()
      .then((actions) =>
        actions.requestUnbind(lang, platform, {
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

  if (ticket) {
    return (
      <div className="result result-official" role="status">
        <strong>{t`Request received`}</strong>
        <p>{t`Your request number is ${ticket}. Our security team reviews requests within 48 hours; check the status below with this number.`}</p>
        <p>
          <a href={`?ticket=${ticket}`}>{t`Check the status`}</a>
        </p>
      </div>
    );
  }

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: e.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <form
      className="card form-card"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="unbind-title"
    >
      <h2 id="unbind-title">{t`Request to unbind`}</h2>
      <label className="field">
        <span>{t`Account email`}</span>
        <input type="email" autoComplete="email" required {...field('email')} />
        {errors.email ? (
          <span id="email-error" className="field-error">
            {errors.email}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>{t`UID`}</span>
        <input
          inputMode="numeric"
          autoComplete="off"
          required
          {...field('uid')}
        />
        {errors.uid ? (
          <span id="uid-error" className="field-error">
            {errors.uid}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>{t`Reason`}</span>
        <select required {...field('reason')}>
          <option value="">{t`Choose a reason`}</option>
          <option value="lost-device">{t`I lost my phone`}</option>
          <option value="new-phone">{t`I changed phones without moving the authenticator`}</option>
          <option value="app-deleted">{t`I deleted the authenticator app`}</option>
          <option value="other">{t`Another reason`}</option>
        </select>
        {errors.reason ? (
          <span id="reason-error" className="field-error">
            {errors.reason}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>{t`Phone or other contact (optional)`}</span>
        <input autoComplete="tel" maxLength={120} {...field('contact')} />
      </label>
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={pending}
      >
        {pending ? t`Sending…` : t`Send request`}
      </button>
    </form>
  );
};
