import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_STATES,
  type AuditAction,
  type AuditEntryView,
  type AuditFilter,
  type AuditState,
  type AuditVerifyReport,
} from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { AuditStateBadge } from './AuditStateBadge';
import {
  auditFilterOf,
  auditIdPairs,
  EMPTY_AUDIT_FILTER_FORM,
  environmentChoices,
  type AuditFilterForm,
} from './audit-view';
import { useAuditEntries, useAuditExport, useAuditVerify } from './use-audit';

/** Lines shown at first (newest first); "Show more" adds as many again. */
const SHOWN_STEP = 200;

/**
 * /audit: the local journal of every mutating call (intent before, outcome after, resolutions),
 * filtered by environment, action, days and state; the chain verified on demand; CSV export of
 * what the filter selects.
 */
export default function AuditScreen() {
  const { t } = useTranslation('audit');
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTER_FORM);
  // The last valid filter stays applied while a date is wrong or half typed.
  const [applied, setApplied] = useState<AuditFilter>({});
  const checked = auditFilterOf(form);
  const change = (next: AuditFilterForm) => {
    setForm(next);
    const nextChecked = auditFilterOf(next);
    if (nextChecked.ok) setApplied(nextChecked.filter);
  };

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      <FilterForm form={form} onChange={change} problem={checked.ok ? null : checked} />
      <ChainAndExport filter={applied} />
      <EntriesTable filter={applied} />
    </Stack>
  );
}

function FilterForm({
  form,
  onChange,
  problem,
}: {
  form: AuditFilterForm;
  onChange: (form: AuditFilterForm) => void;
  problem: { field: 'fromDay' | 'toDay'; problem: 'day_invalid' | 'range_reversed' } | null;
}) {
  const { t } = useTranslation('audit');
  const { list } = useEnvironments();
  // The unfiltered journal (the screen's first query, so usually cached) names removed ones too.
  const journal = useAuditEntries({});
  const environments = environmentChoices(list?.environments ?? [], journal.data ?? []);
  const problemText = problem ? t(`filter.problem.${problem.problem}`) : undefined;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('filter.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <NativeSelect
          label={t('filter.environment')}
          value={form.environmentId ?? ''}
          onChange={(event) => onChange({ ...form, environmentId: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('filter.all') },
            ...environments.map((environment) => ({
              value: environment.id,
              label: environment.removed
                ? t('filter.removedEnvironment', { name: environment.name })
                : environment.name,
            })),
          ]}
          data-testid="audit-filter-environment"
        />
        <NativeSelect
          label={t('filter.action')}
          value={form.action ?? ''}
          onChange={(event) =>
            onChange({ ...form, action: (event.currentTarget.value || null) as AuditAction | null })
          }
          data={[
            { value: '', label: t('filter.all') },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`action.${action}`) })),
          ]}
          data-testid="audit-filter-action"
        />
        <TextInput
          type="date"
          label={t('filter.from')}
          value={form.fromDay}
          onChange={(event) => onChange({ ...form, fromDay: event.currentTarget.value })}
          error={problem?.field === 'fromDay' ? problemText : undefined}
          data-testid="audit-filter-from"
        />
        <TextInput
          type="date"
          label={t('filter.to')}
          value={form.toDay}
          onChange={(event) => onChange({ ...form, toDay: event.currentTarget.value })}
          error={problem?.field === 'toDay' ? problemText : undefined}
          data-testid="audit-filter-to"
        />
        <NativeSelect
          label={t('filter.state')}
          value={form.state ?? ''}
          onChange={(event) =>
            onChange({ ...form, state: (event.currentTarget.value || null) as AuditState | null })
          }
          data={[
            { value: '', label: t('filter.all') },
            ...AUDIT_STATES.map((state) => ({ value: state, label: t(`state.${state}`) })),
          ]}
          data-testid="audit-filter-state"
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button variant="default" onClick={() => onChange(EMPTY_AUDIT_FILTER_FORM)}>
          {t('filter.clear')}
        </Button>
      </Group>
    </Paper>
  );
}

