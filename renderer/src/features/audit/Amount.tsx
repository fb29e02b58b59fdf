import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '../../../../shared/contract';
import { Money } from '../../components/Money';

/**
 * How much: the request's amount in its currency. A deposit asked without a currency is in its
 * country's, which the request does not name: said so, never guessed.
 */
export function Amount({ entry, country }: { entry: AuditEntryView; country: string | undefined }) {
  const { t } = useTranslation('audit');
  return (
    <>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        <Money amount={entry.amount} currency={entry.currency} />
      </Text>
      {entry.amount !== undefined && entry.currency === undefined && country !== undefined && (
        <Text size="xs" c="dimmed" data-currency-of={country}>
          {t('entries.countryCurrency', { country })}
        </Text>
      )}
    </>
  );
}
