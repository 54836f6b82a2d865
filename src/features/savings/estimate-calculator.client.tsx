'use client';

import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useState } from 'react';
import {
  FieldError,
  Group,
  Input,
  Label,
  NumberField,
  Text,
  TextField,
} from 'react-aria-components';

import { AprTiers } from '../../components/apr-tiers.tsx';
import { ChoiceSelect } from '../../components/choice-select.client.tsx';
import { getLocaleEntry } from '../../i18n/locales.ts';
import { formatDecimal, parseLocaleDecimal } from '../../lib/format/decimal.ts';
import { EstimateResult } from './estimate-result.tsx';
import { estimateInterest, MAX_TERM_DAYS } from './estimate.ts';
import type { EstimateIslandProps, EstimateProduct } from './island.ts';
import { SAVINGS_LABELS } from './labels.client.ts';

/** Decimals an amount may have (spec §9). */
const MAX_DECIMALS = 8;

/**
 * The earnings calculator (the estimate island's chunk): a product, an amount typed in the
 * reader's locale ('1.234,5' in de-DE, read by parseLocaleDecimal) and a term in days; the
 * estimated daily and total interest across the product's rate bands update as they type, in a
 * polite live region. A fixed-term product's term is its own (read-only field).
 */
export default function EstimateCalculator({
  locale,
  products,
  example,
  onShown,
}: EstimateIslandProps & {
  /** Called before the first paint (the island hides the server's example). */
  onShown: () => void;
}) {
  const { i18n, t } = useLingui();
  useLayoutEffect(onShown, [onShown]);
  const intl = getLocaleEntry(locale).intl;
  const [productId, setProductId] = useState(example.productId);
  const [amountText, setAmountText] = useState(
    formatDecimal(example.amount, intl),
  );
  const [chosenDays, setChosenDays] = useState(example.days);
  const product: EstimateProduct | undefined =
    products.find((p) => p.id === productId) ?? products[0];
  if (!product) return null;
  const coin = product.coin;
  const fixed = product.termDays > 0;
  const days = fixed ? product.termDays : chosenDays;
  const amount = parseLocaleDecimal(amountText, intl, MAX_DECIMALS);
  const daysValid =
    Number.isInteger(days) && days >= 1 && days <= MAX_TERM_DAYS;
  const estimate =
    amount === null || !daysValid
      ? undefined
      : estimateInterest(amount, product.tiers, days);
  const amountError =
    amountText.trim() && amount === null
      ? i18n._(SAVINGS_LABELS.invalidAmount)
      : undefined;

  return (
    <div className="estimate-calculator">
      <div className="estimate-fields">
        <ChoiceSelect
          label={i18n._(SAVINGS_LABELS.product)}
          name="estimate-product"
          value={product.id}
          options={products.map((p) => ({ id: p.id, label: p.name }))}
          accept={(key): key is string =>
            typeof key === 'string' && products.some((p) => p.id === key)
          }
          onChange={setProductId}
        />
        <TextField
          className="zmx-pv-field"
          name="estimate-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={setAmountText}
          isInvalid={amountError !== undefined}
        >
          <Label>{t`Amount (${coin})`}</Label>
          <Input />
          <FieldError className="zmx-pv-field-error">{amountError}</FieldError>
        </TextField>
        <NumberField
          className="zmx-pv-field"
          name="estimate-days"
          minValue={1}
          maxValue={MAX_TERM_DAYS}
          step={1}
          formatOptions={{ maximumFractionDigits: 0 }}
          value={days}
          isReadOnly={fixed}
          onChange={(value) => setChosenDays(value)}
        >
          <Label>{i18n._(SAVINGS_LABELS.term)}</Label>
          <Group className="estimate-days">
            <Input />
          </Group>
          {fixed ? (
            <Text slot="description" className="zmx-pv-field-hint">
              {i18n._(SAVINGS_LABELS.fixedTerm)}
            </Text>
          ) : null}
        </NumberField>
      </div>
      <AprTiers tiers={product.tiers} coin={product.coin} intl={intl} />
      <div className="estimate-output" aria-live="polite">
        {estimate ? (
          <EstimateResult
            estimate={estimate}
            coin={product.coin}
            locale={locale}
          />
        ) : daysValid ? null : (
          <p className="zmx-pv-field-error">
            {i18n._(SAVINGS_LABELS.invalidTerm)}
          </p>
        )}
      </div>
    </div>
  );
}
