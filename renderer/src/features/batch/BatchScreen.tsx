import {
  Alert,
  Box,
  Button,
  Group,
  Input,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BATCH_KINDS,
  BATCH_LIMITS,
  type BatchKind,
  type BatchParseResult,
  type BatchSummary,
} from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilePicker } from '../../components/FilePicker';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { BatchResults } from './BatchResults';
import { fileTooLong, progressPercent, selectedBatch, wholeInRange } from './batch-view';
import { readFileText } from './read-file';
import {
  useBatchControl,
  useBatchList,
  useBatchProgress,
  useDiscardBatch,
  useExportBatch,
  useParseIds,
  useStartBatch,
} from './use-batch';

const STATE_COLORS: Record<BatchSummary['state'], BadgeColor> = {
  running: 'blue',
  done: 'green',
  cancelled: 'orange',
  failed: 'red',
};

/**
 * /batch: many ids of one kind looked up at once. Ids come from pasted text or a CSV file (main
 * parses them: batchParse), the run goes on in main (batchStart; progress arrives as
 * batchProgress events), and the rows are read back page by page into a virtualised table.
 */
export default function BatchScreen() {
  const { t } = useTranslation('batch');
  useBatchProgress();
  const list = useBatchList();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedBatch(list.data ?? [], selectedId);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <IdsForm onStarted={(summary) => setSelectedId(summary.batchId)} />
      {selected && <BatchPanel key={selected.batchId} summary={selected} />}
      <Section title={t('recent.title')} testId="batch-recent">
        <QueryState
          query={list}
          label={t('recent.loading')}
          skeleton={<SkeletonLines lines={3} />}
          isEmpty={(batches) => batches.length === 0}
          empty={<Text size="sm">{t('recent.empty')}</Text>}
        >
          {(batches) => (
            <RecentBatches
              batches={batches}
              selectedId={selected?.batchId ?? null}
              onSelect={setSelectedId}
            />
          )}
        </QueryState>
      </Section>
    </Stack>
  );
}

function IdsForm({ onStarted }: { onStarted: (summary: BatchSummary) => void }) {
  const { t } = useTranslation('batch');
  const [kind, setKind] = useState<BatchKind>('deposits');
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [concurrency, setConcurrency] = useState<number | string>(BATCH_LIMITS.concurrency.default);
  const [rate, setRate] = useState<number | string>(BATCH_LIMITS.ratePerSecond.default);
  const parse = useParseIds();
  const start = useStartBatch(onStarted);
  const parsed = parse.data?.kind === kind ? parse.data : null;

  const readFile = async (file: File) => {
    setFileName(file.name);
    setFileProblem(null);
    parse.reset();
    if (fileTooLong(file.size)) {
      setFileProblem(t('input.fileTooLong', { name: file.name }));
      return;
    }
    try {
      const content = await readFileText(file);
      setText(content);
      parse.mutate({ kind, text: content });
    } catch {
      setFileProblem(t('input.fileUnreadable', { name: file.name }));
    }
  };

  return (
    <Section title={t('input.title')} testId="batch-input">
      <Stack gap="sm">
        <Input.Wrapper label={t('input.kind')} labelElement="div" id="batch-kind">
          {/* Its own line: the label is inline and the control inline-flex. */}
          <div>
            <SegmentedControl
              value={kind}
              onChange={(value) => {
                setKind(value as BatchKind);
                parse.reset();
              }}
              data={BATCH_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
              aria-labelledby="batch-kind-label"
              data-testid="batch-kind"
              style={{ maxWidth: 480 }}
            />
          </div>
        </Input.Wrapper>
        <Text size="sm" data-testid="batch-syntax">
          {t(`syntax.${kind}`)}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            parse.mutate({ kind, text });
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('input.paste')}
              description={t('input.pasteHint')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                parse.reset();
              }}
              autosize
              minRows={4}
              maxRows={12}
              spellCheck={false}
              data-testid="batch-text"
            />
            <FilePicker
              id="batch-file"
              label={t('input.file')}
              description={t('input.fileHint')}
              error={fileProblem}
              accept=".csv,.txt,text/csv,text/plain"
              fileName={fileName}
              onFile={(file) => void readFile(file)}
              testId="batch-file"
            />
            <Group>
              <Button
                type="submit"
                variant="default"
                disabled={text.trim() === ''}
                loading={parse.isPending}
                data-testid="batch-parse"
              >
                {t('input.read')}
              </Button>
            </Group>
          </Stack>
        </form>
        {parse.error && <ErrorNotice error={parse.error} />}
        {parsed && <ParseSummary parsed={parsed} />}
        {parsed && parsed.ids.length > 0 && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate({
                kind,
                ids: parsed.ids,
                concurrency: wholeInRange(
                  concurrency,
                  BATCH_LIMITS.concurrency.min,
                  BATCH_LIMITS.concurrency.max,
                  BATCH_LIMITS.concurrency.default,
                ),
                ratePerSecond: wholeInRange(
                  rate,
                  BATCH_LIMITS.ratePerSecond.min,
                  BATCH_LIMITS.ratePerSecond.max,
                  BATCH_LIMITS.ratePerSecond.default,
                ),
              });
            }}
          >
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={t('start.concurrency')}
                description={t('start.concurrencyHint', {
                  min: BATCH_LIMITS.concurrency.min,
                  max: BATCH_LIMITS.concurrency.max,
                })}
                value={concurrency}
                onChange={setConcurrency}
                min={BATCH_LIMITS.concurrency.min}
                max={BATCH_LIMITS.concurrency.max}
                allowDecimal={false}
                allowNegative={false}
                w={200}
                data-testid="batch-concurrency"
              />
              <NumberInput
                label={t('start.rate')}
                description={t('start.rateHint', {
                  min: BATCH_LIMITS.ratePerSecond.min,
                  max: BATCH_LIMITS.ratePerSecond.max,
                })}
                value={rate}
                onChange={setRate}
                min={BATCH_LIMITS.ratePerSecond.min}
                max={BATCH_LIMITS.ratePerSecond.max}
                allowDecimal={false}
                allowNegative={false}
                w={200}
                data-testid="batch-rate"
              />
              <Button type="submit" loading={start.isPending} data-testid="batch-start">
                {t('start.submit', { count: parsed.ids.length })}
              </Button>
            </Group>
          </form>
        )}
        {start.error && <ErrorNotice error={start.error} />}
      </Stack>
    </Section>
  );
}

