import { Alert, Button, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type {
  TeamConnectionCheck,
  TeamExecutorView,
  TeamPerson,
  TeamSendingView,
  TeamStatusView,
} from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { SolidBadge } from '../../components/SolidBadge';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { Absent } from '../../components/Value';
import { SENDING_COLOR, joinCommand, rosterOrder, unreachableReason } from './team-view';
import { useTeamStatus } from './use-team';

/**
 * /team: the active environment's team (docs/architecture.md, "Team mode"): where its database
 * is, who this desk is there, whether it answers now, and who is who. Joining and leaving are the
 * command line's (`paydesk team join|leave`), where the password is typed.
 */
export default function TeamScreen() {
  const { t } = useTranslation('team');
  const status = useTeamStatus();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <QueryState query={status} label={t('loading')}>
        {(view) =>
          view.inTeam ? (
            <Joined view={view} checking={status.isFetching} onCheckAgain={() => void status.refetch()} />
          ) : (
            <NotJoined environmentId={view.environmentId} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function NotJoined({ environmentId }: { environmentId: string }) {
  const { t } = useTranslation('team');
  const command = joinCommand(environmentId);
  return (
    <Section title={t('notJoined.title')} testId="team-not-joined">
      <Stack gap="xs">
        <Text size="sm">{t('notJoined.body')}</Text>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Code
            block
            data-testid="team-join-command"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {command}
          </Code>
          <CopyButton value={command} label={t('notJoined.copy')} />
        </Group>
        <Text size="sm">{t('notJoined.after')}</Text>
      </Stack>
    </Section>
  );
}

type JoinedView = Extract<TeamStatusView, { inTeam: true }>;

function Joined({
  view,
  checking,
  onCheckAgain,
}: {
  view: JoinedView;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const { connection } = view;
  return (
    <>
      <Section title={t('database.title')} testId="team-database">
        <Stack gap="sm">
          <DetailList>
            <DetailRow label={t('database.address')} field="address">
              <Code>{`${view.host}:${view.port}/${view.database}`}</Code>
            </DetailRow>
            <DetailRow label={t('database.person')} field="person">
              {view.person}
            </DetailRow>
            <DetailRow label={t('database.caFingerprint')} field="caFingerprint">
              <Code style={{ overflowWrap: 'anywhere' }}>{view.caFingerprint}</Code>
            </DetailRow>
            <DetailRow label={t('database.joinedAt')} field="joinedAt">
              {format.dateTime(view.joinedAt)}
            </DetailRow>
          </DetailList>
          <Group gap="sm">
            <ConnectionBadge connection={connection} />
            <Button
              variant="default"
              size="xs"
              onClick={onCheckAgain}
              loading={checking}
              data-testid="team-check-again"
            >
              {t('connection.checkAgain')}
            </Button>
          </Group>
          {connection.reachable ? (
            connection.doctor.advice.length > 0 && (
              <Alert color="orange" title={t('connection.adviceTitle')} data-testid="team-advice">
                <List size="sm">
                  {connection.doctor.advice.map((advice) => (
                    <List.Item key={advice}>{advice}</List.Item>
                  ))}
                </List>
              </Alert>
            )
          ) : (
            <ErrorNotice
              error={connection.error}
              explained={{
                title: t('connection.unreachableTitle'),
                body: (
                  <Text size="sm" data-testid="team-unreachable-reason">
                    {t(`connection.reason.${unreachableReason(connection.error.kind)}`)}
                  </Text>
                ),
              }}
              data-testid="team-unreachable"
            />
          )}
        </Stack>
      </Section>
      {connection.reachable && connection.sending !== null && <Sending sending={connection.sending} />}
      {connection.reachable && (
        <Section title={t('people.title')} testId="team-people">
          {connection.roster === null ? (
            <Text size="sm" data-testid="team-people-unreadable">
              {t('people.unreadable')}
            </Text>
          ) : (
            <PeopleTable people={connection.roster.people} />
          )}
        </Section>
      )}
    </>
  );
}

function ConnectionBadge({ connection }: { connection: TeamConnectionCheck }) {
  const { t } = useTranslation('team');
  return (
    <div role="status">
      <SolidBadge
        color={connection.reachable ? 'green' : 'red'}
        data-testid="team-connection"
        data-state={connection.reachable ? 'connected' : 'unreachable'}
      >
        {connection.reachable ? t('connection.connected') : t('connection.unreachable')}
      </SolidBadge>
    </div>
  );
}

/** Who sends the approved moves of this service, and plainly whether anything will be sent. */
function Sending({ sending }: { sending: TeamSendingView }) {
  const { t } = useTranslation('team');
  return (
    <Section title={t('sending.title')} testId="team-sending">
      <Stack gap="sm">
        <DetailList>
          <DetailRow label={t('sending.environment')} field="environment">
            {sending.environment ?? t('sending.noEnvironment')}
          </DetailRow>
          <DetailRow label={t('sending.signer')} field="signer">
            {t(`sending.signerValue.${sending.signer}`)}
          </DetailRow>
        </DetailList>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <div role="status">
            <SolidBadge
              color={SENDING_COLOR[sending.health]}
              data-testid="team-sending-health"
              data-state={sending.health}
            >
              {t(`sending.health.${sending.health}`)}
            </SolidBadge>
          </div>
          <Text size="sm" data-testid="team-sending-explain">
            {t(`sending.explain.${sending.health}`)}
          </Text>
        </Group>
        {sending.executors.length > 0 && <ExecutorsTable executors={sending.executors} />}
      </Stack>
    </Section>
  );
}

function ExecutorsTable({ executors }: { executors: readonly TeamExecutorView[] }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  return (
    <TableRegion label={t('sending.regionLabel')} testId="team-executors-box">
      <Table verticalSpacing="xs" data-testid="team-executors-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL}>
              {t('sending.column.person')}
            </Table.Th>
            <Table.Th scope="col">{t('sending.column.lastPass')}</Table.Th>
            <Table.Th scope="col">{t('sending.column.sent')}</Table.Th>
            <Table.Th scope="col">{t('sending.column.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {executors.map((executor, index) => (
            // One person may run executors for two accounts of the service: the row's place tells them apart.
            <Table.Tr key={`${executor.person}-${index}`} data-executor={executor.person}>
              <Table.Th scope="row" style={{ ...STICKY_CELL, fontWeight: 'normal' }}>
                {executor.person}
              </Table.Th>
              <Table.Td data-field="lastPass" title={format.dateTime(executor.lastPassAt)}>
                {format.ago(executor.secondsAgo)}
              </Table.Td>
              <Table.Td data-field="sent">{format.number(executor.sent)}</Table.Td>
              <Table.Td data-field="state">
                <SolidBadge color={SENDING_COLOR[executor.state]} data-state={executor.state}>
                  {t(`sending.state.${executor.state}`)}
                </SolidBadge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

function PeopleTable({ people }: { people: readonly TeamPerson[] }) {
  const { t } = useTranslation('team');
  return (
    <TableRegion label={t('people.regionLabel')} testId="team-people-box">
      <Table verticalSpacing="xs" data-testid="team-people-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL}>
              {t('people.column.person')}
            </Table.Th>
            <Table.Th scope="col">{t('people.column.groups')}</Table.Th>
            <Table.Th scope="col">{t('people.column.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rosterOrder(people).map((person) => (
            <Table.Tr key={person.person} data-person={person.person} data-you={person.isYou || undefined}>
              <Table.Th scope="row" style={{ ...STICKY_CELL, fontWeight: 'normal' }}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" span fw={person.isYou ? 700 : undefined}>
                    {person.person}
                  </Text>
                  {person.isYou && (
                    <SolidBadge color="blue" data-testid="team-you">
                      {t('people.you')}
                    </SolidBadge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td data-field="groups">
                {person.groups.length === 0 ? (
                  <Absent />
                ) : (
                  person.groups.map((group) => t(`group.${group}`)).join(', ')
                )}
              </Table.Td>
              <Table.Td data-field="state">
                <SolidBadge
                  color={person.canLogin ? 'green' : 'gray'}
                  data-state={person.canLogin ? 'active' : 'removed'}
                >
                  {person.canLogin ? t('people.active') : t('people.removed')}
                </SolidBadge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
