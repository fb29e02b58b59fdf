import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  RECORD_LIMITS,
  RECORD_SORTS,
  type IndexedRecordView,
  type RecordKind,
  type RecordSort,
} from '../../../shared/contract';
import { useActiveEnvironmentId } from '../api/environment';
import { recordQueries, useIndexAsk, useRecordSearch, type RecentFilterQuery } from '../api/records';
import { useEnvironmentQuery } from '../api/queries';
import {
  ariaSortOf,
  filtersNarrow,
  NO_FILTERS,
  RECORD_PAGE_SIZE,
  RECORD_ROW_HEIGHT,
  recentQueryOf,
  SEARCH_MATCHES,
  searchTextOf,
  sortOnHeader,
  statusesOf,
  type FilterField,
  type RecordFilters,
  type SortableColumn,
} from '../lib/record-filters';
import { DayInput } from './DayInput';
import { ErrorNotice } from './ErrorNotice';
import { useFormat } from './format-context';
import { RecordAmount } from './Money';
import { MoneyInput, useMoneyProblemText } from './MoneyInput';
import { parsePositiveId } from '../lib/jump-parser';
import { isMoneyInputProblem } from '../lib/money-input';
import { numberOnLookup } from '../lib/typed-id';
import { QueryState, SkeletonLines } from './QueryState';
import { otherIdOf, recordHref } from './record-href';
import { useSessionState } from './session-state';
import { StatusBadge } from './StatusBadge';

/** The kinds a lookup screen lists. */
export type ListedKind = Exclude<RecordKind, 'sub_merchant'>;

/** Visible height of the list at most; a short list takes only its rows' height. */
const VIEWPORT_HEIGHT = 440;
const OVERSCAN = 6;
/** Typing in the amount and currency fields asks main once the typing pauses. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * A lookup screen's recent list (issue 27): the records of `kind` this console has seen in the
 * active environment, newest first, filtered and sorted, as a virtual table read page by page.
 * Each row's id is a link (Tab to it, Enter opens the record); a click anywhere on a row opens it.
 */
