import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerBadRow, ReconcileSummary } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { Money } from '../../components/Money';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { sayText } from '../../lib/validation-text';
import { CHART_CLASSES, stakeChart, totalsShown } from './reconcile-view';
import { BadRows } from './BadRows';
import { Differences } from './Differences';

/**
 * The charts lie on their side: the classes' names run down the left, one per line, so no two
 * overlap in any language (the longest, "Not found at the service", takes some 150 px).
 */
const CLASS_AXIS = { width: 170, interval: 0 } as const;
const CHART_HEIGHT = 240;

const STATE_COLORS: Record<ReconcileSummary['state'], BadgeColor> = {
  running: 'blue',
  done: 'green',
  cancelled: 'orange',
  failed: 'red',
};

export function RunResult({
  summary,
  badRows,
  badRowCount,
}: {
  summary: ReconcileSummary;
  badRows: readonly LedgerBadRow[];
  badRowCount: number;
}) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  const chart = stakeChart(summary.totals);
  const countData = CHART_CLASSES.map((name) => ({ class: t(`class.${name}`), count: summary.counts[name] }));
  const { changes } = summary;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <SolidBadge
          color={STATE_COLORS[summary.state]}
          data-testid="reconcile-state"
          data-state={summary.state}
        >
          {t(`state.${summary.state}`)}
        </SolidBadge>
        <Text size="sm">
          {t('run.what', {
            name: summary.ledgerName,
            kind: t(`kind.${summary.kind}`),
            time: format.dateTime(summary.startedAt),
          })}
        </Text>
      </Group>
      {summary.state === 'failed' && summary.error && <ErrorNotice error={summary.error} />}
      <Text size="sm" data-testid="reconcile-changes" data-previous={changes.previousRunId ?? undefined}>
        {changes.previousRunId === null
          ? t('changes.first')
          : t('changes.since', {
              time: changes.previousRunAt ? format.dateTime(changes.previousRunAt) : '',
              resolved: format.number(changes.resolved),
              newlyDiffering: format.number(changes.newlyDiffering),
              stillOpen: format.number(changes.stillOpen),
              gone: format.number(changes.gone),
            })}
      </Text>
      {summary.setAside?.map((note) => (
        <Text size="sm" key={note.file} data-testid="reconcile-set-aside">
          {sayText(t, format.locale, note)}
        </Text>
      ))}
      <Group align="flex-start" gap="xl" wrap="wrap" data-testid="reconcile-charts">
        <Box role="img" aria-label={t('chart.countsLabel')} w={420} data-testid="reconcile-chart-counts">
          <Text size="sm" fw={700} aria-hidden>
            {t('chart.counts')}
          </Text>
          <BarChart
            h={CHART_HEIGHT}
            data={countData}
            dataKey="class"
            orientation="vertical"
            series={[{ name: 'count', label: t('chart.rows'), color: 'blue.6' }]}
            valueFormatter={(value) => format.number(value)}
            // Rows are whole: no 0.25 row on the axis.
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={CLASS_AXIS}
          />
        </Box>
        {chart.currencies.length > 0 && (
          <Box role="img" aria-label={t('chart.moneyLabel')} w={420} data-testid="reconcile-chart-money">
            <Text size="sm" fw={700} aria-hidden>
              {t('chart.money')}
            </Text>
            <BarChart
              h={CHART_HEIGHT}
              data={chart.data.map((entry) => ({ ...entry, class: t(`class.${entry.class}`) }))}
              dataKey="class"
              orientation="vertical"
              series={chart.currencies.map((currency, index) => ({
                name: currency,
                color:
                  (['orange.6', 'grape.6', 'teal.6', 'red.6', 'indigo.6'] as const)[index % 5] ?? 'gray.6',
              }))}
              valueFormatter={(value) => format.number(value)}
              withLegend
              yAxisProps={CLASS_AXIS}
            />
          </Box>
        )}
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} data-testid="reconcile-totals" captionSide="top">
          <Table.Caption>{t('totals.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totals.class')}</Table.Th>
              <Table.Th scope="col">{t('totals.rows')}</Table.Th>
              <Table.Th scope="col">{t('totals.atStake')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totalsShown(summary.totals).map((total, index) => (
              <Table.Tr
                key={index}
                data-class={total.class}
                data-money-case={total.moneyCase}
                data-currency={total.currency ?? undefined}
                data-count={total.count}
              >
                <Table.Td>
                  {t(`class.${total.class}`)}
                  {total.moneyCase && (
                    <Text size="xs" c="dimmed">
                      {t(`moneyCase.${total.moneyCase}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{format.number(total.count)}</Table.Td>
                <Table.Td>
                  <Money amount={total.atStake} currency={total.currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {summary.unreachable > 0 && (
        <Text size="sm" data-testid="reconcile-unreachable">
          {t('run.unreachable', { count: summary.unreachable })}
        </Text>
      )}
      {badRowCount > 0 && <BadRows badRows={badRows} count={badRowCount} />}
      <Differences runId={summary.runId} />
    </Stack>
  );
}
