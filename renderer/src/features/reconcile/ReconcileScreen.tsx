import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Box,
  Button,
  Group,
  Input,
  NativeSelect,
  Pagination,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  RECONCILE_LIMITS,
  RECONCILE_ROW_FILTERS,
  type BatchKind,
  type LedgerBadRow,
  type LedgerColumnChoice,
  type ReconcileLedgerView,
  type ReconcileProgress,
  type ReconcileRowFilter,
  type ReconcileSummary,
} from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilePicker } from '../../components/FilePicker';
import { useFormat } from '../../components/format-context';
import { Money } from '../../components/Money';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { useSessionState } from '../../components/session-state';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { sayText } from '../../lib/validation-text';
import {
  CHART_CLASSES,
  choicesOf,
  chooseColumn,
  isRunning,
  ledgerTooLarge,
  progressPercent,
  RECONCILE_PAGE_SIZE,
  stakeChart,
  totalsShown,
} from './reconcile-view';
import {
  useExportRun,
  usePrepareLedger,
  useReadLedger,
  useReconcileList,
  useReconcileProgress,
  useReconcileRows,
  useReconcileRun,
  useRunControl,
  useStartRun,
} from './use-reconcile';

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

/**
 * /reconcile: the merchant's ledger against the service (issue 31). The ledger is read in main
 * (reconcileRead) and its mapping, kind and bad rows shown before anything is looked up; the run
 * goes on in main (reconcileStart, reconcileProgress events); its result is a picture first
 * (counts and money per class and currency), then the differences, page by page.
 */
export default function ReconcileScreen() {
  const { t } = useTranslation('reconcile');
  const progress = useReconcileProgress();
  const list = useReconcileList();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <LedgerForm onStarted={setSelectedId} />
      {selectedId && <RunPanel key={selectedId} runId={selectedId} progress={progress[selectedId]} />}
      <Section title={t('runs.title')} testId="reconcile-runs">
        <QueryState
          query={list}
          label={t('runs.loading')}
          skeleton={<SkeletonLines lines={3} />}
          isEmpty={(runs) => runs.length === 0}
          empty={<Text size="sm">{t('runs.empty')}</Text>}
        >
          {(runs) => <RunList runs={runs} selectedId={selectedId} onSelect={setSelectedId} />}
        </QueryState>
      </Section>
    </Stack>
  );
}

function LedgerForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const { t } = useTranslation('reconcile');
  const read = useReadLedger();
  const prepare = usePrepareLedger();
  const start = useStartRun(onStarted);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, LedgerColumnChoice> | null>(null);
  const [kind, setKind] = useState<BatchKind | null>(null);
  const [dragging, setDragging] = useState(false);
  // The last answer about the ledger: the read, or a prepare after a change of mapping or kind.
  const ledger: ReconcileLedgerView | undefined = prepare.data ?? read.data;

  const openFile = (file: File) => {
    setFileName(file.name);
    setFileProblem(null);
    prepare.reset();
    start.reset();
    if (ledgerTooLarge(file.size)) {
      setFileProblem(
        t('ledger.tooLarge', { name: file.name, mb: RECONCILE_LIMITS.maxLedgerBytes / 1048576 }),
      );
      read.reset();
      return;
    }
    read.mutate(file, {
      onSuccess: (view) => {
        setChoices(choicesOf(view.header, view.mapping));
        setKind(view.kind);
      },
    });
  };
  const change = (nextChoices: Record<string, LedgerColumnChoice>, nextKind: BatchKind) => {
    if (!read.data) return;
    setChoices(nextChoices);
    setKind(nextKind);
    start.reset();
    prepare.mutate({ ledgerRef: read.data.ledgerRef, kind: nextKind, map: nextChoices });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) openFile(file);
  };

  return (
    <Section title={t('ledger.title')} testId="reconcile-ledger">
      <Stack gap="sm">
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="md"
          data-testid="reconcile-drop"
          data-dragging={dragging || undefined}
          style={{
            border: `2px dashed ${dragging ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-5)'}`,
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <FilePicker
            id="reconcile-file"
            label={t('ledger.file')}
            description={t('ledger.fileHint', { mb: RECONCILE_LIMITS.maxLedgerBytes / 1048576 })}
            error={fileProblem}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            fileName={fileName}
            onFile={openFile}
            testId="reconcile-file"
          />
        </Box>
        {read.isPending && <Text size="sm">{t('ledger.reading')}</Text>}
        {read.error && <ErrorNotice error={read.error} />}
        {read.data && ledger && choices && kind && (
          <LedgerPreview
            ledger={ledger}
            choices={choices}
            kind={kind}
            onChange={change}
            pending={prepare.isPending}
          />
        )}
        {prepare.error && (
          <Alert color="orange" variant="light" role="alert" data-testid="reconcile-mapping-problem">
            {t('mapping.problem')}
            <Text size="sm" c="dimmed">
              {prepare.error.error.message}
            </Text>
          </Alert>
        )}
        {read.data && choices && kind && (
          <Group>
            <Button
              onClick={() => start.mutate({ ledgerRef: read.data.ledgerRef, kind, map: choices })}
              disabled={prepare.isPending || prepare.isError || (ledger?.entries ?? 0) === 0}
              loading={start.isPending}
              data-testid="reconcile-start"
            >
              {t('start.submit', { count: ledger?.entries ?? 0 })}
            </Button>
          </Group>
        )}
        {start.error && <ErrorNotice error={start.error} />}
      </Stack>
    </Section>
  );
}

function LedgerPreview({
  ledger,
  choices,
  kind,
  onChange,
  pending,
}: {
  ledger: ReconcileLedgerView;
  choices: Record<string, LedgerColumnChoice>;
  kind: BatchKind;
  onChange: (choices: Record<string, LedgerColumnChoice>, kind: BatchKind) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  const options = [
    { value: 'ignore', label: t('field.ignore') },
    ...LEDGER_FIELDS.map((field) => ({ value: field, label: t(`field.${field}`) })),
  ];
  return (
    <Stack gap="sm" data-testid="reconcile-preview" aria-busy={pending || undefined}>
      <Text
        size="sm"
        data-testid="reconcile-read-summary"
        data-rows={ledger.rows}
        data-entries={ledger.entries}
      >
        {t('ledger.summary', {
          name: ledger.ledgerName,
          format: ledger.format.toUpperCase(),
          rows: format.number(ledger.rows),
          entries: format.number(ledger.entries),
          separator: ledger.decimalSeparator,
        })}
      </Text>
      <Input.Wrapper label={t('kind.label')} labelElement="div" id="reconcile-kind">
        <div>
          <SegmentedControl
            value={kind}
            onChange={(value) => onChange(choices, value as BatchKind)}
            data={BATCH_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            aria-labelledby="reconcile-kind-label"
            data-testid="reconcile-kind"
            style={{ maxWidth: 480 }}
          />
        </div>
      </Input.Wrapper>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} data-testid="reconcile-mapping" captionSide="top">
          <Table.Caption>{t('mapping.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('mapping.column')}</Table.Th>
              <Table.Th scope="col">{t('mapping.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.header.map((column, index) => (
              <Table.Tr key={`${index}-${column}`} data-column={column}>
                <Table.Td ff="monospace">{column}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t('mapping.selectLabel', { column })}
                    value={choices[column] ?? 'ignore'}
                    data={options}
                    onChange={(event) =>
                      onChange(
                        chooseColumn(choices, column, event.currentTarget.value as LedgerColumnChoice),
                        kind,
                      )
                    }
                    data-testid="reconcile-map-select"
                    w={220}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <BadRows badRows={ledger.badRows} count={ledger.badRowCount} />
    </Stack>
  );
}

function BadRows({ badRows, count }: { badRows: readonly LedgerBadRow[]; count: number }) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  // The cell (its field as the mapping names it, and its text) before why it cannot be read; a row
  // of a run kept before keys existed has only main's English reason, which names the cell itself.
  const reasonOf = (row: LedgerBadRow): string => {
    const said = sayText(t, format.locale, { message: row.reason, text: row.text });
    return row.text && row.field && row.value !== undefined
      ? `${t(`field.${row.field}`)} "${row.value}": ${said}`
      : said;
  };
  if (count === 0) {
    return (
      <Text size="sm" data-testid="reconcile-bad-count" data-count={0}>
        {t('badRows.none')}
      </Text>
    );
  }
  return (
    <Alert color="orange" variant="light" title={t('badRows.title', { count })}>
      <Stack gap="xs">
        <Text size="sm" data-testid="reconcile-bad-count" data-count={count}>
          {badRows.length < count ? t('badRows.first', { count: badRows.length }) : t('badRows.all')}
        </Text>
        <Box
          mah={240}
          style={{ overflow: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('badRows.table')}
        >
          <Table verticalSpacing={4} data-testid="reconcile-bad-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('badRows.line')}</Table.Th>
                <Table.Th scope="col">{t('badRows.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {badRows.map((row) => (
                <Table.Tr key={row.line} data-line={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{reasonOf(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Alert>
  );
}

/** The run being looked at: progress while it goes, then the picture and the differences. */
function RunPanel({ runId, progress }: { runId: string; progress: ReconcileProgress | undefined }) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  const running = isRunning(progress);
  const run = useReconcileRun(runId, !running);
  const cancel = useRunControl('cancel');
  const resume = useRunControl('resume');
  const exportCsv = useExportRun();
  const view = run.data;
  const summary = view?.summary;

  return (
    <Section title={t('run.title')} testId="reconcile-run">
      <Stack
        gap="sm"
        data-testid="reconcile-run"
        data-run-id={runId}
        data-state={running ? 'running' : summary?.state}
      >
        {progress && (running || !summary) && (
          <Stack gap={4}>
            <Progress
              value={progressPercent(progress)}
              size="lg"
              animated={running}
              striped={running}
              aria-label={t('progress.label', { percent: progressPercent(progress) })}
              data-testid="reconcile-progress"
            />
            <Text
              size="sm"
              data-testid="reconcile-progress-text"
              data-done={progress.done}
              data-total={progress.total}
            >
              {t('progress.withPhase', { phase: t(`phase.${progress.phase}`) })}
              {t('progress.text', {
                done: format.number(progress.done),
                total: format.number(progress.total),
                failed: format.number(progress.failed),
                rate: format.number(progress.ratePerSecond),
              })}
            </Text>
          </Stack>
        )}
        <Group gap="sm">
          {running && (
            <Button
              variant="default"
              onClick={() => cancel.mutate(runId)}
              loading={cancel.isPending}
              data-testid="reconcile-cancel"
            >
              {t('action.cancel')}
            </Button>
          )}
          {!running && summary && (summary.state === 'cancelled' || summary.state === 'failed') && (
            <Button
              variant="default"
              onClick={() => resume.mutate(runId)}
              loading={resume.isPending}
              data-testid="reconcile-resume"
            >
              {t('action.resume')}
            </Button>
          )}
          {!running && summary && (
            <>
              <Button
                variant="default"
                onClick={() => exportCsv.mutate({ runId, which: 'differences' })}
                loading={exportCsv.isPending && exportCsv.variables.which === 'differences'}
                data-testid="reconcile-export-differences"
              >
                {t('action.exportDifferences')}
              </Button>
              <Button
                variant="default"
                onClick={() => exportCsv.mutate({ runId, which: 'all' })}
                loading={exportCsv.isPending && exportCsv.variables.which === 'all'}
                data-testid="reconcile-export-all"
              >
                {t('action.exportAll')}
              </Button>
            </>
          )}
        </Group>
        {cancel.error && <ErrorNotice error={cancel.error} />}
        {resume.error && <ErrorNotice error={resume.error} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        {!running && run.error && <ErrorNotice error={run.error} />}
        {!running && summary && (
          <RunResult summary={summary} badRows={view?.badRows ?? []} badRowCount={view?.badRowCount ?? 0} />
        )}
      </Stack>
    </Section>
  );
}

function RunResult({
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

/** The run's rows under a class filter, a page at a time (read from main, never all at once). */
function Differences({ runId }: { runId: string }) {
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

function RunList({
  runs,
  selectedId,
  onSelect,
}: {
  runs: readonly ReconcileSummary[];
  selectedId: string | null;
  onSelect: (runId: string) => void;
}) {
  const { t } = useTranslation('reconcile');
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" data-testid="reconcile-run-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('runs.ledger')}</Table.Th>
            <Table.Th scope="col">{t('runs.kind')}</Table.Th>
            <Table.Th scope="col">{t('runs.state')}</Table.Th>
            <Table.Th scope="col">{t('runs.differences')}</Table.Th>
            <Table.Th scope="col">{t('runs.startedAt')}</Table.Th>
            <Table.Th scope="col">{t('runs.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const differing = CHART_CLASSES.reduce((sum, name) => sum + run.counts[name], 0);
            return (
              <Table.Tr
                key={run.runId}
                data-run-id={run.runId}
                data-state={run.state}
                aria-current={run.runId === selectedId ? 'true' : undefined}
                fw={run.runId === selectedId ? 700 : undefined}
              >
                <Table.Td>{run.ledgerName}</Table.Td>
                <Table.Td>{t(`kind.${run.kind}`)}</Table.Td>
                <Table.Td>{t(`state.${run.state}`)}</Table.Td>
                <Table.Td>{format.number(differing)}</Table.Td>
                <Table.Td>{format.dateTime(run.startedAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onSelect(run.runId)}
                    disabled={run.runId === selectedId}
                    aria-label={t('runs.openLabel', {
                      name: run.ledgerName,
                      time: format.dateTime(run.startedAt),
                    })}
                    data-testid="reconcile-open"
                  >
                    {t('runs.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