export function RecentRecords({ kind }: { kind: ListedKind }) {
  const { t } = useTranslation('records');
  const { t: tCommon } = useTranslation('common');
  // Kept for the session per list: leaving the screen and coming back finds them as they were.
  const [filters, setFilters] = useSessionState<RecordFilters>(`records:${kind}`, NO_FILTERS);
  const [settled] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const { locale } = useFormat();
  const moneyProblemText = useMoneyProblemText();
  const checked = recentQueryOf(kind, filters, locale);
  const asked = recentQueryOf(kind, settled, locale);
  const change = (patch: Partial<RecordFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const problems = checked.ok ? {} : checked.problems;
  const problemText = (field: FilterField) => {
    const problem = problems[field];
    if (problem === undefined) return undefined;
    return isMoneyInputProblem(problem) ? moneyProblemText(problem) : t(`filter.problem.${problem}`);
  };
  const filterCurrency = /^[A-Z]{3}$/.test(filters.currency) ? filters.currency : null;
  return (
    <Paper withBorder p="md" component="section" aria-label={t(`recent.title.${kind}`)} data-section="recent">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t(`recent.title.${kind}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('recent.explain')}
          </Text>
        </div>
        <Box component="fieldset" m={0} p={0} style={{ border: 0 }} data-testid="recent-filters">
          <legend
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('filter.groupLabel')}
          </legend>
          {/* As many columns as fit at 13rem: the longest status and sort words (es, pt-BR) whole. */}
          <SimpleGrid minColWidth="13rem" spacing="xs">
            <Select
              label={t('filter.status')}
              placeholder={t('filter.anyStatus')}
              data={statusesOf(kind).map((status) => ({
                value: status,
                label: tCommon(`status.${kind}.${status}` as 'status.deposit.PENDING'),
              }))}
              value={filters.status === '' ? null : filters.status}
              onChange={(value) => change({ status: value ?? '' })}
              clearable
              data-testid="recent-filter-status"
            />
            <DayInput
              label={t('filter.from')}
              value={filters.fromDay}
              onChange={(fromDay) => change({ fromDay })}
              error={problemText('fromDay')}
              data-testid="recent-filter-from"
            />
            <DayInput
              label={t('filter.to')}
              value={filters.toDay}
              onChange={(toDay) => change({ toDay })}
              error={problemText('toDay')}
              data-testid="recent-filter-to"
            />
            <MoneyInput
              label={t('filter.minAmount')}
              currency={filterCurrency}
              value={filters.minAmount}
              onChange={(minAmount) => change({ minAmount })}
              error={problemText('minAmount')}
              data-testid="recent-filter-min"
            />
            <MoneyInput
              label={t('filter.maxAmount')}
              currency={filterCurrency}
              value={filters.maxAmount}
              onChange={(maxAmount) => change({ maxAmount })}
              error={problemText('maxAmount')}
              data-testid="recent-filter-max"
            />
            <TextInput
              label={t('filter.currency')}
              placeholder="BRL"
              maxLength={3}
              autoComplete="off"
              value={filters.currency}
              onChange={(event) => change({ currency: event.currentTarget.value.toUpperCase() })}
              error={problemText('currency')}
              data-testid="recent-filter-currency"
            />
            <Select
              label={t('filter.sort')}
              data={RECORD_SORTS.map((sort) => ({ value: sort, label: t(`filter.sortBy.${sort}`) }))}
              value={filters.sort}
              onChange={(value) => change({ sort: (value as RecordSort | null) ?? 'newest' })}
              allowDeselect={false}
              data-testid="recent-filter-sort"
            />
          </SimpleGrid>
          {filtersNarrow(filters) && (
            <Group justify="flex-end" mt="xs">
              <Button variant="subtle" size="compact-sm" onClick={() => setFilters(NO_FILTERS)}>
                {t('filter.clear')}
              </Button>
            </Group>
          )}
        </Box>
        {asked.ok ? (
          // Keyed by the query: other filters are another list, scrolled from its top.
          <RecentTable
            key={JSON.stringify(asked.query)}
            kind={kind}
            query={asked.query}
            narrowed={filtersNarrow(settled)}
            onSort={(column) => change({ sort: sortOnHeader(filters.sort, column) })}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="recent-filters-invalid">
            {t('filter.fixFirst')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function RecentTable({
  kind,
  query,
  narrowed,
  onSort,
}: {
  kind: ListedKind;
  query: RecentFilterQuery;
  narrowed: boolean;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const environmentId = useActiveEnvironmentId();
  const first = useEnvironmentQuery(recordQueries.recentPage(environmentId, query, 0));
  return (
    <QueryState
      query={first}
      label={t('recent.loading')}
      skeleton={<SkeletonLines lines={5} />}
      isEmpty={(page) => page.total === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="recent-empty">
          {narrowed ? t(`recent.noMatch.${kind}`) : t(`recent.empty.${kind}`)}
        </Text>
      }
    >
      {(page) => <VirtualRows kind={kind} query={query} total={page.total} onSort={onSort} />}
    </QueryState>
  );
}

/** A column header that sorts the list by its column; `aria-sort` says how the list is sorted. */
function SortableHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortableColumn;
  label: string;
  sort: RecordSort | undefined;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const direction = ariaSortOf(sort ?? 'newest', column);
  return (
    <Table.Th scope="col" aria-sort={direction} data-sort-column={column}>
      <UnstyledButton
        onClick={() => onSort(column)}
        title={t('column.sortBy', { column: label })}
        style={{
          font: 'inherit',
          fontWeight: 'inherit',
          display: 'inline-flex',
          gap: 4,
          alignItems: 'center',
        }}
      >
        {label}
        <span aria-hidden="true">
          {direction === 'descending' ? '↓' : direction === 'ascending' ? '↑' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

function VirtualRows({
  kind,
  query,
  total,
  onSort,
}: {
  kind: ListedKind;
  query: RecentFilterQuery;
  total: number;
  onSort: (column: SortableColumn) => void;
}) {
  const { t } = useTranslation('records');
  const environmentId = useActiveEnvironmentId();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in this render only, never memoised
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollElement,
    estimateSize: () => RECORD_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const firstPage = Math.floor((items[0]?.index ?? 0) / RECORD_PAGE_SIZE);
  const lastPage = Math.floor((items[items.length - 1]?.index ?? 0) / RECORD_PAGE_SIZE);
  const pageNumbers = Array.from({ length: lastPage - firstPage + 1 }, (_, offset) => firstPage + offset);
  const pages = useQueries({
    queries: pageNumbers.map((page) => recordQueries.recentPage(environmentId, query, page)),
  });
  const failed = pages.find((page) => page.isError);
  const rowAt = (index: number): IndexedRecordView | undefined => {
    const page = Math.floor(index / RECORD_PAGE_SIZE);
    return pages[page - firstPage]?.data?.records[index - page * RECORD_PAGE_SIZE];
  };
  const paddingTop = items[0]?.start ?? 0;
  const last = items[items.length - 1];
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const height = Math.min(VIEWPORT_HEIGHT, (total + 1) * RECORD_ROW_HEIGHT + 18);

  return (
    <Stack gap="xs">
      {failed?.error && <ErrorNotice error={failed.error} onRetry={() => void failed.refetch()} />}
      <Box
        ref={setScrollElement}
        role="region"
        aria-label={t(`recent.regionLabel.${kind}`)}
        tabIndex={0}
        data-testid="recent-list"
        data-count={total}
        style={{
          height,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Table
          stickyHeader
          highlightOnHover
          verticalSpacing={4}
          aria-rowcount={total + 1}
          style={{ minWidth: 760 }}
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('recent.caption', { count: total })}
          </caption>
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              <Table.Th scope="col">{t('column.id')}</Table.Th>
              <Table.Th scope="col">{t(`column.otherId.${kind}`)}</Table.Th>
              <Table.Th scope="col">{t('column.status')}</Table.Th>
              <SortableHeader column="amount" label={t('column.amount')} sort={query.sort} onSort={onSort} />
              <SortableHeader
                column="lastSeen"
                label={t('column.lastSeen')}
                sort={query.sort}
                onSort={onSort}
              />
              <Table.Th scope="col">{t('column.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={6} style={{ height: paddingTop, padding: 0, border: 0 }} />
              </tr>
            )}
            {items.map(({ index }) => {
              const record = rowAt(index);
              return record ? (
                <RecordRow key={`${record.kind}:${record.id}`} position={index} record={record} />
              ) : (
                <tr
                  key={`loading:${index}`}
                  aria-rowindex={index + 2}
                  aria-busy="true"
                  style={{ height: RECORD_ROW_HEIGHT }}
                >
                  <td colSpan={6}>
                    <Text size="sm" c="dimmed">
                      {t('recent.rowLoading')}
                    </Text>
                  </td>
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={6} style={{ height: paddingBottom, padding: 0, border: 0 }} />
              </tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

function RecordRow({ position, record }: { position: number; record: IndexedRecordView }) {
  const { t } = useTranslation('records');
  const format = useFormat();
  const navigate = useNavigate();
  const href = recordHref(record);
  const otherId = otherIdOf(record);
  return (
    <Table.Tr
      aria-rowindex={position + 2}
      data-testid="recent-row"
      data-id={record.id}
      data-status={record.status}
      style={{ height: RECORD_ROW_HEIGHT, cursor: href ? 'pointer' : undefined }}
      onClick={(event) => {
        // The link handles its own click (and a modified click opens nothing else).
        if (href === null || (event.target as HTMLElement).closest('a')) return;
        void navigate(href);
      }}
    >
      <Table.Td ff="monospace" data-copy-id={record.id}>
        {href ? (
          <Anchor component={Link} to={href} aria-label={t(`open.${record.kind}`, { id: record.id })}>
            {record.id}
          </Anchor>
        ) : (
          record.id
        )}
      </Table.Td>
      <Table.Td
        data-copy-id={otherId}
        style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {otherId ?? '—'}
      </Table.Td>
      <Table.Td>
        {record.status && record.kind !== 'sub_merchant' ? (
          <StatusBadge entity={record.kind} status={record.status} />
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td data-field="amount" style={{ whiteSpace: 'nowrap' }}>
        <RecordAmount amount={record.amount} currency={record.currency} />
      </Table.Td>
      <Table.Td>{format.dateTime(record.lastSeen)}</Table.Td>
      <Table.Td>{t(`source.${record.source}`)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * A lookup screen's search: the records of `kinds` whose id, invoice id or external id is or
 * starts with `text`, each a link to its page.
 */
export function RecordMatches({ text, kinds }: { text: string; kinds: RecordKind[] }) {
  const { t } = useTranslation('records');
  const query = useRecordSearch(text, kinds, SEARCH_MATCHES);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('search.title', { text })}
      data-section="matches"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('search.title', { text })}
        </Title>
        <QueryState
          query={query}
          label={t('search.loading', { text })}
          isEmpty={(found) => found.length === 0}
          empty={
            <Text size="sm" c="dimmed" data-testid="matches-empty">
              {t('search.none', { text })}
            </Text>
          }
        >
          {(found) => <MatchList records={found} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function MatchList({ records }: { records: IndexedRecordView[] }) {
  const { t } = useTranslation('records');
  const format = useFormat();
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="matches">
      {records.map((record) => {
        const href = recordHref(record);
        const otherId = otherIdOf(record);
        const label = t(`open.${record.kind}`, { id: record.id });
        return (
          <li
            key={`${record.kind}:${record.id}`}
            data-testid="match"
            data-kind={record.kind}
            data-id={record.id}
          >
            <Group gap="sm" wrap="nowrap">
              {href ? (
                <Anchor component={Link} to={href} ff="monospace" aria-label={label}>
                  {record.id}
                </Anchor>
              ) : (
                <Text ff="monospace">{record.id}</Text>
              )}
              <Text size="sm">{t(`kind.${record.kind}`)}</Text>
              {otherId !== undefined && (
                <Text size="sm" c="dimmed" data-copy-id={otherId}>
                  {otherId}
                </Text>
              )}
              {record.status && record.kind !== 'sub_merchant' && (
                <StatusBadge entity={record.kind} status={record.status} />
              )}
              {record.amount !== undefined && (
                <Text size="sm" data-field="amount">
                  <RecordAmount amount={record.amount} currency={record.currency} />
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {format.dateTime(record.lastSeen)}
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

/**
 * What a lookup screen shows under its form when no record is open: the matches of the text the
 * address searches for (with a way back), else the recent list.
 */
export function RecordsUnderLookup({
  kind,
  searchText,
  recentHref,
}: {
  kind: ListedKind;
  searchText: string | null;
  recentHref: string;
}) {
  const { t } = useTranslation('records');
  if (searchText === null) return <RecentRecords kind={kind} />;
  // A number the index knows only as the start of ids (or another record's invoice id) may still
  // be a whole id it has not seen: the service can be asked for it from here.
  const number = parsePositiveId(searchText);
  const asked = number === null ? null : recordHref({ kind, id: String(number) });
  return (
    <Stack gap="xs">
      <RecordMatches text={searchText} kinds={[]} />
      {asked !== null && number !== null && (
        <Anchor component={Link} to={asked} size="sm" data-testid="matches-ask-service">
          {t(`search.askService.${kind}`, { id: number })}
        </Anchor>
      )}
      <Anchor component={Link} to={recentHref} size="sm" data-testid="matches-back">
        {t('search.back')}
      </Anchor>
    </Stack>
  );
}

/**
 * What a lookup screen does with a number typed in its id form: opens it as an id of `kind`, unless
 * the record index knows it only as the start of ids (or as another record's invoice or external
 * id), when it lists those instead (lib/typed-id numberOnLookup). The list offers to ask the
 * service for the whole id too.
 */
export function useLookupNumber(
  kind: ListedKind,
  to: { open: (id: number) => string; search: (text: string) => string },
): (id: number) => Promise<void> {
  const navigate = useNavigate();
  const askIndex = useIndexAsk(SEARCH_MATCHES);
  return async (id) => {
    const text = String(id);
    const found = await askIndex(text);
    const choice = found === null ? 'open' : numberOnLookup(kind, text, found);
    await navigate(choice === 'open' ? to.open(id) : to.search(text));
  };
}

/** A search box of its own, for a lookup screen whose form takes ids only (Cashouts). */
export function RecordSearchForm({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('records');
  const [text, setText] = useState(initial);
  return (
    <Paper withBorder p="md" maw={560}>
      <form
        role="search"
        aria-label={t('search.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const typed = searchTextOf(text);
          if (typed !== null) onSearch(typed);
        }}
      >
        <TextInput
          label={t('search.label')}
          description={t('search.hint')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          maxLength={RECORD_LIMITS.maxSearchText}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="record-search-input"
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" variant="default" data-testid="record-search-submit">
                {t('search.submit')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}
