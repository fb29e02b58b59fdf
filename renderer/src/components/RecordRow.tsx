import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { IndexedRecordView } from '../../../shared/contract';
import { RECORD_ROW_HEIGHT } from '../lib/record-filters';
import { useFormat } from './format-context';
import { RecordAmount } from './Money';
import { otherIdOf, recordHref } from './record-href';
import { StatusBadge } from './StatusBadge';

/** One row of the recent list: its id a link, a click anywhere on it opens the record. */
export function RecordRow({ position, record }: { position: number; record: IndexedRecordView }) {
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
