import { Anchor, Button, Code, Group, Stack, Switch, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  APPROVAL_REQUEST_ID,
  type ApprovalRequestDetail,
  type ApprovalRequestState,
  type ApprovalRequestView,
} from '../../../../shared/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { useFormat } from '../../components/format-context';
import { MutationGateNotice, ReasonInput, reasonMeta, useMutationGate } from '../../components/MutationGate';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { SolidBadge, type BadgeColor } from '../../components/SolidBadge';
import { STICKY_CELL, STICKY_HEADER_CELL, TableRegion } from '../../components/TableRegion';
import { Absent } from '../../components/Value';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { links } from '../../shell/links';
import { useRefundPreflight } from '../refunds/use-refunds';
import { useTeamStatus } from '../team/use-team';
import { actsOn, prettyBody, queueOrder, type ApprovalAct } from './approvals-view';
import { useApproval, useApprovalActs, useApprovals } from './use-approvals';

/**
 * /approvals: the active environment's four-eyes queue (docs/architecture.md, "Team mode:
 * approvals"). An approver reads a request's exact body and its hash, and approves that hash; the
 * maker withdraws their own; an approved request is sent from here. The team database decides
 * who may: a refusal is its answer, shown as it said it.
 */
export default function ApprovalsScreen() {
  const { t } = useTranslation('team');
  const status = useTeamStatus();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('approvals.title')}</Title>
        <Text size="sm">{t('approvals.intro')}</Text>
      </Stack>
      <QueryState query={status} label={t('loading')}>
        {(view) =>
          view.inTeam ? (
            <Queue />
          ) : (
            <Text size="sm" data-testid="approvals-not-joined">
              {t('approvals.notJoined')}{' '}
              <Anchor component={Link} to={links.team()}>
                {t('approvals.teamScreen')}
              </Anchor>
            </Text>
          )
        }
      </QueryState>
    </Stack>
  );
}

function Queue() {
  const { t } = useTranslation('team');
  const [all, setAll] = useState(false);
  // The open request is in the address (links.approval), so a notification or a paydesk:// link
  // opens it; anything but a request id there opens none.
  const [params, setParams] = useSearchParams();
  const asked = params.get('request');
  const selected = asked !== null && APPROVAL_REQUEST_ID.test(asked) ? asked : null;
  const setSelected = (requestId: string) => setParams({ request: requestId }, { replace: true });
  const approvals = useApprovals(all);
  return (
    <>
      <Section title={t('approvals.queue.title')} testId="approvals-queue">
        <Stack gap="sm">
          <Switch
            label={t('approvals.queue.showClosed')}
            checked={all}
            onChange={(event) => setAll(event.currentTarget.checked)}
            data-testid="approvals-show-closed"
          />
          <QueryState query={approvals} label={t('approvals.queue.loading')}>
            {(requests) =>
              requests.length === 0 ? (
                <Text size="sm" data-testid="approvals-empty">
                  {all ? t('approvals.queue.noneAtAll') : t('approvals.queue.none')}
                </Text>
              ) : (
                <QueueTable requests={queueOrder(requests)} selected={selected} onSelect={setSelected} />
              )
            }
          </QueryState>
        </Stack>
      </Section>
      {selected !== null && <RequestDetail requestId={selected} />}
    </>
  );
}

