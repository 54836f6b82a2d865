'use client';

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button } from 'react-aria-components';

import { AprTiers } from '../../components/apr-tiers.tsx';
import * as Dialog from '../../components/dialog-frame.client.tsx';
import { ACCOUNT_LABELS } from '../../lib/client/account-labels.ts';
import { useAmountForm } from '../../lib/client/amount-check.ts';
import { useClientApi } from '../../lib/client/api.ts';
import { fetchBalances, useFreshBalances } from '../../lib/client/balances.ts';
import { aroundSlot, SLOT } from '../../lib/client/slot.ts';
import {
  defineDialog,
  openTransfer,
  showToast,
  subscribeRequest,
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
const SubscribeDialog = ({ request }: { request: SubscribeRequest }) => {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const api = useClientApi();
  const { balances, setBalances } = useFreshBalances(api);
  const { amount, error, formError, setFormError, take, change } =
    useAmountForm();
  const { pending, firstField, submitting } = Dialog.useDialogForm();
  const { coin, name } = request;
  const texts = TEXTS[request.kind];
  const accountName = i18n._(ACCOUNT_LABELS[request.account]);
  const available = balances?.[request.account][coin];

  const close = () => subscribeRequest.set(null);
  const minText = formatAmount(request.min, coin, locale);
  const maxText = formatAmount(request.max, coin, locale);

  // without a balance (its answer failed, the toast said why) the check skips it
  const submit = submitting(
    () =>
      take({ min: request.min, max: request.max, balance: available, coin }),
    async (value) => {
      try {
        const fresh = await subscribe(api, {
          kind: request.kind,
          target: request.target,
          amount: value,
        });
        setBalances(fresh ?? (await fetchBalances(api)));
        const committed = formatAmount(value, coin, locale);
        showToast({
          kind: 'success',
          title: i18n._(texts.done),
          detail: i18n._({ ...texts.detail, values: { committed, name } }),
        });
        close();
      } catch {
        setFormError(i18n._(texts.failed));
      }
    },
  );

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
    <Dialog.DialogFrame
      name="subscribe"
      title={i18n._({ ...texts.title, values: { name } })}
      onClose={close}
    >
      <Dialog.DialogForm onSubmit={submit} fieldErrors={{ amount: error }}>
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
        <Dialog.AmountField
          label={t`Amount (${coin})`}
          inputRef={firstField}
          value={amount}
          onChange={change}
          max={
            available !== undefined &&
            compareDecimal(available, request.max) === 1
              ? request.max
              : available
          }
        />
        <Button
          className="zmx-pv-link-button"
          onPress={() => {
            close();
            openTransfer({ to: request.account, coin });
          }}
        >
          {t`Transfer coins to ${accountName}`}
        </Button>
        <Dialog.FormFooter
          pending={pending}
          error={formError}
          submitLabel={i18n._(texts.action)}
        />
      </Dialog.DialogForm>
    </Dialog.DialogFrame>
  );
};

/** Found by the dialog host by this file's name (lib/client/store.ts: dialogRequests). */
export const dialog = defineDialog('subscribe', SubscribeDialog);
