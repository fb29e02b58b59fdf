import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState, type CSSProperties } from 'react';
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
import { ColumnsMenu, useTableColumns } from '../../components/ColumnsMenu';
import { CopyButton } from '../../components/CopyButton';
import { ClippedValue } from '../../components/ClippedValue';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DayInput } from '../../components/DayInput';
import { QueryState } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { AuditStateBadge } from './AuditStateBadge';
import {
  AUDIT_COLUMNS_SPEC,
  auditFilterOf,
  auditIdPairs,
  EMPTY_AUDIT_FILTER_FORM,
  environmentChoices,
  type AuditColumn,
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
        <DayInput
          label={t('filter.from')}
          value={form.fromDay}
          onChange={(fromDay) => onChange({ ...form, fromDay })}
          error={problem?.field === 'fromDay' ? problemText : undefined}
          data-testid="audit-filter-from"
        />
        <DayInput
          label={t('filter.to')}
          value={form.toDay}
          onChange={(toDay) => onChange({ ...form, toDay })}
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
const REPAIR_COMMAND = 'paydesk audit repair --reason "…"';

function VerifyReport({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const { locale } = useFormat();
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
        : anchorState === 'anchor_missing'
          ? t('verify.anchorMissingTitle')
          : t('verify.unreadableTitle');
  // A damaged line nobody repaired is the repair's to lift; otherwise the anchor's acknowledgement.
  const openDamage = (report.damages ?? []).some((damage) => damage.repairedAt === undefined);
  const command = openDamage ? REPAIR_COMMAND : ACKNOWLEDGE_COMMAND;
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
            {sayText(t, locale, problem)}
          </Text>
        )}
        <AnchorProblem report={report} />
        {problem && <Text size="sm">{t('verify.brokenEntries', { count: report.entries })}</Text>}
        {head}
        {report.writesRefused && (
          <Stack
            gap={4}
            data-testid="audit-verify-refused"
            data-command={openDamage ? 'repair' : 'acknowledge'}
          >
            <Text size="sm" fw={600}>
              {openDamage ? t('verify.damageOpen') : t('verify.refused')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }}>{command}</Code>
              <CopyButton value={command} label={t('verify.refusedCommandCopy')} />
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
          : anchor.state === 'anchor_missing'
            ? t('verify.anchor.anchor_missing')
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

/** Every repair, damaged line and acknowledged gap the journal holds: none is ever silent. */
function RepairsAndGaps({ report }: { report: AuditVerifyReport }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const repairs = report.repairs ?? [];
  const gaps = report.gaps ?? [];
  const damages = report.damages ?? [];
  return (
    <>
      {damages.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('verify.damagedTitle')}
          </Text>
          {damages.map((damage) => (
            <Text
              size="sm"
              key={damage.line}
              data-testid="audit-verify-damage"
              data-repaired={damage.repairedAt !== undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('verify.damaged', { line: damage.line, kind: t(`verify.kind.${damage.kind}`) })}{' '}
              {damage.repairedAt &&
                t('verify.damageRepaired', {
                  seq: damage.repairedAt.seq,
                  time: format.dateTime(damage.repairedAt.time),
                  user: damage.repairedAt.osUser ?? t('verify.unknownUser'),
                  sidecar: damage.repairedAt.sidecar,
                  reason: damage.repairedAt.reason,
                })}
            </Text>
          ))}
        </Stack>
      )}
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

/** Ids longer than this (invoice and external ids) are cut, whole in their tooltip and copy button. */
const LONG_ID = 12;

/** The ids column stays in view when the table scrolls sideways inside its box. */
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  borderRight: '1px solid var(--mantine-color-default-border)',
};

function NewestFirst({ entries, shown }: { entries: AuditEntryView[]; shown: number }) {
  const { t } = useTranslation('audit');
  const rows = useMemo(() => entries.slice(-shown).reverse(), [entries, shown]);
  const columns = useTableColumns('audit', AUDIT_COLUMNS_SPEC);
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <ColumnsMenu
          spec={AUDIT_COLUMNS_SPEC}
          shown={columns.shown}
          onChoose={columns.choose}
          label={(column) => t(`column.${column}`)}
          testId="audit-columns"
        />
      </Group>
      {/* Native scrolling on a focusable, labelled region: a table wider than the window scrolls
          inside it, by keyboard too, never the page. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('entries.regionLabel')}
        style={{ overflowX: 'auto' }}
        data-testid="audit-table-box"
      >
        <Table
          striped
          withTableBorder
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="sm"
          data-testid="audit-table"
        >
          <Table.Caption style={{ textAlign: 'left' }}>
            {t('entries.caption', { shown: rows.length, count: entries.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.shown.map((column) => (
                <Table.Th
                  key={column}
                  scope="col"
                  data-column={column}
                  style={column === 'ids' ? { ...STICKY, zIndex: 2 } : undefined}
                >
                  {t(`column.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <EntryRow key={entry.seq} entry={entry} columns={columns.shown} />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

function EntryRow({ entry, columns }: { entry: AuditEntryView; columns: readonly AuditColumn[] }) {
  const { t } = useTranslation('audit');
  // The kinds' names are the shell's (the environment switcher's words).
  const { t: shellText } = useTranslation('shell');
  const format = useFormat();
  const ids = auditIdPairs(entry.ids);
  const cell = (column: AuditColumn) => {
    switch (column) {
      case 'ids':
        return (
          <Table.Td key={column} data-field="ids" style={STICKY}>
            {ids.length === 0 ? (
              <Value value={null} />
            ) : (
              ids.map(([field, text]) => (
                <Group key={field} gap={4} wrap="nowrap">
                  <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
                    {t(`ids.${field}`)}:
                  </Text>
                  {text.length > LONG_ID ? (
                    <ClippedValue value={text} label={t(`ids.${field}`)} width={`${LONG_ID - 2}ch`} />
                  ) : (
                    <Text span ff="monospace" size="sm">
                      {text}
                    </Text>
                  )}
                </Group>
              ))
            )}
          </Table.Td>
        );
      case 'time':
        return <Table.Td key={column}>{format.dateTime(entry.time)}</Table.Td>;
      case 'environment':
        return (
          <Table.Td key={column}>
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
        );
      case 'user':
        return (
          <Table.Td key={column}>
            <Value value={entry.osUser} />
          </Table.Td>
        );
      case 'action':
        return (
          <Table.Td key={column} data-field="action">
            {entry.action ? t(`action.${entry.action}`) : <Value value={null} />}
          </Table.Td>
        );
      case 'type':
        return (
          <Table.Td key={column} data-field="type">
            {t(`type.${entry.type}`)}
          </Table.Td>
        );
      case 'key':
        return (
          <Table.Td key={column} data-field="idempotencyKey">
            {entry.idempotencyKey ? (
              <ClippedValue value={entry.idempotencyKey} label={t('entries.keyCopy')} />
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'reason':
        return (
          <Table.Td key={column} data-field="reason" style={{ overflowWrap: 'anywhere', minWidth: 80 }}>
            <Value value={entry.reason ?? entry.note} />
          </Table.Td>
        );
      case 'outcome':
        return (
          <Table.Td key={column} data-field="outcome">
            <Outcome entry={entry} />
          </Table.Td>
        );
      case 'state':
        return (
          <Table.Td key={column} data-field="state">
            {entry.state ? <AuditStateBadge state={entry.state} /> : <Value value={null} />}
          </Table.Td>
        );
      case 'error':
        return (
          <Table.Td key={column} data-field="errorKind">
            {entry.errorKind ? (
              <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.errorKind}
              </Text>
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'serviceCode':
        return (
          <Table.Td key={column} data-field="serviceCode">
            {entry.serviceCode === undefined && entry.httpStatus === undefined ? (
              <Value value={null} />
            ) : (
              <>
                {entry.serviceCode !== undefined && String(entry.serviceCode)}
                {entry.httpStatus !== undefined && (
                  <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {' '}
                    {t('entries.http', { status: entry.httpStatus })}
                  </Text>
                )}
              </>
            )}
          </Table.Td>
        );
    }
  };
  return (
    <Table.Tr
      data-testid="audit-row"
      data-seq={entry.seq}
      data-type={entry.type}
      data-action={entry.action}
      data-state={entry.state}
      data-intent-id={entry.intentId}
    >
      {columns.map(cell)}
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
