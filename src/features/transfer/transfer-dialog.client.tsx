'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';

import { ChoiceSelect } from '../../components/choice-select.client.tsx';
import * as Dialog from '../../components/dialog-frame.client.tsx';
import { ACCOUNT_LABELS } from '../../lib/client/account-labels.ts';
import { useAmountCheck } from '../../lib/client/amount-check.ts';
import { useClientApi } from '../../lib/client/api.ts';
import { fetchBalances, useFreshBalances } from '../../lib/client/balances.ts';
import { useSignal } from '../../lib/client/kernel.ts';
import { aroundSlot, SLOT } from '../../lib/client/slot.ts';
import {
  defineDialog,
  showToast,
  transferDraft,
  transferRequest,
  type TransferRequest,
} from '../../lib/client/store.ts';
import {
  ACCOUNT_TYPES,
  COINS,
  DEFAULT_DECIMALS,
  isAccountType,
  isCoin,
  type AccountType,
  type Coin,
} from '../../lib/config/constants.ts';
import { formatAmount } from '../../lib/format/decimal.ts';
import { transfer } from './api.ts';

type Errors = {
  amount?: string | undefined;
  to?: string | undefined;
  form?: string | undefined;
};

/**
 * The transfer dialog (spec §4): recreated on every open with the opener's from / to / coin;
 * moves one of the five coins between two of the four account types. Shows both balances,
 * reads the amount in the reader's locale ('1.234,5' in de-DE), at most 8 decimals, with a Max
 * button; checks before sending that the amount is positive, within the balance and that the
 * accounts differ. On success: a toast, the balances refreshed, the amount cleared; API
 * refusals come as the request client's toast.
 */
const TransferDialog = ({ request }: { request: TransferRequest }) => {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const api = useClientApi();
  const { balances, setBalances, failed: loadFailed } = useFreshBalances(api);
  const draft = useSignal(transferDraft, null);
  const [from, setFrom] = useState<AccountType>(
    request.from ?? draft?.from ?? 'ACCOUNT_TYPE_SPOT',
  );
  const [to, setTo] = useState<AccountType>(
    request.to ??
      draft?.to ??
      (from === 'ACCOUNT_TYPE_FUND'
        ? 'ACCOUNT_TYPE_SPOT'
        : 'ACCOUNT_TYPE_FUND'),
  );
  const [coin, setCoin] = useState<Coin>(request.coin ?? draft?.coin ?? 'USDT');
  const [amount, setAmount] = useState(draft?.amount ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const { pending, firstField, submitting } = Dialog.useDialogForm();

  // what was typed survives a guarded reload (the store is saved, §4)
  useEffect(() => {
    transferDraft.set({ from, to, coin, amount });
  }, [from, to, coin, amount]);

  const close = () => {
    transferDraft.set(null);
    transferRequest.set(null);
  };
  const available = (account: AccountType): string | undefined =>
    balances?.[account][coin];
  const shown = (account: AccountType): string => {
    const value = available(account);
    return value === undefined
      ? loadFailed
        ? t`unavailable`
        : t`loading…`
      : formatAmount(value, coin, locale, { maxDecimals: DEFAULT_DECIMALS });
  };

  // one message with the amount inside, so each locale sets the punctuation and spacing
  const balanceLine = (account: AccountType, side: 'from' | 'to') => {
    const balance = SLOT;
    const [before, after] = aroundSlot(t`Available: ${balance}`);
    return (
      <p className="zmx-pv-balance" data-account={side}>
        {before}
        <output>{shown(account)}</output>
        {after}
      </p>
    );
  };

  const checkAmount = useAmountCheck();
  const check = (): { errors: Errors; value?: string } => {
    const found: Errors = {};
    if (from === to)
      found.to = t`Choose an account different from the one you transfer from.`;
    const result = checkAmount(amount, { balance: available(from) });
    if ('error' in result)
      return { errors: { ...found, amount: result.error } };
    return { errors: found, value: result.value };
  };

  const submit = submitting(
    () => {
      const { errors: found, value } = check();
      setErrors(found);
      return found.amount || found.to ? undefined : value;
    },
    async (value) => {
      try {
        const done = await transfer(api, { from, to, coin, amount: value });
        setBalances(done.balances ?? (await fetchBalances(api)));
        setAmount('');
        const moved = formatAmount(done.amount, coin, locale);
        const source = i18n._(ACCOUNT_LABELS[from]);
        const target = i18n._(ACCOUNT_LABELS[to]);
        showToast({
          kind: 'success',
          title: t`Transfer complete`,
          detail: t`${moved} moved from ${source} to ${target}.`,
        });
      } catch {
        // the request client's toast says why (insufficient balance, session ended …)
        setErrors({
          form: t`The transfer did not go through. Nothing was moved.`,
        });
      }
    },
  );

  const accountSelect = (
    label: string,
    value: AccountType,
    onChange: (next: AccountType) => void,
    name: string,
  ) => (
    <ChoiceSelect
      label={label}
      name={name}
      value={value}
      options={ACCOUNT_TYPES.map((account) => ({
        id: account,
        label: i18n._(ACCOUNT_LABELS[account]),
      }))}
      accept={isAccountType}
      onChange={onChange}
    />
  );

  return (
    <Dialog.DialogFrame
      name="transfer"
      title={t`Transfer between accounts`}
      onClose={close}
    >
      <Dialog.DialogForm
        onSubmit={submit}
        fieldErrors={{ amount: errors.amount, to: errors.to }}
      >
        <div className="zmx-pv-transfer-accounts">
          <div>
            {accountSelect(t`From`, from, setFrom, 'from')}
            {balanceLine(from, 'from')}
          </div>
          <Button
            className="zmx-pv-swap"
            aria-label={t`Swap the accounts`}
            onPress={() => {
              setFrom(to);
              setTo(from);
              setErrors({});
            }}
          >
            <span aria-hidden="true">⇄</span>
          </Button>
          <div>
            {accountSelect(t`To`, to, setTo, 'to')}
            {balanceLine(to, 'to')}
            {errors.to ? (
              <p className="zmx-pv-field-error" role="alert">
                {errors.to}
              </p>
            ) : null}
          </div>
        </div>
        <ChoiceSelect
          label={t`Coin`}
          name="coin"
          value={coin}
          options={COINS.map((c) => ({ id: c, label: c }))}
          accept={isCoin}
          onChange={setCoin}
        />
        <Dialog.AmountField
          label={t`Amount`}
          inputRef={firstField}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            if (errors.amount || errors.form)
              setErrors({ ...errors, amount: undefined, form: undefined });
          }}
          max={available(from)}
        />
        <Dialog.FormFooter
          pending={pending}
          error={errors.form ?? ''}
          submitLabel={t`Transfer`}
        />
      </Dialog.DialogForm>
    </Dialog.DialogFrame>
  );
};

/** Found by the dialog host by this file's name (lib/client/store.ts: dialogRequests). */
export const dialog = defineDialog('transfer', TransferDialog);