function ChainAndExport({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const verify = useAuditVerify();
  const exportCsv = useAuditExport();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group>
          <Button
            onClick={() => verify.mutate(undefined)}
            loading={verify.isPending}
            data-testid="audit-verify"
          >
            {t('verify.button')}
          </Button>
          <Button
            variant="default"
            onClick={() => exportCsv.mutate(filter)}
            loading={exportCsv.isPending}
            data-testid="audit-export"
          >
            {t('export.button')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('export.hint')}
          </Text>
        </Group>
        {verify.error && <ErrorNotice error={verify.error} />}
        {verify.data && <VerifyReport report={verify.data} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        {exportCsv.data && (
          <Text size="sm" role="status" data-testid="audit-exported">
            {t('export.done', { fileName: exportCsv.data.fileName })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const ACKNOWLEDGE_COMMAND = 'paydesk audit acknowledge-truncation --reason "…"';

function VerifyReport({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const head = report.headHash ? (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" span>
        {t('verify.headHash')}:
      </Text>
      <Code data-testid="audit-head-hash" style={{ overflowWrap: 'anywhere' }}>
        {report.headHash}
      </Code>
      <CopyButton value={report.headHash} label={t('verify.headHashCopy')} />
    </Group>
  ) : (
    <Text size="sm">{t('verify.noHead')}</Text>
  );
  const anchorState = report.anchor?.state;
  if (report.ok) {
    return (
      <Alert
        color="green"
        title={t('verify.okTitle')}
        data-testid="audit-verify-report"
        data-ok="true"
        data-anchor-state={anchorState}
        role="status"
      >
        <Stack gap="xs">
          <Text size="sm">{t('verify.okBody', { count: report.entries })}</Text>
          {head}
          <Text size="xs">{t('verify.headAdvice')}</Text>
          <AnchorNotes report={report} />
          <RepairsAndGaps report={report} />
        </Stack>
      </Alert>
    );
  }
  const problem = report.firstProblem;
  const title = problem
    ? t('verify.brokenTitle')
    : anchorState === 'entries_missing'
      ? t('verify.cutTitle')
      : anchorState === 'mismatch'
        ? t('verify.mismatchTitle')
        : t('verify.unreadableTitle');
  return (
    <Alert
      color="red"
      title={title}
      data-testid="audit-verify-report"
      data-ok="false"
      data-anchor-state={anchorState}
      role="alert"
    >
      <Stack gap="xs">
        {problem && (
          <Text size="sm" data-problem-kind={problem.kind} data-problem-line={problem.line}>
            {t('verify.brokenAt', { line: problem.line, kind: t(`verify.kind.${problem.kind}`) })}{' '}
            {problem.message}
          </Text>
        )}
        <AnchorProblem report={report} />
        {problem && <Text size="sm">{t('verify.brokenEntries', { count: report.entries })}</Text>}
        {head}
        {report.writesRefused && (
          <Stack gap={4} data-testid="audit-verify-refused">
            <Text size="sm" fw={600}>
              {t('verify.refused')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }}>{ACKNOWLEDGE_COMMAND}</Code>
              <CopyButton value={ACKNOWLEDGE_COMMAND} label={t('verify.refusedCommandCopy')} />
            </Group>
          </Stack>
        )}
        <AnchorNotes report={report} />
        <RepairsAndGaps report={report} />
      </Stack>
    </Alert>
  );
}

/** What the anchor kept beside the journal says is wrong with the file's end. */
function AnchorProblem({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const anchor = report.anchor;
  if (!anchor) return null;
  const anchorSeq = anchor.head?.seq ?? 0;
  const text =
    anchor.state === 'entries_missing'
      ? t('verify.anchor.entries_missing', {
          count: anchor.count ?? 0,
          anchorSeq,
          fileSeq: anchorSeq - (anchor.count ?? 0),
        })
      : anchor.state === 'mismatch'
        ? t('verify.anchor.mismatch', { anchorSeq })
        : anchor.state === 'unreadable'
          ? t('verify.anchor.unreadable')
          : null;
  return text ? (
    <Text
      size="sm"
      data-testid="audit-verify-anchor"
      data-anchor-state={anchor.state}
      data-count={anchor.count}
    >
      {text}
    </Text>
  ) : null;
}

/** Since when the end is watched (a journal older than anchors), and an anchor that is catching up. */
function AnchorNotes({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const anchor = report.anchor;
  if (!anchor) return null;
  return (
    <>
      {anchor.since && anchor.since.seq > 0 && (
        <Text size="xs" data-testid="audit-verify-anchor-since">
          {t('verify.anchorSince', { time: format.dateTime(anchor.since.time), count: anchor.since.seq })}
        </Text>
      )}
      {anchor.state === 'behind' && (
        <Text size="xs">{t('verify.anchorBehind', { count: anchor.count ?? 0 })}</Text>
      )}
    </>
  );
}

/** Every repair and acknowledged gap the journal holds: neither is ever silent. */
function RepairsAndGaps({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const repairs = report.repairs ?? [];
  const gaps = report.gaps ?? [];
  return (
    <>
      {repairs.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.repairsTitle')}
          </Text>
          {repairs.map((repair) => (
            <Text
              size="sm"
              key={repair.seq}
              data-testid="audit-verify-repair"
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('verify.repair', {
                seq: repair.seq,
                time: format.dateTime(repair.time),
                bytes: repair.bytes,
                sidecar: repair.sidecar,
              })}
            </Text>
          ))}
        </Stack>
      )}
      {gaps.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.gapsTitle')}
          </Text>
          {gaps.map((gap) => {
            const values = {
              seq: gap.seq,
              time: format.dateTime(gap.time),
              user: gap.osUser ?? t('verify.unknownUser'),
              reason: gap.reason,
            };
            return (
              <Text
                size="sm"
                key={gap.seq}
                data-testid="audit-verify-gap"
                style={{ overflowWrap: 'anywhere' }}
              >
                {gap.problem === 'entries_missing'
                  ? t('verify.gap.entries_missing', { ...values, count: gap.missingEntries ?? 0 })
                  : t(`verify.gap.${gap.problem}`, values)}
              </Text>
            );
          })}
        </Stack>
      )}
    </>
  );
}

function EntriesTable({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const query = useAuditEntries(filter);
  const [shown, setShown] = useState(SHOWN_STEP);
  return (
    <QueryState
      query={query}
      label={t('entries.loading')}
      isEmpty={(entries) => entries.length === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="audit-empty">
          {Object.keys(filter).length === 0 ? t('entries.emptyJournal') : t('entries.emptyFilter')}
        </Text>
      }
    >
      {(entries) => (
        <Stack gap="xs">
          <NewestFirst entries={entries} shown={shown} />
          {entries.length > shown && (
            <Group>
              <Button variant="default" onClick={() => setShown(shown + SHOWN_STEP)}>
                {t('entries.showMore', { count: Math.min(SHOWN_STEP, entries.length - shown) })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function NewestFirst({ entries, shown }: { entries: AuditEntryView[]; shown: number }) {
  const { t } = useTranslation('audit');
  const rows = useMemo(() => entries.slice(-shown).reverse(), [entries, shown]);
  return (
    // Native scrolling on a focusable, labelled region: the wide table scrolls by keyboard too.
    <Table.ScrollContainer
      minWidth={1300}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('entries.regionLabel')}
    >
      <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="audit-table">
        <Table.Caption style={{ textAlign: 'left' }}>
          {t('entries.caption', { shown: rows.length, count: entries.length })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('column.time')}</Table.Th>
            <Table.Th scope="col">{t('column.environment')}</Table.Th>
            <Table.Th scope="col">{t('column.user')}</Table.Th>
            <Table.Th scope="col">{t('column.action')}</Table.Th>
            <Table.Th scope="col">{t('column.type')}</Table.Th>
            <Table.Th scope="col">{t('column.ids')}</Table.Th>
            <Table.Th scope="col">{t('column.key')}</Table.Th>
            <Table.Th scope="col">{t('column.reason')}</Table.Th>
            <Table.Th scope="col">{t('column.outcome')}</Table.Th>
            <Table.Th scope="col">{t('column.state')}</Table.Th>
            <Table.Th scope="col">{t('column.error')}</Table.Th>
            <Table.Th scope="col">{t('column.serviceCode')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <EntryRow key={entry.seq} entry={entry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryRow({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('audit');
  // The kinds' names are the shell's (the environment switcher's words).
  const { t: shellText } = useTranslation('shell');
  const format = useFormat();
  const ids = auditIdPairs(entry.ids);
  return (
    <Table.Tr
      data-testid="audit-row"
      data-seq={entry.seq}
      data-type={entry.type}
      data-action={entry.action}
      data-state={entry.state}
      data-intent-id={entry.intentId}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.time)}</Table.Td>
      <Table.Td>
        {entry.environment ? (
          <>
            {entry.environment.name}{' '}
            <Text span size="xs" c="dimmed">
              ({shellText(`kind.${entry.environment.kind}`)})
            </Text>
          </>
        ) : (
          <Value value={null} />
        )}
      </Table.Td>
      <Table.Td>
        <Value value={entry.osUser} />
      </Table.Td>
      <Table.Td data-field="action">
        {entry.action ? t(`action.${entry.action}`) : <Value value={null} />}
      </Table.Td>
      <Table.Td data-field="type">{t(`type.${entry.type}`)}</Table.Td>
      <Table.Td data-field="ids">
        {ids.length === 0 ? (
          <Value value={null} />
        ) : (
          ids.map(([field, text]) => (
            <Text key={field} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t(`ids.${field}`)}:{' '}
              <Text span ff="monospace" size="sm">
                {text}
              </Text>
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td data-field="idempotencyKey">
        {entry.idempotencyKey ? (
          <Text span ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
            {entry.idempotencyKey}
          </Text>
        ) : (
          <Value value={null} />
        )}
      </Table.Td>
      <Table.Td data-field="reason" style={{ overflowWrap: 'anywhere' }}>
        <Value value={entry.reason ?? entry.note} />
      </Table.Td>
      <Table.Td data-field="outcome">
        <Outcome entry={entry} />
      </Table.Td>
      <Table.Td data-field="state">
        {entry.state ? <AuditStateBadge state={entry.state} /> : <Value value={null} />}
      </Table.Td>
      <Table.Td data-field="errorKind">
        {entry.errorKind ? (
          <Text span ff="monospace" size="sm">
            {entry.errorKind}
          </Text>
        ) : (
          <Value value={null} />
        )}
      </Table.Td>
      <Table.Td data-field="serviceCode" style={{ whiteSpace: 'nowrap' }}>
        {entry.serviceCode === undefined && entry.httpStatus === undefined ? (
          <Value value={null} />
        ) : (
          <>
            {entry.serviceCode !== undefined && String(entry.serviceCode)}
            {entry.httpStatus !== undefined && (
              <Text span size="xs" c="dimmed">
                {' '}
                {t('entries.http', { status: entry.httpStatus })}
              </Text>
            )}
          </>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** What an outcome or resolution line says (an intent says nothing yet). */
function Outcome({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('audit');
  if (!entry.result) return <Value value={null} />;
  return (
    <>
      {t(`result.${entry.result}`)}
      {entry.status && (
        <Text span size="xs">
          {' '}
          ({entry.status})
        </Text>
      )}
      {entry.resolutionMethod && (
        <Text size="xs" c="dimmed">
          {t(`method.${entry.resolutionMethod}`)}
        </Text>
      )}
    </>
  );
}
