import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { DEFAULT_DECIMALS } from '../config/constants.ts';
import {
  compareDecimal,
  formatAmount,
  formatDecimal,
  isPositiveDecimal,
  parseLocaleDecimal,
  truncateDecimal,
} from '../format/decimal.ts';

export type AmountLimits = {
  /** Decimal strings; each check applies only when the value is known. */
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  readonly balance?: string | undefined;
  readonly coin?: string | undefined;
};

/**
 * The amount check every widget form shares, before anything is sent: what the person typed in
 * their locale, at most 8 decimals, greater than zero, within the limits and the balance —
 * compared exactly on decimal strings. Gives the canonical value or the localized reason.
 */
export const useAmountCheck = () => {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    amount: string,
    limits: AmountLimits = {},
  ): { value: string } | { error: string } => {
    if (!amount.trim()) return { error: t`Enter an amount.` };
    const value = parseLocaleDecimal(amount, locale, DEFAULT_DECIMALS);
    if (value === null) {
      const example = formatDecimal('1234.5', locale);
      return {
        error: t`Enter a number with at most 8 decimals, like ${example}.`,
      };
    }
    if (!isPositiveDecimal(value))
      return { error: t`Enter an amount greater than zero.` };
    const coin = limits.coin ?? '';
    if (limits.min !== undefined && compareDecimal(value, limits.min) === -1) {
      const minText = formatAmount(limits.min, coin, locale);
      return { error: t`The minimum is ${minText}.` };
    }
    if (limits.max !== undefined && compareDecimal(value, limits.max) === 1) {
      const maxText = formatAmount(limits.max, coin, locale);
      return { error: t`The maximum is ${maxText}.` };
    }
    if (
      limits.balance !== undefined &&
      compareDecimal(value, limits.balance) === 1
    )
      return { error: t`The amount is more than your available balance.` };
    return { value };
  };
};

/**
 * A one-amount dialog form (subscribe, redeem): the amount as typed, its error beside the field,
 * the form's error beside the button. `take` checks the amount against the limits: the
 * canonical value with both errors cleared, or undefined with the field's error set; `change`
 * is the field's onChange (a new amount clears its error).
 */
export const useAmountForm = () => {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState('');
  const checkAmount = useAmountCheck();
  const take = (limits: AmountLimits): string | undefined => {
    const checked = checkAmount(amount, limits);
    if ('error' in checked) {
      setError(checked.error);
      return undefined;
    }
    setError(undefined);
    setFormError('');
    return checked.value;
  };
  const change = (value: string): void => {
    setAmount(value);
    setError(undefined);
  };
  return { amount, error, setError, formError, setFormError, take, change };
};

/** What the Max button puts in the field: the value cut to 8 decimals, ungrouped, in the locale. */
export const maxInput = (value: string, locale: string): string =>
  formatDecimal(truncateDecimal(value) ?? '0', locale, { grouping: false });
