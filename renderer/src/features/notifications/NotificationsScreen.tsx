import { Button, Code, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationCheck, ReceivedNotification } from '../../../../shared/contract';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { SolidBadge } from '../../components/SolidBadge';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { useReceivedNotifications, useVerifyNotification } from './use-notifications';

/**
 * /notifications: the service's notifications (D11, docs/architecture.md "Notifications"). A
 * pasted one is judged by main (`verifyNotification`: whose key signed it, its date, the status
 * read now); the list is what this desk's receivers took, read again on each arrival.
 */
export default function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <CheckSection />
      <ReceivedSection />
    </Stack>
  );
}

function CheckSection() {
  const { t } = useTranslation('notifications');
  const [text, setText] = useState('');
  const verify = useVerifyNotification();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(text);
  };
  return (
    <Section title={t('check.title')} testId="notification-check">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Textarea
            label={t('check.label')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="notification-text"
          />
          <div>
            <Button type="submit" disabled={text.trim() === ''} loading={verify.isPending}>
              {t('check.submit')}
            </Button>
          </div>
          {verify.isError && <ErrorNotice error={verify.error} />}
          {verify.isSuccess && <CheckResult check={verify.data} />}
        </Stack>
      </form>
    </Section>
  );
}

function environmentNames(check: NotificationCheck, ids: readonly string[]): string {
  return ids.map((id) => check.checked.find((environment) => environment.id === id)?.name ?? id).join(', ');
}

function CheckResult({ check }: { check: NotificationCheck }) {
  const { t } = useTranslation('notifications');
  const { verdict } = check;
  const good = verdict.verdict === 'genuine';
  const line =
    verdict.verdict === 'malformed'
      ? t('verdict.malformed', { problem: verdict.problem, message: verdict.message })
      : verdict.verdict === 'unknown_login'
        ? t('verdict.unknown_login')
        : t(`verdict.${verdict.verdict}`, {
            environments: environmentNames(check, verdict.environmentIds),
            age: verdict.date.ageSeconds,
            max: verdict.date.maxAgeSeconds,
          });
  return (
    <Stack gap="sm" data-testid="notification-verdict" data-verdict={verdict.verdict}>
      <div role="status">
        <SolidBadge color={good ? 'green' : 'red'}>{good ? t('badge.good') : t('badge.bad')}</SolidBadge>
        <Text size="sm" mt={4}>
          {line}
        </Text>
      </div>
      <DetailList>
        {(verdict.verdict === 'genuine' || verdict.verdict === 'stale') && (
          <DetailRow label={t('result.record')} field="record">
            {t(`result.${verdict.subject.kind}`, { id: verdict.subject.id })}
          </DetailRow>
        )}
        {verdict.verdict !== 'malformed' && (
          <DetailRow label={t('result.xDate')} field="xDate">
            <Code>{verdict.date.xDate}</Code> {t('result.age', { age: verdict.date.ageSeconds })}
          </DetailRow>
        )}
        {check.current && (
          <DetailRow label={t('result.statusNow')} field="statusNow">
            {check.current.status.ok ? check.current.status.data.status : t('result.notRead')}
          </DetailRow>
        )}
        <DetailRow label={t('result.checkedAgainst')} field="checkedAgainst">
          {check.checked.length === 0
            ? t('result.none')
            : environmentNames(
                check,
                check.checked.map((environment) => environment.id),
              )}
        </DetailRow>
        {check.unchecked.length > 0 && (
          <DetailRow label={t('result.notChecked')} field="notChecked">
            {check.unchecked.map((skipped) => `${skipped.environmentId}: ${skipped.reason}`).join('; ')}
          </DetailRow>
        )}
      </DetailList>
      {check.current && !check.current.status.ok && <ErrorNotice error={check.current.status.error} />}
    </Stack>
  );
}

function ReceivedSection() {
  const { t } = useTranslation('notifications');
  const received = useReceivedNotifications();
  return (
    <Section title={t('received.title')} testId="notifications-received">
      <QueryState query={received} label={t('received.loading')}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" data-testid="notifications-none">
              {t('received.empty')}
            </Text>
          ) : (
            <ReceivedTable list={list} />
          )
        }
      </QueryState>
    </Section>
  );
}

function ReceivedTable({ list }: { list: readonly ReceivedNotification[] }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  return (
    <TableRegion label={t('received.title')} testId="notifications-received-box">
      <Table verticalSpacing="xs" data-testid="notifications-received-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL}>
              {t('received.record')}
            </Table.Th>
            <Table.Th scope="col">{t('received.status')}</Table.Th>
            <Table.Th scope="col">{t('received.environment')}</Table.Th>
            <Table.Th scope="col">{t('received.count')}</Table.Th>
            <Table.Th scope="col">{t('received.lastAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((item) => (
            <Table.Tr key={`${item.environmentId}/${item.subject.kind}/${item.subject.id}/${item.status}`}>
              <Table.Th scope="row" style={{ ...STICKY_CELL, fontWeight: 'normal' }}>
                {t(`result.${item.subject.kind}`, { id: item.subject.id })}
              </Table.Th>
              <Table.Td>{item.status}</Table.Td>
              <Table.Td>{item.environmentId}</Table.Td>
              <Table.Td>{item.count}</Table.Td>
              <Table.Td>{format.dateTime(item.lastAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