/** What main made of the input: ids kept, duplicates dropped, every token that is not an id. */
function ParseSummary({ parsed }: { parsed: BatchParseResult }) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  return (
    <Stack gap="xs" data-testid="batch-parsed">
      <Text size="sm" fw={700} data-testid="batch-parsed-count" data-count={parsed.ids.length}>
        {t('parsed.ids', { count: parsed.ids.length, formatted: format.number(parsed.ids.length) })}
      </Text>
      {parsed.header && (
        <Text size="sm" data-testid="batch-parsed-header">
          {parsed.idColumns
            ? t('parsed.headerColumns', {
                header: parsed.header.join(', '),
                columns: parsed.idColumns.join(', '),
              })
            : t('parsed.header', { header: parsed.header.join(', ') })}
        </Text>
      )}
      <Text size="sm" data-testid="batch-parsed-duplicates" data-count={parsed.duplicateCount}>
        {parsed.duplicateCount === 0
          ? t('parsed.noDuplicates')
          : t('parsed.duplicates', { count: parsed.duplicateCount })}
      </Text>
      {parsed.duplicates.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="batch-duplicate-list">
          {parsed.duplicates
            .map((duplicate) =>
              t('parsed.duplicateItem', { id: duplicate.id, occurrences: duplicate.occurrences }),
            )
            .join(' · ')}
        </Text>
      )}
      {parsed.invalidCount === 0 ? (
        <Text size="sm" data-testid="batch-invalid-count" data-count={0}>
          {t('parsed.noInvalid')}
        </Text>
      ) : (
        <Alert color="orange" variant="light" title={t('parsed.invalid', { count: parsed.invalidCount })}>
          <Stack gap="xs">
            <Text size="sm" data-testid="batch-invalid-count" data-count={parsed.invalidCount}>
              {parsed.invalid.length < parsed.invalidCount
                ? t('parsed.invalidFirst', { count: parsed.invalid.length })
                : t('parsed.invalidAll')}
            </Text>
            <Box
              mah={240}
              style={{ overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={t('parsed.invalidTable')}
            >
              <Table verticalSpacing={4} data-testid="batch-invalid">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('parsed.column.row')}</Table.Th>
                    <Table.Th scope="col">{t('parsed.column.token')}</Table.Th>
                    <Table.Th scope="col">{t('parsed.column.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.invalid.map((token, index) => (
                    <Table.Tr key={index} data-token={token.token}>
                      <Table.Td>{token.row}</Table.Td>
                      <Table.Td ff="monospace">{token.token}</Table.Td>
                      <Table.Td>
                        {sayText(t, format.locale, { message: token.reason, text: token.text })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The batch being looked at: progress, what to do with it, its rows. */
function BatchPanel({ summary }: { summary: BatchSummary }) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  const cancel = useBatchControl('cancel');
  const resume = useBatchControl('resume');
  const exportCsv = useExportBatch();
  const percent = progressPercent(summary);
  const running = summary.state === 'running';

  return (
    <Section title={t('current.title', { kind: t(`kind.${summary.kind}`) })} testId="batch-current">
      <Stack gap="sm" data-testid="batch-current" data-batch-id={summary.batchId} data-state={summary.state}>
        <Group gap="sm">
          <SolidBadge
            color={STATE_COLORS[summary.state]}
            data-testid="batch-state"
            data-state={summary.state}
          >
            {t(`state.${summary.state}`)}
          </SolidBadge>
          <Text size="sm">{t('current.startedAt', { time: format.dateTime(summary.startedAt) })}</Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          animated={running}
          striped={running}
          aria-label={t('progress.label', { percent })}
          data-testid="batch-progress"
        />
        <Text size="sm" data-testid="batch-progress-text" data-done={summary.done} data-total={summary.total}>
          {t('progress.text', {
            done: format.number(summary.done),
            total: format.number(summary.total),
            failed: format.number(summary.failed),
            rate: format.number(summary.ratePerSecond),
          })}
        </Text>
        <Text size="sm" data-testid="batch-compared">
          {summary.previousRunAt
            ? t('current.comparedWith', {
                time: format.dateTime(summary.previousRunAt),
                changed: format.number(summary.changed),
                new: format.number(summary.new),
              })
            : t('current.firstRun')}
        </Text>
        {summary.previousRunSetAside && (
          <Text size="sm" data-testid="batch-previous-set-aside">
            {sayText(t, format.locale, summary.previousRunSetAside)}
          </Text>
        )}
        {summary.state === 'cancelled' && summary.cancelReason && (
          <Text size="sm" data-testid="batch-cancel-reason">
            {t(`current.cancelled.${summary.cancelReason}`)}
          </Text>
        )}
        {summary.state === 'failed' && summary.error && <ErrorNotice error={summary.error} />}
        <Group gap="sm">
          {running && (
            <Button
              variant="default"
              onClick={() => cancel.mutate(summary.batchId)}
              loading={cancel.isPending}
              data-testid="batch-cancel"
            >
              {t('action.cancel')}
            </Button>
          )}
          {!running && summary.resumable && (
            <Button
              variant="default"
              onClick={() => resume.mutate(summary.batchId)}
              loading={resume.isPending}
              data-testid="batch-resume"
            >
              {t('action.resume')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => exportCsv.mutate(summary.batchId)}
            loading={exportCsv.isPending}
            data-testid="batch-export"
          >
            {t('action.export')}
          </Button>
        </Group>
        {cancel.error && <ErrorNotice error={cancel.error} />}
        {resume.error && <ErrorNotice error={resume.error} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        <BatchResults summary={summary} />
      </Stack>
    </Section>
  );
}

function RecentBatches({
  batches,
  selectedId,
  onSelect,
}: {
  batches: readonly BatchSummary[];
  selectedId: string | null;
  onSelect: (batchId: string | null) => void;
}) {
  const { t } = useTranslation('batch');
  const format = useFormat();
  const { list } = useEnvironments();
  const discard = useDiscardBatch((batchId) => {
    if (batchId === selectedId) onSelect(null);
  });
  const environmentName = (environmentId: string) =>
    list?.environments.find((profile) => profile.id === environmentId)?.name ?? environmentId;

  return (
    <Stack gap="xs">
      {discard.error && <ErrorNotice error={discard.error} />}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" data-testid="batch-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('recent.column.kind')}</Table.Th>
              <Table.Th scope="col">{t('recent.column.environment')}</Table.Th>
              <Table.Th scope="col">{t('recent.column.state')}</Table.Th>
              <Table.Th scope="col">{t('recent.column.progress')}</Table.Th>
              <Table.Th scope="col">{t('recent.column.startedAt')}</Table.Th>
              <Table.Th scope="col">{t('recent.column.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.map((batch) => {
              const label = t('recent.batchLabel', {
                kind: t(`kind.${batch.kind}`),
                time: format.dateTime(batch.startedAt),
              });
              return (
                <Table.Tr
                  key={batch.batchId}
                  data-batch-id={batch.batchId}
                  data-state={batch.state}
                  aria-current={batch.batchId === selectedId ? 'true' : undefined}
                  fw={batch.batchId === selectedId ? 700 : undefined}
                >
                  <Table.Td>{t(`kind.${batch.kind}`)}</Table.Td>
                  <Table.Td>{environmentName(batch.environmentId)}</Table.Td>
                  <Table.Td>{t(`state.${batch.state}`)}</Table.Td>
                  <Table.Td>
                    {t('recent.progress', {
                      done: format.number(batch.done),
                      total: format.number(batch.total),
                      failed: format.number(batch.failed),
                    })}
                  </Table.Td>
                  <Table.Td>{format.dateTime(batch.startedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onSelect(batch.batchId)}
                        disabled={batch.batchId === selectedId}
                        aria-label={t('recent.showLabel', { batch: label })}
                        data-testid="batch-show"
                      >
                        {t('recent.show')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => discard.mutate(batch.batchId)}
                        loading={discard.isPending && discard.variables === batch.batchId}
                        aria-label={t('recent.discardLabel', { batch: label })}
                        data-testid="batch-discard"
                      >
                        {t('recent.discard')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
