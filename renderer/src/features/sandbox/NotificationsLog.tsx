import { Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SandboxNotification } from '../../../../shared/contract';
import { useFormat } from '../../components/format-context';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { SolidBadge } from '../../components/SolidBadge';
import { useSandboxNotifications } from './use-sandbox';

/** Every notification attempt the sandbox made (D11), newest first. */
export function NotificationsLog() {
  const { t } = useTranslation('sandbox');
  const format = useFormat();
  const query = useSandboxNotifications();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{t('notifications.intro')}</Text>
        <Button
          variant="default"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="notifications-refresh"
        >
          {t('notifications.refresh')}
        </Button>
      </Group>
      {query.dataUpdatedAt > 0 && (
        <Text size="xs" c="dimmed">
          {t('notifications.readAt', { time: format.dateTime(query.dataUpdatedAt) })}
        </Text>
      )}
      <QueryState
        query={query}
        label={t('notifications.loading')}
        skeleton={<SkeletonLines lines={4} />}
        isEmpty={(lines) => lines.length === 0}
        empty={<Text size="sm">{t('notifications.empty')}</Text>}
      >
        {(lines) => <NotificationsTable lines={lines} />}
      </QueryState>
    </Stack>
  );
}

function NotificationsTable({ lines }: { lines: readonly SandboxNotification[] }) {
  const { t } = useTranslation('sandbox');
  const format = useFormat();
  // The sandbox lists attempts oldest first; the newest matter most when looking.
  const newestFirst = [...lines].reverse();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" striped captionSide="top" data-testid="notifications-table">
        <Table.Caption style={{ textAlign: 'left' }}>
          {t('notifications.caption', { count: lines.length })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('notifications.column.time')}</Table.Th>
            <Table.Th scope="col">{t('notifications.column.url')}</Table.Th>
            <Table.Th scope="col">{t('notifications.column.body')}</Table.Th>
            <Table.Th scope="col">{t('notifications.column.attempt')}</Table.Th>
            <Table.Th scope="col">{t('notifications.column.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((line, index) => {
            const delivered =
              line.answerStatus !== null && line.answerStatus >= 200 && line.answerStatus < 300;
            return (
              <Table.Tr
                key={`${line.sentAt}-${line.url}-${line.attempt}-${index}`}
                data-notification-row="true"
                data-delivered={delivered}
              >
                <Table.Td data-field="sentAt" title={line.sentAt}>
                  {format.dateTime(line.sentAt)}
                </Table.Td>
                <Table.Td data-field="url" style={{ overflowWrap: 'anywhere' }}>
                  {line.url}
                </Table.Td>
                <Table.Td data-field="body">
                  <Code>{line.body}</Code>
                </Table.Td>
                <Table.Td data-field="attempt">{line.attempt}</Table.Td>
                <Table.Td data-field="answer">
                  <Stack gap={2}>
                    <SolidBadge
                      color={delivered ? 'green' : 'red'}
                      data-answer-status={line.answerStatus ?? ''}
                    >
                      {line.answerStatus === null
                        ? t('notifications.noAnswer')
                        : delivered
                          ? t('notifications.delivered', { status: line.answerStatus })
                          : t('notifications.refused', { status: line.answerStatus })}
                    </SolidBadge>
                    {line.error !== undefined && (
                      <Text span size="xs">
                        {line.error}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
