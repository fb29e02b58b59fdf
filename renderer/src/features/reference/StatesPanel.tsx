import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReference, byCountry } from '../../api/reference';
import { useFormat } from '../../components/format-context';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { countryName, filterStates } from './reference-data';
import { RawAnswer } from './RawAnswer';

/** The states of one country (D15): ISO 3166-2 codes as payer.address.state takes them, searchable. */
export function StatesPanel({ country }: { country: string }) {
  const { t } = useTranslation('reference');
  const format = useFormat();
  const query = useReference('listStates', byCountry(country));
  const [search, setSearch] = useState('');
  const name = countryName(country, format.locale);
  const states = query.data?.record;
  const shown = useMemo(() => filterStates(states ?? [], search), [states, search]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t('states.search')}
          description={t('states.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          w={360}
          data-testid="state-search"
        />
        <Button
          variant="default"
          size="xs"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="states-refresh"
        >
          {t('refresh')}
        </Button>
      </Group>
      <QueryState
        query={query}
        label={t('states.loading', { country: name })}
        skeleton={<SkeletonLines lines={10} />}
        isEmpty={(fetched) => fetched.record.length === 0}
        empty={<Text size="sm">{t('states.empty', { country: name })}</Text>}
      >
        {(fetched) => (
          <Stack gap="sm">
            <Text size="sm" role="status" aria-live="polite" data-testid="state-count">
              {search.trim() === ''
                ? t('states.count', {
                    count: fetched.record.length,
                    total: format.number(fetched.record.length),
                  })
                : t('states.matching', {
                    count: shown.length,
                    shown: format.number(shown.length),
                    total: format.number(fetched.record.length),
                  })}
            </Text>
            {shown.length === 0 ? (
              <Text size="sm" data-testid="state-no-match">
                {t('states.noMatch', { search: search.trim() })}
              </Text>
            ) : (
              <Table captionSide="top" striped verticalSpacing="xs" maw={640} data-testid="states-table">
                <Table.Caption style={{ textAlign: 'left' }}>
                  {t('states.caption', { country: name })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w="7rem">
                      {t('states.column.code')}
                    </Table.Th>
                    <Table.Th scope="col">{t('states.column.name')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((state) => (
                    <Table.Tr key={state.iso} data-state-code={state.iso}>
                      <Table.Td data-field="iso">{state.iso}</Table.Td>
                      <Table.Td data-field="name">{state.name}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <RawAnswer fetched={fetched} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
