import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WatchedSubMerchant } from '../../../../shared/contract';
import { useActiveEnvironment } from '../../api/environment';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { Money } from '../../components/Money';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { links } from '../../shell/links';
import { MarkupFee, SubMerchantStatus } from './parts';
import {
  WATCH_REFRESH_SECONDS,
  type useWatchedSubMerchants,
  type useWatchToggle,
  type WatchRefreshSeconds,
} from './use-sub-merchants';

const isRefreshSeconds = (value: number): value is WatchRefreshSeconds =>
  WATCH_REFRESH_SECONDS.some((seconds) => seconds === value);

/** The watched sub-merchants of the active environment: status, markup fee and balance per row. */
export function WatchedSubMerchants({
  query,
  toggle,
  refreshSeconds,
  onRefreshSecondsChange,
}: {
  query: ReturnType<typeof useWatchedSubMerchants>;
  toggle: ReturnType<typeof useWatchToggle>;
  refreshSeconds: WatchRefreshSeconds;
  onRefreshSecondsChange: (seconds: WatchRefreshSeconds) => void;
}) {
  const { t } = useTranslation('sub-merchants');
  const format = useFormat();
  const active = useActiveEnvironment();
  const unwatching = toggle.variables?.watch === false ? toggle.variables.subMerchantId : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="watched-heading" data-testid="watched">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={3} size="h4" id="watched-heading">
              {t('watched.title', { environment: active?.name ?? '' })}
            </Title>
            <Text size="sm">{t('watched.intro')}</Text>
          </Stack>
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label={t('watched.autoRefresh')}
              value={String(refreshSeconds)}
              data={WATCH_REFRESH_SECONDS.map((seconds) => ({
                value: String(seconds),
                label:
                  seconds === 0
                    ? t('watched.autoRefreshOff')
                    : seconds < 60
                      ? t('watched.everySeconds', { count: seconds })
                      : t('watched.everyMinutes', { count: seconds / 60 }),
              }))}
              onChange={(event) => {
                const seconds = Number(event.currentTarget.value);
                if (isRefreshSeconds(seconds)) onRefreshSecondsChange(seconds);
              }}
              data-testid="watched-auto-refresh"
            />
            <Button
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              data-testid="watched-refresh"
            >
              {t('refresh')}
            </Button>
          </Group>
        </Group>
        {query.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed" data-testid="watched-read-at">
            {t('watched.readAt', { time: format.dateTime(query.dataUpdatedAt) })}
          </Text>
        )}
        {toggle.error && unwatching !== null && <ErrorNotice error={toggle.error} />}
        <QueryState
          query={query}
          label={t('watched.loading')}
          skeleton={<SkeletonLines lines={5} />}
          isEmpty={(items) => items.length === 0}
          empty={<Text size="sm">{t('watched.empty')}</Text>}
        >
          {(items) => (
            <WatchedTable
              items={items}
              unwatchingId={toggle.isPending ? unwatching : null}
              onUnwatch={(subMerchantId) => toggle.mutate({ subMerchantId, watch: false })}
            />
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

const DATA_COLUMNS = 7;

function WatchedTable({
  items,
  unwatchingId,
  onUnwatch,
}: {
  items: readonly WatchedSubMerchant[];
  unwatchingId: number | null;
  onUnwatch: (subMerchantId: number) => void;
}) {
  const { t } = useTranslation('sub-merchants');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped data-testid="watched-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('watched.column.id')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.name')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.status')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.markupFee')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.currency')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.total')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.usable')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.available')}</Table.Th>
            <Table.Th scope="col">{t('watched.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ subMerchantId, result }) => (
            <Table.Tr
              key={subMerchantId}
              data-watched-id={subMerchantId}
              data-row-state={result.ok ? 'ok' : 'error'}
            >
              <Table.Td>
                <Anchor component={Link} to={links.subMerchant(subMerchantId)}>
                  {subMerchantId}
                </Anchor>
              </Table.Td>
              {result.ok ? (
                <>
                  <Table.Td data-field="sub_merchant_name">
                    <Value value={result.data.record.sub_merchant_name} />
                  </Table.Td>
                  <Table.Td data-field="status">
                    <SubMerchantStatus status={result.data.record.status} />
                  </Table.Td>
                  <Table.Td data-field="markup_fee">
                    <MarkupFee value={result.data.record.markup_fee} />
                  </Table.Td>
                  <Table.Td data-field="balance.currency">
                    <Value value={result.data.record.balance?.currency} />
                  </Table.Td>
                  <Table.Td data-field="balance.total">
                    <Money
                      amount={result.data.record.balance?.total}
                      currency={result.data.record.balance?.currency}
                    />
                  </Table.Td>
                  <Table.Td data-field="balance.usable">
                    <Money
                      amount={result.data.record.balance?.usable}
                      currency={result.data.record.balance?.currency}
                    />
                  </Table.Td>
                  <Table.Td data-field="balance.available">
                    <Money
                      amount={result.data.record.balance?.available}
                      currency={result.data.record.balance?.currency}
                    />
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={DATA_COLUMNS} data-field="error">
                  <ErrorNotice error={result.error} />
                </Table.Td>
              )}
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onUnwatch(subMerchantId)}
                  loading={unwatchingId === subMerchantId}
                  aria-label={t('watched.unwatchLabel', { id: subMerchantId })}
                  data-testid="watched-unwatch"
                >
                  {t('watched.unwatch')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
