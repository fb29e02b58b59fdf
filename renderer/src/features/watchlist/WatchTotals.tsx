import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WatchListView } from '../../../../shared/contract';
import { Money } from '../../components/Money';
import { useFormat } from '../../components/format-context';

/**
 * What the pinned objects hold, per kind and currency, as main added them up (watchTotals): the
 * sub-merchants' balances apart from the deposits' amounts. Amounts whose currency is not known
 * are counted out loud, not added.
 */
export function WatchTotals({ view }: { view: WatchListView }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const uncounted = view.items.filter((item) => item.amount !== undefined && item.currency === undefined);
  return (
    <Stack gap="xs" data-testid="watch-totals">
      <Title order={4} size="h5" id="watch-totals-title">
        {t('totals.title')}
      </Title>
      {view.totals.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="watch-totals-none">
          {t('totals.none')}
        </Text>
      ) : (
        <Table verticalSpacing={4} maw={560} aria-labelledby="watch-totals-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totals.what')}</Table.Th>
              <Table.Th scope="col">{t('totals.total')}</Table.Th>
              <Table.Th scope="col">{t('totals.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.totals.map((total) => (
              <Table.Tr
                key={`${total.kind}:${total.currency}`}
                data-testid="watch-total"
                data-kind={total.kind}
                data-currency={total.currency}
              >
                <Table.Td>{t(`totals.kind.${total.kind}`)}</Table.Td>
                <Table.Td data-field="total" style={{ whiteSpace: 'nowrap' }}>
                  <Money amount={total.amount} currency={total.currency} />
                </Table.Td>
                <Table.Td data-field="count">{format.number(total.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {uncounted.length > 0 && (
        <Text size="sm" data-testid="watch-totals-uncounted">
          {t('totals.uncounted', { count: uncounted.length })}
        </Text>
      )}
    </Stack>
  );
}
