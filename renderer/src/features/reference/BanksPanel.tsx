import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bank } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { countryName, filterBanks } from './reference-data';
import { RawAnswer } from './RawAnswer';
import { useReference, byCountry } from '../../api/reference';

/** The banks of one country, searchable; the list is virtualised (thousands of rows stay smooth). */
export function BanksPanel({ country }: { country: string }) {
  const { t } = useTranslation('reference');
  const { locale } = useFormat();
  const query = useReference('listBanks', byCountry(country));
  const [search, setSearch] = useState('');
  const name = countryName(country, locale);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t('banks.search')}
          description={t('banks.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          w={360}
          data-testid="bank-search"
        />
        <Button
          variant="default"
          size="xs"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="banks-refresh"
        >
          {t('refresh')}
        </Button>
      </Group>
      <QueryState
        query={query}
        label={t('banks.loading', { country: name })}
        skeleton={<SkeletonLines lines={10} />}
        isEmpty={(fetched) => fetched.record.length === 0}
        empty={<Text size="sm">{t('banks.empty', { country: name })}</Text>}
      >
        {(fetched) => (
          <Stack gap="sm">
            <BankList banks={fetched.record} search={search} countryLabel={name} />
            <RawAnswer fetched={fetched} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

const ROW_HEIGHT = 36;
const LIST_HEIGHT = 440;

function BankList({
  banks,
  search,
  countryLabel,
}: {
  banks: readonly Bank[];
  search: string;
  countryLabel: string;
}) {
  const { t } = useTranslation('reference');
  const format = useFormat();
  // Typing stays responsive on a long list: filtering follows the input at a lower priority.
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(() => filterBanks(banks, deferredSearch), [banks, deferredSearch]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  // A new search shows its first matches, not wherever the previous list was scrolled to.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [deferredSearch]);
  const rows = virtualizer.getVirtualItems();
  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0));

  return (
    <Stack gap="xs">
      <Text size="sm" role="status" aria-live="polite" data-testid="bank-count">
        {search.trim() === ''
          ? t('banks.count', { count: banks.length, total: format.number(banks.length) })
          : t('banks.matching', {
              count: shown.length,
              shown: format.number(shown.length),
              total: format.number(banks.length),
            })}
      </Text>
      {shown.length === 0 ? (
        <Text size="sm" data-testid="bank-no-match">
          {t('banks.noMatch', { search: search.trim() })}
        </Text>
      ) : (
        <div
          ref={scrollRef}
          role="region"
          aria-label={t('banks.listLabel', { country: countryLabel })}
          tabIndex={0}
          data-testid="bank-list"
          data-total={shown.length}
          style={{
            height: Math.min(LIST_HEIGHT, ROW_HEIGHT * (shown.length + 1) + 2),
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          <Table stickyHeader aria-rowcount={shown.length + 1} layout="fixed" tabularNums>
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th scope="col" w="7rem">
                  {t('banks.column.code')}
                </Table.Th>
                <Table.Th scope="col">{t('banks.column.name')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paddingTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={2} style={{ height: paddingTop, padding: 0, border: 0 }} />
                </tr>
              )}
              {rows.map((row) => {
                const bank = shown[row.index];
                if (!bank) return null;
                return (
                  <Table.Tr
                    key={`${bank.code}-${row.index}`}
                    aria-rowindex={row.index + 2}
                    data-bank-row="true"
                    data-bank-code={bank.code}
                    style={{ height: ROW_HEIGHT }}
                  >
                    <Table.Td>{bank.code}</Table.Td>
                    <Table.Td
                      title={bank.name}
                      style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                    >
                      {bank.name}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {paddingBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={2} style={{ height: paddingBottom, padding: 0, border: 0 }} />
                </tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
