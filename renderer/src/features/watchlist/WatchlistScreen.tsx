import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  WATCH_KINDS,
  WATCH_LIMITS,
  type WatchItem,
  type WatchKind,
  type WatchListView,
  type WatchRef,
  type WatchTimelineEntry,
} from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Money, RecordAmount } from '../../components/Money';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { useFormat } from '../../components/format-context';
import { notify } from '../../components/notify';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { SolidBadge } from '../../components/SolidBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { Absent } from '../../components/Value';
import {
  intervalParts,
  refKey,
  sortedItems,
  statusEntityOf,
  WATCH_INTERVAL_CHOICES,
  watchItemHref,
} from './watchlist-view';
import {
  usePin,
  usePollNow,
  useSetInterval,
  useUnpin,
  useWatchlist,
  useWatchTimeline,
} from './use-watchlist';

/**
 * /watchlist: deposits, refunds, cashouts and sub-merchants pinned in the active environment, read
 * again by main at the chosen interval (or now). Each object keeps a timeline of the statuses
 * seen; a refund or cashout going COMPLETED → REJECTED is an alarm. Changes also arrive as toasts
 * on every screen (shell/WatchToasts).
 */
export default function WatchlistScreen() {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  const [timelineOf, setTimelineOf] = useState<WatchRef | null>(null);
  const unpin = useUnpin((ref) => {
    if (timelineOf && refKey(timelineOf) === refKey(ref)) setTimelineOf(null);
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <PinForm onPinned={(item) => setTimelineOf({ kind: item.kind, id: item.id })} />
      <QueryState query={list} label={t('list.loading')} skeleton={<SkeletonLines lines={5} />}>
        {(view) => (
          <>
            <PollingPanel view={view} />
            <Section title={t('list.title')} testId="watch-list">
              {unpin.error && <ErrorNotice error={unpin.error} />}
              {view.items.length === 0 ? (
                <Text size="sm" data-testid="watch-empty">
                  {t('list.empty')}
                </Text>
              ) : (
                <Stack gap="md">
                  <ItemsTable
                    items={view.items}
                    timelineOf={timelineOf}
                    onTimeline={setTimelineOf}
                    onUnpin={(ref) => unpin.mutate(ref)}
                    unpinning={unpin.isPending ? (unpin.variables ?? null) : null}
                  />
                  <WatchTotals view={view} />
                </Stack>
              )}
            </Section>
          </>
        )}
      </QueryState>
      {timelineOf && <TimelinePanel watchRef={timelineOf} />}
    </Stack>
  );
}

function PinForm({ onPinned }: { onPinned: (item: WatchItem) => void }) {
  const { t } = useTranslation('watchlist');
  const [kind, setKind] = useState<WatchKind>('deposit');
  const [id, setId] = useState('');
  const pin = usePin((item) => {
    setId('');
    notify({ color: 'green', message: t('pin.done', { object: t(`kindOne.${item.kind}`), id: item.id }) });
    onPinned(item);
  });
  return (
    <Section title={t('pin.title')} testId="watch-pin">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          pin.mutate({ kind, id: id.trim() });
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <NativeSelect
              label={t('pin.kind')}
              value={kind}
              onChange={(event) => {
                setKind(event.currentTarget.value as WatchKind);
                pin.reset();
              }}
              data={WATCH_KINDS.map((value) => ({ value, label: t(`kindOne.${value}`) }))}
              w={200}
              data-testid="watch-pin-kind"
            />
            <TextInput
              label={t('pin.id')}
              description={t(`pin.idHint.${kind}`)}
              value={id}
              onChange={(event) => {
                setId(event.currentTarget.value);
                pin.reset();
              }}
              autoComplete="off"
              spellCheck={false}
              w={320}
              data-testid="watch-pin-id"
            />
          </Group>
          <Group>
            <Button
              type="submit"
              disabled={id.trim() === ''}
              loading={pin.isPending}
              data-testid="watch-pin-submit"
            >
              {t('pin.submit')}
            </Button>
          </Group>
          {pin.error && <ErrorNotice error={pin.error} />}
        </Stack>
      </form>
    </Section>
  );
}

function PollingPanel({ view }: { view: WatchListView }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const changeInterval = useSetInterval();
  const pollNow = usePollNow();
  const intervalLabel = (seconds: number) => {
    const { unit, count } = intervalParts(seconds);
    return t(`polling.every.${unit}`, { count });
  };
  const choices = WATCH_INTERVAL_CHOICES.includes(view.intervalSeconds)
    ? WATCH_INTERVAL_CHOICES
    : [...WATCH_INTERVAL_CHOICES, view.intervalSeconds].sort((a, b) => a - b);

  return (
    <Section title={t('polling.title')} testId="watch-polling">
      <Stack gap="sm">
        {view.recoveredFrom !== undefined && (
          <Alert color="orange" variant="light" title={t('polling.recoveredTitle')}>
            {t('polling.recovered', { path: view.recoveredFrom })}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('polling.interval')}
            description={t('polling.intervalHint', {
              min: intervalLabel(WATCH_LIMITS.minIntervalSeconds),
              max: intervalLabel(WATCH_LIMITS.maxIntervalSeconds),
            })}
            value={String(view.intervalSeconds)}
            data={choices.map((seconds) => ({ value: String(seconds), label: intervalLabel(seconds) }))}
            onChange={(event) => changeInterval.mutate(Number(event.currentTarget.value))}
            disabled={changeInterval.isPending}
            w={260}
            data-testid="watch-interval"
          />
          <Button
            variant="default"
            onClick={() => pollNow.mutate({})}
            loading={pollNow.isPending}
            disabled={view.items.length === 0}
            data-testid="watch-poll-now"
          >
            {t('polling.now')}
          </Button>
        </Group>
        <Text size="sm" data-testid="watch-poll-times">
          {[
            view.lastPollAt
              ? t('polling.last', { time: format.dateTime(view.lastPollAt) })
              : t('polling.never'),
            view.polling && view.nextPollAt
              ? t('polling.next', { time: format.dateTime(view.nextPollAt) })
              : view.items.length === 0
                ? t('polling.idleEmpty')
                : t('polling.idle'),
          ].join(' ')}
        </Text>
        {changeInterval.error && <ErrorNotice error={changeInterval.error} />}
        {pollNow.error && <ErrorNotice error={pollNow.error} />}
      </Stack>
    </Section>
  );
}

const ALARM_ROW = { boxShadow: 'inset 6px 0 0 var(--mantine-color-red-filled)' } as const;

function ItemsTable({
  items,
  timelineOf,
  onTimeline,
  onUnpin,
  unpinning,
}: {
  items: readonly WatchItem[];
  timelineOf: WatchRef | null;
  onTimeline: (ref: WatchRef) => void;
  onUnpin: (ref: WatchRef) => void;
  unpinning: WatchRef | null;
}) {
  const { t } = useTranslation(['watchlist', 'errors']);
  const format = useFormat();
  return (
    <TableRegion label={t('list.regionLabel')} testId="watch-table-box">
      <Table verticalSpacing="xs" data-testid="watch-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL} data-column="object">
              {t('list.column.object')}
            </Table.Th>
            <Table.Th scope="col" data-column="status">
              {t('list.column.status')}
            </Table.Th>
            <Table.Th scope="col" data-column="amount">
              {t('list.column.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('list.column.lastChecked')}</Table.Th>
            <Table.Th scope="col">{t('list.column.lastChange')}</Table.Th>
            <Table.Th scope="col">{t('list.column.changes')}</Table.Th>
            <Table.Th scope="col">{t('list.column.problem')}</Table.Th>
            <Table.Th scope="col" data-column="actions">
              {t('list.column.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortedItems(items).map((item) => {
            const key = refKey(item);
            const href = watchItemHref(item);
            const entity = statusEntityOf(item.kind);
            const name = t('list.objectName', { object: t(`kindOne.${item.kind}`), id: item.id });
            return (
              <Table.Tr
                key={key}
                data-testid="watch-item"
                data-kind={item.kind}
                data-id={item.id}
                data-alarm={item.alarm}
                // A thick red edge and the Alarm badge; no tinted background, which would take
                // the row's links and dimmed text below 4.5:1.
                style={item.alarm ? ALARM_ROW : undefined}
              >
                {/* The sticky cell is opaque: it carries the alarm's edge itself. */}
                <Table.Td style={item.alarm ? { ...STICKY_CELL, ...ALARM_ROW } : STICKY_CELL}>
                  <Stack gap={2} data-copy-id={item.id}>
                    <Text size="xs">{t(`kindOne.${item.kind}`)}</Text>
                    {href ? (
                      <Anchor component={Link} to={href} ff="monospace" size="sm">
                        {item.id}
                      </Anchor>
                    ) : (
                      <Text ff="monospace" size="sm">
                        {item.id}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td data-field="status">
                  <Group gap={6}>
                    {item.status === null ? (
                      <Absent />
                    ) : entity ? (
                      <StatusBadge entity={entity} status={item.status} />
                    ) : (
                      <SolidBadge color="gray" data-status={item.status}>
                        {item.status}
                      </SolidBadge>
                    )}
                    {item.alarm && (
                      <SolidBadge color="red" data-testid="watch-alarm" title={t('list.alarmHint')}>
                        {t('list.alarm')}
                      </SolidBadge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-field="amount" style={{ whiteSpace: 'nowrap' }}>
                  <RecordAmount amount={item.amount} currency={item.currency} />
                </Table.Td>
                <Table.Td data-field="lastCheckedAt">
                  {item.lastCheckedAt ? format.dateTime(item.lastCheckedAt) : <Absent />}
                </Table.Td>
                <Table.Td data-field="lastChangeAt">
                  {item.lastChangeAt ? format.dateTime(item.lastChangeAt) : <Absent />}
                </Table.Td>
                <Table.Td data-field="changes">{format.number(item.changes)}</Table.Td>
                <Table.Td data-field="lastError">
                  {item.lastError ? (
                    <Text
                      size="sm"
                      c="var(--mantine-color-error)"
                      data-error-kind={item.lastError.kind}
                      title={item.lastError.message}
                    >
                      {t(`errors:kind.${item.lastError.kind}.title`)}
                    </Text>
                  ) : (
                    <Absent />
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onTimeline({ kind: item.kind, id: item.id })}
                      disabled={timelineOf !== null && refKey(timelineOf) === key}
                      aria-label={t('list.timelineLabel', { name })}
                      data-testid="watch-timeline-open"
                    >
                      {t('list.timeline')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => onUnpin({ kind: item.kind, id: item.id })}
                      loading={unpinning !== null && refKey(unpinning) === key}
                      aria-label={t('list.unpinLabel', { name })}
                      data-testid="watch-unpin"
                    >
                      {t('list.unpin')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

/**
 * What the pinned objects hold, per kind and currency, as main added them up (watchTotals): the
 * sub-merchants' balances apart from the deposits' amounts. Amounts whose currency is not known
 * are counted out loud, not added.
 */
function WatchTotals({ view }: { view: WatchListView }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const uncounted = view.items.filter((item) => item.amount !== undefined && item.currency === undefined);
  return (
    <Stack gap="xs" data-testid="watch-totals">
      <Title order={4} size="h5" id="watch-totals-title">
        {t('totals.title')}
      </Title>
      {view.totals.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="watch-totals-none">
          {t('totals.none')}
        </Text>
      ) : (
        <Table verticalSpacing={4} maw={560} aria-labelledby="watch-totals-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totals.what')}</Table.Th>
              <Table.Th scope="col">{t('totals.total')}</Table.Th>
              <Table.Th scope="col">{t('totals.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.totals.map((total) => (
              <Table.Tr
                key={`${total.kind}:${total.currency}`}
                data-testid="watch-total"
                data-kind={total.kind}
                data-currency={total.currency}
              >
                <Table.Td>{t(`totals.kind.${total.kind}`)}</Table.Td>
                <Table.Td data-field="total" style={{ whiteSpace: 'nowrap' }}>
                  <Money amount={total.amount} currency={total.currency} />
                </Table.Td>
                <Table.Td data-field="count">{format.number(total.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {uncounted.length > 0 && (
        <Text size="sm" data-testid="watch-totals-uncounted">
          {t('totals.uncounted', { count: uncounted.length })}
        </Text>
      )}
    </Stack>
  );
}

function TimelinePanel({ watchRef }: { watchRef: WatchRef }) {
  const { t } = useTranslation('watchlist');
  const timeline = useWatchTimeline(watchRef);
  const title = t('timeline.title', { object: t(`kindOne.${watchRef.kind}`), id: watchRef.id });
  return (
    <Section title={title} testId="watch-timeline">
      <QueryState
        query={timeline}
        label={t('timeline.loading', { id: watchRef.id })}
        isEmpty={(answer) => answer.entries.length === 0}
        empty={<Text size="sm">{t('timeline.empty')}</Text>}
      >
        {(answer) => (
          <List spacing={6} data-testid="watch-timeline-entries" listStyleType="none" ml={0} pl={0}>
            {/* Newest first: the latest change is what someone opening the timeline looks for. */}
            {[...answer.entries].reverse().map((entry, index) => (
              <TimelineEntry key={`${entry.at}:${index}`} entry={entry} />
            ))}
          </List>
        )}
      </QueryState>
    </Section>
  );
}

function TimelineEntry({ entry }: { entry: WatchTimelineEntry }) {
  const { t } = useTranslation('watchlist');
  const format = useFormat();
  const alarm = entry.severity === 'alarm';
  return (
    <List.Item
      data-testid="watch-timeline-entry"
      data-from={entry.from ?? ''}
      data-to={entry.to}
      data-severity={entry.severity}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" w={190}>
          {format.dateTime(entry.at)}
        </Text>
        <Text size="sm" fw={alarm ? 700 : undefined} data-testid="watch-timeline-text">
          {entry.from === null
            ? t('timeline.firstSeen', { status: entry.to })
            : t('timeline.change', { from: entry.from, to: entry.to })}
        </Text>
        {alarm && (
          <SolidBadge color="red" title={t('list.alarmHint')}>
            {t('list.alarm')}
          </SolidBadge>
        )}
      </Group>
    </List.Item>
  );
}
