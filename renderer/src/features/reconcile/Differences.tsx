import { Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RECONCILE_ROW_FILTERS, type ReconcileRowFilter } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { Money } from '../../components/Money';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { useSessionState } from '../../components/session-state';
import { RECONCILE_PAGE_SIZE } from './reconcile-view';
import { useReconcileRows } from './use-reconcile';

/** The run's rows under a class filter, a page at a time (read from main, never all at once). */
export function Differences({ runId }: { runId: string }) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  // Per run, for the session: back on the screen, the rows are filtered and paged as they were left.
  const [filter, setFilter] = useSessionState<ReconcileRowFilter>(`reconcile:${runId}:filter`, 'differences');
  const [page, setPage] = useSessionState(`reconcile:${runId}:page`, 0);
  const rows = useReconcileRows(runId, filter, page);
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECONCILE_PAGE_SIZE));

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('rows.title')}
      </Title>
      <Select
        label={t('rows.filter')}
        value={filter}
        onChange={(value) => {
          if (value === null) return;
          setFilter(value as ReconcileRowFilter);
          setPage(0);
        }}
        data={RECONCILE_ROW_FILTERS.map((value) => ({ value, label: t(`filter.${value}`) }))}
        allowDeselect={false}
        w={280}
        data-testid="reconcile-filter"
      />
      <Text size="sm" data-testid="reconcile-rows-total" data-total={rows.data?.total}>
        {t('rows.total', { count: total, formatted: format.number(total) })}
      </Text>
      {rows.error && <ErrorNotice error={rows.error} />}
      <TableRegion label={t('rows.regionLabel')} testId="reconcile-rows-box">
        <Table
          verticalSpacing={4}
          striped
          data-testid="reconcile-rows"
          aria-busy={rows.isFetching || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" style={STICKY_HEADER_CELL} data-column="id">
                {t('rows.id')}
              </Table.Th>
              <Table.Th scope="col">{t('rows.line')}</Table.Th>
              <Table.Th scope="col">{t('rows.class')}</Table.Th>
              <Table.Th scope="col">{t('rows.ledger')}</Table.Th>
              <Table.Th scope="col">{t('rows.service')}</Table.Th>
              <Table.Th scope="col">{t('rows.atStake')}</Table.Th>
              <Table.Th scope="col" data-column="change">
                {t('rows.change')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows.data?.rows ?? []).map((row) => (
              <Table.Tr
                key={`${row.line}-${row.id}`}
                data-id={row.id}
                data-class={row.class}
                data-line={row.line}
              >
                <Table.Td ff="monospace" style={STICKY_CELL}>
                  {row.id}
                </Table.Td>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  {t(`class.${row.class}`)}
                  {row.moneyCase && (
                    <Text size="xs" c="dimmed">
                      {t(`moneyCase.${row.moneyCase}`)}
                    </Text>
                  )}
                  {row.duplicateOfLine !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('rows.duplicateOf', { line: row.duplicateOfLine })}
                    </Text>
                  )}
                  {row.errorMessage && (
                    <Text size="xs" c="dimmed">
                      {row.errorMessage}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.ledgerStatus ?? ''} <Money amount={row.ledgerAmount} currency={row.ledgerCurrency} />
                </Table.Td>
                <Table.Td>
                  {row.serviceStatus ?? ''}{' '}
                  <Money amount={row.serviceAmount} currency={row.serviceCurrency} />
                </Table.Td>
                <Table.Td>
                  <Money amount={row.atStake} currency={row.stakeCurrency} />
                </Table.Td>
                <Table.Td>{row.change ? t(`change.${row.change}`) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableRegion>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`rows.page.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('rows.page.item', { page: item }) })}
          data-testid="reconcile-pages"
        />
      )}
    </Stack>
  );
}
