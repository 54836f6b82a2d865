'use client';

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  FieldError,
  Form,
  Input,
  Label,
  TextField,
} from 'react-aria-components';

import { AprTiers } from '../../components/apr-tiers.tsx';
import {
  DialogFrame,
  FormFooter,
  useFirstField,
} from '../../components/dialog-frame.client.tsx';
import { ACCOUNT_LABELS } from '../../lib/client/account-labels.ts';
import { maxInput, useAmountCheck } from '../../lib/client/amount-check.ts';
import { useClientApi } from '../../lib/client/api.ts';
import { fetchBalances } from '../../lib/client/balances.ts';
import { useFocusFirstInvalid } from '../../lib/client/focus.ts';
import { aroundSlot, SLOT } from '../../lib/client/slot.ts';
import {
  balancesAtom,
  openTransfer,
  showToast,
  subscribeAtom,
  type SubscribeRequest,
} from '../../lib/client/store.ts';
import { compareDecimal, formatAmount } from '../../lib/format/decimal.ts';
import { subscribe } from './api.ts';

type SubscribeTexts = {
  action: MessageDescriptor;
  title: MessageDescriptor;
  done: MessageDescriptor;
  detail: MessageDescriptor;
  failed: MessageDescriptor;
};

/**
 * What the dialog says, per kind: several languages use different verbs for subscribing to a
 * launchpad project and to a savings product (認購 / 申購, 청약 / 예치).
 */
const TEXTS: Readonly<Record<SubscribeRequest['kind'], SubscribeTexts>> = {
  launchpad: {
    action: msg({ context: 'launchpad project', message: 'Subscribe' }),
    title: msg({
      context: 'launchpad project',
      message: 'Subscribe to {name}',
    }),
    done: msg({ context: 'launchpad project', message: 'Subscribed' }),
    detail: msg({
      context: 'launchpad project',
      message: '{committed} committed to {name}.',
    }),
    failed: msg({
      context: 'launchpad project',
      message: 'The subscription did not go through. Nothing was taken.',
    }),
  },
  savings: {
    action: msg({ context: 'savings product', message: 'Subscribe' }),
    title: msg({ context: 'savings product', message: 'Subscribe to {name}' }),
    done: msg({ context: 'savings product', message: 'Subscribed' }),
    detail: msg({
      context: 'savings product',
      message: '{committed} committed to {name}.',
    }),
    failed: msg({
      context: 'savings product',
      message: 'The subscription did not go through. Nothing was taken.',
    }),
  },
};

/**
 * Subscribing to a savings product or a launchpad project (the pages' main action): the amount
 * in the reader's locale, checked against the limits and the available balance of the account
 * it is taken from before anything is sent; on success a toast and refreshed balances. Opened
 * only for a logged-in person (a guest gets the login modal first, then this).
 */
export const SubscribeDialog = ({ request }: { request: SubscribeRequest }) => {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const api = useClientApi();
  const store = useStore();
  const setRequest = useSetAtom(subscribeAtom);
  const [balances, setBalances] = useAtom(balancesAtom);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const firstField = useFirstField();
  const focusInvalid = useFocusFirstInvalid();
  const { coin, name } = request;
  const texts = TEXTS[request.kind];
  const accountName = i18n._(ACCOUNT_LABELS[request.account]);
  const available = balances?.[request.account][coin];

  useEffect(() => {
    const controller = new AbortController();
    fetchBalances(api)
      .then((fresh) => {
        if (!controller.signal.aborted) setBalances(fresh);
      })
      .catch(() => undefined); // the toast said why; the check then skips the balance
    return () => controller.abort();
  }, [api, setBalances]);

  const close = () => setRequest(null);
  const minText = formatAmount(request.min, coin, locale);
  const maxText = formatAmount(request.max, coin, locale);

  const checkAmount = useAmountCheck();
  const check = () =>
    checkAmount(amount, {
      min: request.min,
      max: request.max,
      balance: available,
      coin,
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    const checked = check();
    if ('error' in checked) {
      setError(checked.error);
      focusInvalid(form); // the amount, its error read with it
      return;
    }
    setError(undefined);
    setFormError('');
    setPending(true);
    try {
      const fresh = await subscribe(api, {
        kind: request.kind,
        target: request.target,
        amount: checked.value,
      });
      setBalances(fresh ?? (await fetchBalances(api)));
      const committed = formatAmount(checked.value, coin, locale);
      showToast(store, {
        kind: 'success',
        title: i18n._(texts.done),
        detail: i18n._({ ...texts.detail, values: { committed, name } }),
      });
      close();
    } catch {
      setFormError(i18n._(texts.failed));
    } finally {
      setPending(false);
    }
  };

  const balanceText =
    available === undefined
      ? t`loading…`
      : formatAmount(available, coin, locale);
  // one message with the balance inside, so each locale sets the punctuation and spacing
  const shownBalance = SLOT;
  const [balanceBefore, balanceAfter] = aroundSlot(
    t`Available in ${accountName}: ${shownBalance}`,
  );

  return (
    <DialogFrame
      name="subscribe"
      title={i18n._({ ...texts.title, values: { name } })}
      onClose={close}
    >
      <Form
        className="zmx-pv-form"
        onSubmit={(event) => void submit(event)}
        validationBehavior="aria"
        validationErrors={error ? { amount: error } : {}}
      >
        <p className="zmx-pv-balance">
          {balanceBefore}
          <output data-account="source">{balanceText}</output>
          {balanceAfter}
        </p>
        <p className="zmx-pv-field-hint">
          {t`Limits: ${minText} to ${maxText}`}
        </p>
        {request.rates?.length ? (
          <div className="zmx-pv-rates">
            <p className="zmx-pv-field-hint">{t`Annual rate (APR)`}</p>
            <AprTiers tiers={request.rates} coin={coin} intl={locale} />
          </div>
        ) : null}
        <div className="zmx-pv-amount">
          <TextField
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            isRequired
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(undefined);
            }}
            className="zmx-pv-field"
          >
            <Label>{t`Amount (${coin})`}</Label>
            <Input ref={firstField} />
            <FieldError className="zmx-pv-field-error" />
          </TextField>
          <Button
            className="button zmx-pv-max"
            isDisabled={available === undefined}
            onPress={() => {
              if (available === undefined) return;
              const cap =
                compareDecimal(available, request.max) === 1
                  ? request.max
                  : available;
              setAmount(maxInput(cap, locale));
              setError(undefined);
            }}
          >
            {t`Max`}
          </Button>
        </div>
        <Button
          className="zmx-pv-link-button"
          onPress={() => {
            close();
            openTransfer(store, { to: request.account, coin });
          }}
        >
          {t`Transfer coins to ${accountName}`}
        </Button>
        <FormFooter
          pending={pending}
          error={formError}
          submitLabel={i18n._(texts.action)}
        />
      </Form>
    </DialogFrame>
  );
};
