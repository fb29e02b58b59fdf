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
  type AuditIds,
  type AuditState,
  type AuditVerifyReport,
} from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { ColumnsMenu, useTableColumns } from '../../components/ColumnsMenu';
import { CopyButton } from '../../components/CopyButton';
import { ClippedValue } from '../../components/ClippedValue';
import { Money } from '../../components/Money';
import { useSessionState } from '../../components/session-state';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
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
  countryOfIntent,
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
  // Kept for the session: the journal is filtered as it was left when the person comes back.
  const [form, setForm] = useSessionState<AuditFilterForm>('audit:filterForm', EMPTY_AUDIT_FILTER_FORM);
  // The last valid filter stays applied while a date is wrong or half typed.
  const [applied, setApplied] = useSessionState<AuditFilter>('audit:filter', {});
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

/** Ids longer than this (invoice and external ids) get a copy button: too long to retype. */
const LONG_ID = 12;

/**
 * The ids column, which stays in view when the table scrolls sideways: an id is never cut (the
 * whole point of the column is to read it); a long one wraps between these widths instead.
 */
const IDS_CELL: CSSProperties = { ...STICKY_CELL, maxWidth: '15rem' };
const IDS_BOX: CSSProperties = { minWidth: '8rem' };

function NewestFirst({ entries, shown }: { entries: AuditEntryView[]; shown: number }) {
  const { t } = useTranslation('audit');
  const rows = useMemo(() => entries.slice(-shown).reverse(), [entries, shown]);
  const countries = useMemo(() => countryOfIntent(entries), [entries]);
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
      <TableRegion label={t('entries.regionLabel')} testId="audit-table-box">
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
                  style={column === 'ids' ? STICKY_HEADER_CELL : undefined}
                >
                  {t(`column.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <EntryRow
                key={entry.seq}
                entry={entry}
                columns={columns.shown}
                country={entry.intentId === undefined ? undefined : countries.get(entry.intentId)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </TableRegion>
    </Stack>
  );
}

function EntryRow({
  entry,
  columns,
  country,
}: {
  entry: AuditEntryView;
  columns: readonly AuditColumn[];
  /** The country its intent named: a deposit asked without a currency is in that country's. */
  country: string | undefined;
}) {
  const { t } = useTranslation('audit');
  // The kinds' names are the shell's (the environment switcher's words).
  const { t: shellText } = useTranslation('shell');
  const format = useFormat();
  const ids = auditIdPairs(entry.ids);
  const cell = (column: AuditColumn) => {
    switch (column) {
      case 'ids':
        return (
          <Table.Td key={column} data-field="ids" style={IDS_CELL}>
            {ids.length === 0 ? (
              <Value value={null} />
            ) : (
              <div style={IDS_BOX}>
                {ids.map(([field, text]) => (
                  <IdPair key={field} field={field} text={text} />
                ))}
              </div>
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
          <Table.Td key={column} data-field="user">
            <Person entry={entry} />
          </Table.Td>
        );
      case 'amount':
        return (
          <Table.Td key={column} data-field="amount">
            <Amount entry={entry} country={country} />
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
              // The key's start tells lines apart; the whole key is in the tooltip and the copy button.
              <ClippedValue value={entry.idempotencyKey} label={t('entries.keyCopy')} width="8ch" />
            ) : (
              <Value value={null} />
            )}
          </Table.Td>
        );
      case 'reason':
        return (
          <Table.Td key={column} data-field="reason" style={{ overflowWrap: 'anywhere', minWidth: 64 }}>
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

/**
 * One id of a line, whole. A number stays on one line beside its name; an invoice or external id
 * (which can be long) goes under its name and wraps, with a copy button when too long to retype.
 */
function IdPair({ field, text }: { field: keyof AuditIds; text: string }) {
  const { t } = useTranslation('audit');
  const label = (
    <Text size="xs" span lh="20px" style={{ whiteSpace: 'nowrap' }}>
      {t(`ids.${field}`)}:
    </Text>
  );
  const value = (
    <Text
      span
      ff="monospace"
      size="sm"
      data-copy-id={text}
      style={/^\d+$/.test(text) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
    >
      {text}
    </Text>
  );
  if (/^\d+$/.test(text)) {
    return (
      <Group gap={4} wrap="nowrap" data-id-field={field}>
        {label}
        {value}
      </Group>
    );
  }
  return (
    <Stack gap={0} data-id-field={field}>
      {label}
      <Group gap={2} wrap="nowrap" align="flex-start">
        {value}
        {text.length > LONG_ID && <CopyButton value={text} label={t(`ids.${field}`)} />}
      </Group>
    </Stack>
  );
}

/**
 * Who: the OS user who wrote the line, and who settled the operation (a resolution line's own
 * user did; the operation's other lines name them too, so a line read alone says it).
 */
function Person({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('audit');
  const settler = entry.settledBy === null ? t('verify.unknownUser') : entry.settledBy;
  return (
    <>
      <Value value={entry.osUser} />
      {settler !== undefined && (
        <Text size="xs" c="dimmed" data-settled-by={entry.settledBy ?? ''}>
          {entry.type === 'resolution' ? t('entries.settledIt') : t('entries.settledBy', { user: settler })}
        </Text>
      )}
    </>
  );
}

/**
 * How much: the request's amount in its currency. A deposit asked without a currency is in its
 * country's, which the request does not name: said so, never guessed.
 */
function Amount({ entry, country }: { entry: AuditEntryView; country: string | undefined }) {
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
