import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  moneyInputExample,
  numberSeparators,
  parseMoneyInput,
  type MoneyInput as MoneyInputReading,
  type MoneyInputOptions,
  type MoneyInputProblem,
} from '../lib/money-input';
import { useFormat } from './format-context';

/** A money problem in the reader's language, with an example written the way they type it. */
export function useMoneyProblemText(): (problem: MoneyInputProblem, maxDecimals?: number) => string {
  const { t } = useTranslation('common');
  const { locale } = useFormat();
  return (problem, maxDecimals = 2) =>
    t(`moneyInput.${problem}`, {
      example: moneyInputExample(locale),
      decimal: numberSeparators(locale).decimal,
      max: maxDecimals,
    });
}

/**
 * A positive amount a form asks for: the text as typed, how it reads in the reader's locale, and
 * the error to show (none for an untouched empty field until the form is sent). `notPositiveText`
 * is the form's own words for zero or a minus sign.
 */
export function useAmountField(initial: string, notPositiveText: string) {
  const { locale } = useFormat();
  const moneyProblemText = useMoneyProblemText();
  const [text, setText] = useState(initial);
  const [sent, setSent] = useState(false);
  // A minus sign or a third decimal is named, never dropped.
  const read: MoneyInputReading = parseMoneyInput(text, locale) ?? { ok: false, problem: 'not_a_number' };
  const error =
    read.ok || (!sent && text.trim() === '')
      ? undefined
      : read.problem === 'not_positive'
        ? notPositiveText
        : moneyProblemText(read.problem);
  return { text, setText, read, error, markSent: () => setSent(true) };
}

interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  value: string;
  onChange: (text: string) => void;
  /** Shown beside the amount; absent while it is not known (no country chosen yet). */
  currency?: string | null;
  /** The reading rules the form applies, so the "reads as" line matches what is sent. */
  options?: MoneyInputOptions;
}

/**
 * An amount input: the text as typed (never rewritten), its currency beside it, and once it reads
 * as an amount with grouping, what it reads as ("Reads as BRL 1.234,00"), so a thousands separator
 * is never taken for a decimal without the reader seeing it. The form decides when to show errors.
 */
export function MoneyInput({ value, onChange, currency, options, description, ...rest }: MoneyInputProps) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const parsed = parseMoneyInput(value, format.locale, { allowZero: true, ...options });
  const { group } = numberSeparators(format.locale);
  const showsReading = parsed?.ok === true && value.includes(group.trim() === '' ? ' ' : group);
  const reading = showsReading
    ? t('moneyInput.readsAs', {
        amount: format.money(parsed.value, currency ?? undefined, { exact: true }),
      })
    : null;
  return (
    <TextInput
      {...rest}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      leftSection={currency ? <span aria-hidden="true">{currency}</span> : undefined}
      leftSectionWidth={currency ? 52 : undefined}
      data-currency={currency ?? undefined}
      description={
        reading === null ? (
          description
        ) : (
          <>
            {description}
            {description ? ' · ' : null}
            <span data-testid="money-reads-as">{reading}</span>
          </>
        )
      }
      aria-description={currency ? t('moneyInput.currency', { currency }) : undefined}
    />
  );
}