const STATE_COLORS: Record<ApprovalRequestState, BadgeColor> = {
  waiting: 'orange',
  approved: 'blue',
  claimed: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

function StateBadge({ state }: { state: ApprovalRequestState }) {
  const { t } = useTranslation('team');
  return (
    <SolidBadge color={STATE_COLORS[state]} data-state={state}>
      {t(`approvals.state.${state}`)}
    </SolidBadge>
  );
}

function QueueTable({
  requests,
  selected,
  onSelect,
}: {
  requests: readonly ApprovalRequestView[];
  selected: string | null;
  onSelect: (requestId: string) => void;
}) {
  const { t } = useTranslation('team');
  const format = useFormat();
  return (
    <TableRegion label={t('approvals.queue.regionLabel')} testId="approvals-box">
      <Table verticalSpacing="xs" data-testid="approvals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_HEADER_CELL}>
              {t('approvals.column.request')}
            </Table.Th>
            <Table.Th scope="col">{t('approvals.column.action')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.target')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.amount')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.depositNow')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.maker')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.reason')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.state')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.approvals')}</Table.Th>
            <Table.Th scope="col">{t('approvals.column.expires')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr
              key={request.id}
              data-request={request.id}
              data-state={request.state}
              aria-selected={request.id === selected}
            >
              <Table.Th scope="row" style={{ ...STICKY_CELL, fontWeight: 'normal' }}>
                <Button
                  variant={request.id === selected ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => onSelect(request.id)}
                  aria-pressed={request.id === selected}
                  data-testid="approval-open"
                >
                  {t('approvals.requestNumber', { id: request.id })}
                </Button>
              </Table.Th>
              <Table.Td data-field="action">{t(`approvals.action.${request.action}`)}</Table.Td>
              <Table.Td data-field="target">
                {t(`approvals.targetKind.${request.target.kind}`)} <Code>{request.target.id}</Code>
              </Table.Td>
              <Table.Td data-field="amount">
                {request.amount === null ? <Absent /> : `${request.amount} ${request.currency ?? ''}`.trim()}
              </Table.Td>
              <Table.Td data-field="depositNow">
                {request.action === 'refund' && request.target.kind === 'deposit' ? (
                  <DepositNow depositId={Number(request.target.id)} />
                ) : (
                  <Absent />
                )}
              </Table.Td>
              <Table.Td data-field="maker">
                {request.madeBy}
                {request.madeByYou && ` (${t('people.you')})`}
              </Table.Td>
              <Table.Td data-field="reason">{request.reason}</Table.Td>
              <Table.Td data-field="state">
                <StateBadge state={request.state} />
              </Table.Td>
              <Table.Td data-field="approvals">
                {request.approvedBy.length}/{request.approversNeeded}
              </Table.Td>
              <Table.Td data-field="expires">
                {request.expiresAt === null ? <Absent /> : format.dateTime(request.expiresAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

/**
 * A refund request's deposit as it is now: its status read afresh and what is left to refund after
 * every desk's refunds (the refund form's own pre-flight, so one figure, computed once, in main).
 */
function DepositNow({ depositId }: { depositId: number }) {
  const { t } = useTranslation('team');
  const preflight = useRefundPreflight(depositId);
  return (
    <QueryState query={preflight} label={t('approvals.queue.depositLoading')}>
      {(now) => (
        <Group gap={6} wrap="nowrap">
          <StatusBadge entity="deposit" status={now.deposit.record.status} />
          <Text size="sm" span data-field="left">
            {t('approvals.queue.left')} <Money amount={now.remaining} currency={now.currency} />
          </Text>
        </Group>
      )}
    </QueryState>
  );
}

function RequestDetail({ requestId }: { requestId: string }) {
  const { t } = useTranslation('team');
  const request = useApproval(requestId);
  return (
    <Section title={t('approvals.detail.title', { id: requestId })} testId="approval-detail">
      <QueryState query={request} label={t('approvals.detail.loading')}>
        {(detail) => <Detail detail={detail} />}
      </QueryState>
    </Section>
  );
}

function Detail({ detail }: { detail: ApprovalRequestDetail }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const body = prettyBody(detail.body);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <CopyLinkButton target={{ kind: 'approval', requestId: detail.id }} />
      </Group>
      <DetailList>
        <DetailRow label={t('approvals.column.state')} field="state">
          <StateBadge state={detail.state} />
        </DetailRow>
        <DetailRow label={t('approvals.detail.hash')} field="bodyHash">
          <Group gap={4} wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere' }} data-testid="approval-hash">
              {detail.bodyHash}
            </Code>
            <CopyButton value={detail.bodyHash} label={t('approvals.detail.hash')} />
          </Group>
        </DetailRow>
        {detail.action === 'refund' && detail.target.kind === 'deposit' && (
          <DetailRow label={t('approvals.column.depositNow')} field="depositNow">
            <DepositNow depositId={Number(detail.target.id)} />
          </DetailRow>
        )}
        <DetailRow label={t('approvals.detail.approvedBy')} field="approvedBy">
          {detail.approvedBy.length === 0 ? <Absent /> : detail.approvedBy.join(', ')}
        </DetailRow>
        <DetailRow label={t('approvals.detail.createdAt')} field="createdAt">
          {format.dateTime(detail.createdAt)}
        </DetailRow>
        {detail.closedBy !== null && (
          <DetailRow label={t('approvals.detail.closedBy')} field="closedBy">
            {detail.closedBy}
            {detail.closeNote !== null && `: ${detail.closeNote}`}
          </DetailRow>
        )}
      </DetailList>
      <Text size="sm" fw={600} id={`approval-body-${detail.id}`}>
        {t('approvals.detail.body')}
      </Text>
      {body === null ? (
        <Text size="sm" data-testid="approval-body-hidden">
          {t('approvals.detail.bodyHidden')}
        </Text>
      ) : (
        <Code block data-testid="approval-body" aria-labelledby={`approval-body-${detail.id}`}>
          {body}
        </Code>
      )}
      <Acts detail={detail} />
    </Stack>
  );
}

function Acts({ detail }: { detail: ApprovalRequestDetail }) {
  const { t } = useTranslation('team');
  const acts = useApprovalActs();
  const gate = useMutationGate();
  const [open, setOpen] = useState<ApprovalAct | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const offered = actsOn(detail);
  if (offered.length === 0) return null;

  const start = (act: ApprovalAct) => {
    for (const mutation of Object.values(acts)) mutation.reset();
    setNote('');
    setReason('');
    setOpen(act);
  };
  const close = () => setOpen(null);
  const requestId = detail.id;
  const running = open === null ? null : acts[open];
  const confirm = () => {
    const done = { onSuccess: close };
    const trimmed = note.trim();
    switch (open) {
      case 'approve':
        // The hash shown above, whole: the database approves only the body it is the hash of.
        acts.approve.mutate(
          { requestId, bodyHash: detail.bodyHash, ...(trimmed && { note: trimmed }) },
          done,
        );
        break;
      case 'reject':
        if (trimmed !== '') acts.reject.mutate({ requestId, note: trimmed }, done);
        break;
      case 'withdraw':
        acts.withdraw.mutate({ requestId }, done);
        break;
      case 'send':
        acts.send.mutate({ requestId, ...reasonMeta(reason) }, done);
        break;
      case null:
        break;
    }
  };

  return (
    <Stack gap="xs">
      {offered.includes('send') && <MutationGateNotice gate={gate} />}
      <Group gap="sm">
        {offered.map((act) => (
          <Button
            key={act}
            variant={act === 'approve' || act === 'send' ? 'filled' : 'default'}
            color={act === 'reject' ? 'red' : undefined}
            disabled={act === 'send' && gate.blocked}
            onClick={() => start(act)}
            data-testid={`approval-${act}`}
          >
            {t(`approvals.act.${act}.button`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={open !== null}
        title={open === null ? '' : t(`approvals.act.${open}.title`, { id: requestId })}
        confirmLabel={open === null ? '' : t(`approvals.act.${open}.confirm`)}
        cancelLabel={t('approvals.act.keep')}
        confirmColor={open === 'reject' || open === 'withdraw' ? 'red' : 'blue'}
        busy={running?.isPending ?? false}
        error={running?.error ?? null}
        onConfirm={confirm}
        onClose={close}
      >
        <Stack gap="xs">
          <Text size="sm">
            {open === null ? '' : t(`approvals.act.${open}.body`, { hash: detail.bodyHash })}
          </Text>
          {(open === 'approve' || open === 'reject') && (
            <Textarea
              label={open === 'reject' ? t('approvals.act.reject.note') : t('approvals.act.approve.note')}
              required={open === 'reject'}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              data-autofocus
              data-testid="approval-note"
            />
          )}
          {open === 'send' && <ReasonInput value={reason} onChange={setReason} required={gate.production} />}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
