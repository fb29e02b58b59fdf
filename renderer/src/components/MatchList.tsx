import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IndexedRecordView } from '../../../shared/contract';
import { useFormat } from './format-context';
import { RecordAmount } from './Money';
import { otherIdOf, recordHref } from './record-href';
import { StatusBadge } from './StatusBadge';

/** The records a search found, each a link to its page with what tells it apart. */
export function MatchList({ records }: { records: IndexedRecordView[] }) {
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
