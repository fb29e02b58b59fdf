import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { RECORD_SORTS, type RecordSort } from '../../../shared/contract';
import {
  filtersNarrow,
  NO_FILTERS,
  recentQueryOf,
  sortOnHeader,
  statusesOf,
  type FilterField,
  type RecordFilters,
} from '../lib/record-filters';
import { isMoneyInputProblem } from '../lib/money-input';
import { DayInput } from './DayInput';
import { useFormat } from './format-context';
import type { ListedKind } from './listed-kind';
import { MoneyInput, useMoneyProblemText } from './MoneyInput';
import { RecentTable } from './RecentTable';
import { useSessionState } from './session-state';

/** Typing in the amount and currency fields asks main once the typing pauses. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * A lookup screen's recent list: the records of `kind` this console has seen in the
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
