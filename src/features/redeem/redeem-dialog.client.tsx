'use client';

import { useLingui } from '@lingui/react/macro';

import * as Dialog from '../../components/dialog-frame.client.tsx';
import { ACCOUNT_LABELS } from '../../lib/client/account-labels.ts';
import { useAmountForm } from '../../lib/client/amount-check.ts';
import { useClientApi } from '../../lib/client/api.ts';
import { fetchBalances } from '../../lib/client/balances.ts';
import {
  accountBalances,
  defineDialog,
  redeemRequest,
  type RedeemRequest,
  showToast,
} from '../../lib/client/store.ts';
import { formatAmount } from '../../lib/format/decimal.ts';
import { ApiError } from '../../lib/http/index.ts';
import { redeem } from './api.ts';

/** Codes about the amount itself: said beside the field; any other beside the button. */
const AMOUNT_CODES = new Set([20004, 40006]);

/**
 * Redeeming from a flexible savings position ("My savings", "Redeem any time"): an amount in
 * the reader's locale, up to what the position holds, checked before anything is sent; the
 * coins go back to the Funding account. On success a toast, and the balances are replaced,
 * which makes "My savings" read its positions again. Opened only for a logged-in trader.
 */
const RedeemDialog = ({ request }: { request: RedeemRequest }) => {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const api = useClientApi();
  const { amount, error, setError, formError, setFormError, take, change } =
    useAmountForm();
  const { pending, firstField, submitting } = Dialog.useDialogForm();
  const { coin, name, held } = request;
  const accountName = i18n._(ACCOUNT_LABELS.ACCOUNT_TYPE_FUND);
  const heldText = formatAmount(held, coin, locale);

  const close = () => redeemRequest.set(null);
  const codeText = (retCode: number): string | undefined => {
    const id = `errorCode.${retCode}`;
    return id in i18n.messages ? i18n._(id) : undefined;
  };

  const submit = submitting(
    () => take({ max: held, coin }),
    async (value) => {
      try {
        const done = await redeem(api, {
          positionId: request.positionId,
          amount: value,
        });
        accountBalances.set(done.balances ?? (await fetchBalances(api)));
        const redeemed = formatAmount(done.amount, coin, locale);
        showToast({
          kind: 'success',
          title: t`Redeemed`,
          detail: t`${redeemed} returned to your ${accountName} account.`,
        });
        close();
      } catch (failure) {
        const text =
          failure instanceof ApiError ? codeText(failure.retCode) : undefined;
        if (
          text &&
          failure instanceof ApiError &&
          AMOUNT_CODES.has(failure.retCode)
        )
          setError(text);
        else
          setFormError(
            text ?? t`The redemption did not go through. Nothing was changed.`,
          );
      }
    },
  );

  return (
    <Dialog.DialogFrame
      name="redeem"
      title={t`Redeem from ${name}`}
      onClose={close}
    >
      <Dialog.DialogForm onSubmit={submit} fieldErrors={{ amount: error }}>
        <p className="zmx-pv-balance">{t`In this position: ${heldText}`}</p>
        <p className="zmx-pv-field-hint">
          {t`Redeem up to ${heldText}. The coins go back to your ${accountName} account at once.`}
        </p>
        <Dialog.AmountField
          label={t`Amount (${coin})`}
          inputRef={firstField}
          value={amount}
          onChange={change}
          max={held}
        />
        <Dialog.FormFooter
          pending={pending}
          error={formError}
          submitLabel={t`Redeem`}
        />
      </Dialog.DialogForm>
    </Dialog.DialogFrame>
  );
};

/** Found by the dialog host by this file's name (lib/client/store.ts: dialogRequests). */
export const dialog = defineDialog('redeem', RedeemDialog);
