import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Absent, isAbsent } from './Value';
import { useFormat } from './format-context';

/** An amount with its currency, formatted for the reader's language; "—" when absent. */
export function Money({ amount, currency }: { amount: number | null | undefined; currency?: string | null }) {
  const format = useFormat();
  if (isAbsent(amount)) return <Absent />;
  return (
    <span data-amount={amount} data-currency={currency ?? undefined}>
      {format.money(amount, currency ?? undefined)}
    </span>
  );
}

/**
 * An amount the console knows of a record (the record index, the watchlist) whose currency it may
 * not know: a refund's is its deposit's, known only once the deposit was seen. An unknown currency
 * is said so in words, never guessed; "—" when there is no amount.
 */
export function RecordAmount({
  amount,
  currency,
}: {
  amount?: number | undefined;
  currency?: string | undefined;
}) {
  const { t } = useTranslation('common');
  const format = useFormat();
  if (amount === undefined) return '—';
  if (currency !== undefined) {
    return (
      <span data-amount={amount} data-currency={currency}>
        {format.money(amount, currency)}
      </span>
    );
  }
  return (
    <span data-amount={amount} data-currency="">
      {format.number(amount)}{' '}
      <Text span size="xs" c="dimmed" title={t('amount.currencyUnknownHint')}>
        {t('amount.currencyUnknown')}
      </Text>
    </span>
  );
}
