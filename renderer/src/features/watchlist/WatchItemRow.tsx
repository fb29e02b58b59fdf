import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WatchItem, WatchRef } from '../../../../shared/contract';
import { RecordAmount } from '../../components/Money';
import { SolidBadge } from '../../components/SolidBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { STICKY_CELL } from '../../components/TableRegion';
import { useFormat } from '../../components/format-context';
import { Absent } from '../../components/Value';
import { refKey, statusEntityOf, watchItemHref } from './watchlist-view';

const ALARM_ROW = { boxShadow: 'inset 6px 0 0 var(--mantine-color-red-filled)' } as const;

/** One pinned object: what it is, its status (and alarm), when it was read, its actions. */
export function WatchItemRow({
  item,
  timelineOf,
  onTimeline,
  onUnpin,
  unpinning,
}: {
  item: WatchItem;
  timelineOf: WatchRef | null;
  onTimeline: (ref: WatchRef) => void;
  onUnpin: (ref: WatchRef) => void;
  unpinning: WatchRef | null;
}) {
  const { t } = useTranslation(['watchlist', 'errors']);
  const format = useFormat();
  const key = refKey(item);
  const href = watchItemHref(item);
  const entity = statusEntityOf(item.kind);
  const name = t('list.objectName', { object: t(`kindOne.${item.kind}`), id: item.id });
  return (
    <Table.Tr
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
}
