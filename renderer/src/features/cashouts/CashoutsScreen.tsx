import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type {
  AuditEntryView,
  CashoutRef,
  CashoutStatus,
  DraftValues,
  Fetched,
} from '../../../../shared/contract';
import { useDraft } from '../../api/drafts';
import { DraftBar } from '../../components/DraftBar';
import type { ConsoleFailure } from '../../api/console-failure';
import { useActiveEnvironment } from '../../api/environment';
import { useRecordGet } from '../../api/records';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { Value } from '../../components/Value';
import { notify } from '../../components/notify';
import { parsePositiveId } from '../../lib/jump-parser';
import { links } from '../../shell/links';
import { IntentSettledNotice, UnknownOutcomePanel } from '../audit/UnknownOutcome';
import { useBlockingIntent } from '../audit/use-audit';
import {
  MutationGateNotice,
  MutationTarget,
  ReasonInput,
  reasonMeta,
  useActiveTarget,
  useEnvironmentPhrase,
  useMutationGate,
} from '../../components/MutationGate';
import {
  cancelConsequence,
  cashoutRefFromSearch,
  cashoutStatusName,
  explainCancelFailure,
  problemsByInput,
  readCashoutIds,
  type CashoutIdsText,
} from './cashout-ref';
import { useCancelCashout, useCashoutStatus, type CashoutCancelVariables } from './use-cashouts';
import { CashoutRecords } from './CashoutRecords';
import { Section } from '../../components/Section';

/**
 * /cashouts?cashoutId=…&externalId=…: a cashout's status by either id or both (D7), and its
 * cancellation with both ids after a confirmation (in production the user types the cashout id).
 * Everything is read again on an environment switch: nothing of one environment stays on screen.
 */
export default function CashoutsScreen() {
  const active = useActiveEnvironment();
  return <CashoutsForEnvironment key={active?.id ?? ''} environmentId={active?.id ?? null} />;
}

function CashoutsForEnvironment({ environmentId }: { environmentId: string | null }) {
  const { t } = useTranslation('cashouts');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const fromUrl = cashoutRefFromSearch(search);
  const ref = fromUrl?.ok ? fromUrl.ref : null;
  const knownExternalId = useKnownExternalId(ref);
  const { mutation: cancel, rereadStatuses } = useCancelCashout();
  const [attempt, setAttempt] = useState<CashoutCancelVariables | null>(null);
  const [confirming, setConfirming] = useState(false);

  const runCancel = (variables: CashoutCancelVariables) => {
    setAttempt(variables);
    cancel.mutate(variables, {
      onSuccess: (outcome) =>
        notify({
          color: 'green',
          message: t('cancel.done', {
            id: variables.cashoutId,
            status: cashoutStatusName(outcome.status.record),
          }),
        }),
      onSettled: () => {
        setConfirming(false);
        // Whatever happened, the status below is read again by both ids: what it says now.
        rereadStatuses();
        void navigate(links.cashout({ cashoutId: variables.cashoutId, externalId: variables.externalId }));
      },
    });
  };

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <LookupForm
          key={`lookup:${search.toString()}`}
          initialCashoutId={search.get('cashoutId') ?? ''}
          initialExternalId={search.get('externalId') ?? ''}
        />
        <CancelPanel
          // Filled again once the record index answers (before anything is typed, in practice).
          key={`cancel:${search.toString()}:${knownExternalId ?? ''}`}
          environmentId={environmentId}
          initialCashoutId={search.get('cashoutId') ?? ''}
          initialExternalId={search.get('externalId') ?? knownExternalId ?? ''}
          externalIdFromRecords={knownExternalId !== null}
          confirming={confirming}
          onConfirming={(open) => {
            if (open) cancel.reset();
            setConfirming(open);
          }}
          busy={cancel.isPending}
          onCancel={runCancel}
        />
      </SimpleGrid>
      {attempt !== null && !cancel.isPending && !confirming && (cancel.isSuccess || cancel.isError) && (
        <CancelOutcome attempt={attempt} error={cancel.error} status={cancel.data?.status ?? null} />
      )}
      {fromUrl !== null && !fromUrl.ok && (
        <ErrorNotice
          error={{
            kind: 'validation',
            field: 'cashoutId',
            message: t('lookup.badUrl', { query: search.toString() }),
          }}
        />
      )}
      {ref !== null && <CashoutStatusPanel cashoutRef={ref} knownExternalId={knownExternalId} />}
      {fromUrl === null && <CashoutRecords query={search.get('q')} />}
    </Stack>
  );
}

function IdInputs({
  cashoutId,
  externalId,
  onCashoutId,
  onExternalId,
  errors,
  required,
  testIdPrefix,
  autoFocus,
  externalIdNote,
}: {
  cashoutId: string;
  externalId: string;
  onCashoutId: (value: string) => void;
  onExternalId: (value: string) => void;
  errors: { cashoutId?: string; externalId?: string };
  required: boolean;
  testIdPrefix: string;
  autoFocus?: boolean;
  /** Said under the external id instead of its hint (where a filled-in value came from). */
  externalIdNote?: string | undefined;
}) {
  const { t } = useTranslation('cashouts');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('field.cashout_id')}
        description={t('ids.cashoutIdHint')}
        value={cashoutId}
        inputMode="numeric"
        required={required}
        autoComplete="off"
        autoFocus={autoFocus}
        onChange={(event) => onCashoutId(event.currentTarget.value)}
        error={errors.cashoutId}
        data-testid={`${testIdPrefix}-cashout-id`}
      />
      <TextInput
        label={t('field.external_id')}
        description={externalIdNote ?? t('ids.externalIdHint')}
        value={externalId}
        required={required}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onExternalId(event.currentTarget.value)}
        error={errors.externalId}
        data-testid={`${testIdPrefix}-external-id`}
      />
    </SimpleGrid>
  );
}

function useProblemTexts() {
  const { t } = useTranslation('cashouts');
  return (problems: ReturnType<typeof problemsByInput>) => ({
    ...(problems.cashoutId && { cashoutId: t(`ids.${problems.cashoutId}`) }),
    ...(problems.externalId && { externalId: t(`ids.${problems.externalId}`) }),
  });
}

function LookupForm({
  initialCashoutId,
  initialExternalId,
}: {
  initialCashoutId: string;
  initialExternalId: string;
}) {
  const { t } = useTranslation('cashouts');
  const navigate = useNavigate();
  const [cashoutId, setCashoutId] = useState(initialCashoutId);
  const [externalId, setExternalId] = useState(initialExternalId);
  const [result, setResult] = useState<CashoutIdsText | null>(null);
  const problemTexts = useProblemTexts();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('lookup.title')}>
      <form
        role="search"
        aria-label={t('lookup.formLabel')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const read = readCashoutIds(cashoutId, externalId, { needBoth: false });
          setResult(read);
          if (read.ok) void navigate(links.cashout(read.ref));
        }}
      >
        <Stack>
          <Title order={3} size="h5">
            {t('lookup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lookup.explain')}
          </Text>
          <IdInputs
            cashoutId={cashoutId}
            externalId={externalId}
            onCashoutId={(value) => {
              setCashoutId(value);
              setResult(null);
            }}
            onExternalId={(value) => {
              setExternalId(value);
              setResult(null);
            }}
            errors={result ? problemTexts(problemsByInput(result)) : {}}
            required={false}
            testIdPrefix="lookup"
            autoFocus={initialCashoutId === '' && initialExternalId === ''}
          />
          <Group justify="flex-end">
            <Button type="submit" data-testid="cashout-lookup-submit">
              {t('lookup.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

interface CancelIds {
  cashoutId: string;
  externalId: string;
}

const cancelDraftOf = (ids: CancelIds): DraftValues => ({ ...ids });

function CancelPanel({
  environmentId,
  initialCashoutId,
  initialExternalId,
  externalIdFromRecords,
  confirming,
  onConfirming,
  busy,
  onCancel,
}: {
  environmentId: string | null;
  initialCashoutId: string;
  initialExternalId: string;
  /** The external id was filled in from the record index, not from the address. */
  externalIdFromRecords: boolean;
  confirming: boolean;
  onConfirming: (open: boolean) => void;
  busy: boolean;
  onCancel: (variables: CashoutCancelVariables) => void;
}) {
  const { t } = useTranslation('cashouts');
  const gate = useMutationGate();
  const target = useActiveTarget();
  const phrase = useEnvironmentPhrase();
  const [cashoutId, setCashoutId] = useState(initialCashoutId);
  const [externalId, setExternalId] = useState(initialExternalId);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [blank] = useState<CancelIds>({ cashoutId: initialCashoutId, externalId: initialExternalId });
  // Ids from the address (a cashout looked up) win over a draft; typing over them makes the draft.
  const fromAddress = initialCashoutId !== '' || initialExternalId !== '';
  const draft = useDraft<CancelIds>({
    form: 'cashout-cancel',
    environmentId,
    values: { cashoutId, externalId },
    reason: { value: reason, onRestore: setReason },
    blank,
    toDraft: cancelDraftOf,
    fromDraft: (saved) =>
      fromAddress
        ? null
        : {
            cashoutId: typeof saved.cashoutId === 'string' ? saved.cashoutId : '',
            externalId: typeof saved.externalId === 'string' ? saved.externalId : '',
          },
    onRestore: (ids) => {
      setCashoutId(ids.cashoutId);
      setExternalId(ids.externalId);
    },
  });
  const ids = readCashoutIds(cashoutId, externalId, { needBoth: true });
  // A cancel of this cashout whose outcome is unknown: main refuses another until it is settled.
  const typedCashoutId = parsePositiveId(cashoutId.trim());
  const blocking =
    useBlockingIntent('cashout.cancel', typedCashoutId === null ? null : { cashout_id: typedCashoutId })
      .data ?? null;
  const [settled, setSettled] = useState<AuditEntryView | null>(null);
  const problemTexts = useProblemTexts();
  const reasonMissing = submitted && gate.production && reason.trim() === '';
  const form = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return (
    <Paper withBorder p="md" component="section" aria-label={t('cancel.title')} data-section="cancel">
      <form
        ref={form}
        noValidate
        aria-label={t('cancel.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!ids.ok || gate.blocked || blocking !== null || (gate.production && reason.trim() === '')) {
            setFocusRequest((count) => count + 1);
            return;
          }
          onConfirming(true);
        }}
      >
        <Stack>
          <Title order={3} size="h5">
            {t('cancel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('cancel.explain')}
          </Text>
          <DraftBar
            draft={draft}
            onDiscarded={() => {
              setCashoutId(blank.cashoutId);
              setExternalId(blank.externalId);
              setReason('');
              setSubmitted(false);
            }}
          />
          <IdInputs
            cashoutId={cashoutId}
            externalId={externalId}
            onCashoutId={setCashoutId}
            onExternalId={setExternalId}
            errors={submitted ? problemTexts(problemsByInput(ids)) : {}}
            required
            testIdPrefix="cancel"
            externalIdNote={
              externalIdFromRecords && externalId === initialExternalId
                ? t('cancel.externalIdFromRecords')
                : undefined
            }
          />
          <ReasonInput
            value={reason}
            onChange={setReason}
            required={gate.production}
            error={reasonMissing ? t('cancel.reasonRequired') : undefined}
          />
          <MutationGateNotice gate={gate} />
          {blocking && <UnknownOutcomePanel blocking={blocking} onSettled={setSettled} />}
          {settled && !blocking && <IntentSettledNotice resolution={settled} />}
          <Group justify="flex-end">
            <Button
              type="submit"
              color="red"
              variant="outline"
              disabled={gate.blocked || blocking !== null}
              data-testid="cancel-cashout"
            >
              {t('cancel.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {ids.ok && ids.ref.cashoutId !== undefined && ids.ref.externalId !== undefined && (
        <ConfirmDialog
          opened={confirming}
          title={t('cancel.confirmTitle', { id: ids.ref.cashoutId })}
          confirmLabel={t('cancel.confirm')}
          cancelLabel={t('cancel.keep')}
          confirmColor="red"
          typeToConfirm={gate.production ? String(ids.ref.cashoutId) : undefined}
          busy={busy}
          onConfirm={(typed) => {
            draft.beforeSend();
            onCancel({
              cashoutId: ids.ref.cashoutId ?? 0,
              externalId: ids.ref.externalId ?? '',
              ...(gate.production && { typedConfirmation: typed }),
              ...reasonMeta(reason),
            });
          }}
          onClose={() => onConfirming(false)}
        >
          <Stack gap="xs">
            {target && <MutationTarget environment={target} />}
            <Text size="sm" data-testid="cancel-confirm-summary">
              {t('cancel.confirmSummary', {
                id: ids.ref.cashoutId,
                externalId: ids.ref.externalId,
                environment: target ? phrase(target) : '—',
              })}
            </Text>
            <CancelConsequenceText cashoutRef={ids.ref} />
            <Text size="sm">{t('cancel.confirmGuard')}</Text>
            {gate.production && (
              <Text size="sm" fw={700}>
                {t('cancel.confirmProduction')}
              </Text>
            )}
          </Stack>
        </ConfirmDialog>
      )}
    </Paper>
  );
}

/** What the cancel would do to this cashout, from its status as last read (by both ids). */
function CancelConsequenceText({ cashoutRef }: { cashoutRef: CashoutRef }) {
  const { t } = useTranslation('cashouts');
  const status = useCashoutStatus(cashoutRef);
  const record = status.data?.record ?? null;
  const consequence = cancelConsequence(record);
  return (
    <Text size="sm" data-testid="cancel-confirm-consequence" data-consequence={consequence}>
      {t(`cancel.consequence.${consequence}`)}
    </Text>
  );
}

/** What became of a cancel, in plain words; the status panel below shows the status read since. */
function CancelOutcome({
  attempt,
  error,
  status,
}: {
  attempt: CashoutCancelVariables;
  error: ConsoleFailure | null;
  status: Fetched<CashoutStatus> | null;
}) {
  const { t } = useTranslation('cashouts');
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), [attempt]);
  if (error === null) {
    return (
      <Alert
        ref={heading}
        tabIndex={-1}
        color="green"
        title={t('cancel.doneTitle', { id: attempt.cashoutId })}
        data-testid="cancel-outcome"
        data-outcome="cancelled"
      >
        <Text size="sm">
          {t('cancel.doneBody', {
            status: status ? cashoutStatusName(status.record) : '—',
            description: status?.record.cashout_status_description ?? '—',
          })}
        </Text>
      </Alert>
    );
  }
  const explanation = explainCancelFailure(error.error);
  const ids = { id: attempt.cashoutId, externalId: attempt.externalId };
  return (
    <Stack
      gap="xs"
      ref={heading}
      tabIndex={-1}
      data-testid="cancel-outcome"
      data-outcome={explanation ?? error.error.kind}
    >
      {/* One box: the plain-words reading as its title and lead, then what main said and the details. */}
      <ErrorNotice
        error={error}
        data-testid="cancel-explanation"
        {...(explanation !== null && {
          explained: {
            title: t(`cancel.why.${explanation}.title`, ids),
            body: <Text size="sm">{t(`cancel.why.${explanation}.body`, ids)}</Text>,
          },
        })}
      />
    </Stack>
  );
}

function refLabel(ref: CashoutRef): string {
  return [ref.cashoutId !== undefined ? String(ref.cashoutId) : null, ref.externalId ?? null]
    .filter((part): part is string => part !== null)
    .join(' / ');
}

function CashoutStatusPanel({
  cashoutRef,
  knownExternalId,
}: {
  cashoutRef: CashoutRef;
  knownExternalId: string | null;
}) {
  const { t } = useTranslation('cashouts');
  const query = useCashoutStatus(cashoutRef);
  return (
    <QueryState
      query={query}
      label={t('status.loading', { ids: refLabel(cashoutRef) })}
      skeleton={<SkeletonCard lines={5} />}
    >
      {(fetched) => (
        <CashoutRecord
          cashoutRef={cashoutRef}
          knownExternalId={knownExternalId}
          fetched={fetched}
          refreshing={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      )}
    </QueryState>
  );
}

function CashoutRecord({
  cashoutRef,
  knownExternalId,
  fetched,
  refreshing,
  onRefresh,
}: {
  cashoutRef: CashoutRef;
  knownExternalId: string | null;
  fetched: Fetched<CashoutStatus>;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('cashouts');
  const status = fetched.record;
  const name = cashoutStatusName(status);
  return (
    <Stack data-testid="cashout-status" data-status-code={status.cashout_status}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3} size="h3">
            {t('status.heading', { ids: refLabel(cashoutRef) })}
          </Title>
          <StatusBadge entity="cashout" status={name} />
        </Group>
        <Button variant="default" onClick={onRefresh} loading={refreshing} data-testid="cashout-refresh">
          {t('status.refresh')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('section.status')} testId="status">
          <DetailList>
            <DetailRow
              label={t('field.cashout_id')}
              field="cashout_id"
              copyId={cashoutRef.cashoutId === undefined ? undefined : String(cashoutRef.cashoutId)}
            >
              <Value value={cashoutRef.cashoutId === undefined ? undefined : String(cashoutRef.cashoutId)}>
                <Group gap={4} wrap="nowrap" component="span">
                  {String(cashoutRef.cashoutId)}
                  <CopyButton value={String(cashoutRef.cashoutId)} label={t('field.cashout_id')} />
                </Group>
              </Value>
            </DetailRow>
            <DetailRow
              label={t('field.external_id')}
              field="external_id"
              copyId={cashoutRef.externalId ?? knownExternalId ?? undefined}
            >
              {cashoutRef.externalId === undefined && knownExternalId !== null ? (
                <Text span size="sm" data-from-records="true">
                  {t('status.externalIdFromRecords', { externalId: knownExternalId })}
                </Text>
              ) : (
                <Value value={cashoutRef.externalId} />
              )}
            </DetailRow>
            <DetailRow label={t('field.cashout_status')} field="cashout_status">
              <Value value={String(status.cashout_status)} />
            </DetailRow>
            <DetailRow label={t('field.cashout_status_description')} field="cashout_status_description">
              <Value value={status.cashout_status_description} />
            </DetailRow>
            <DetailRow label={t('field.rejection_code')} field="rejection_code">
              <Value
                value={status.rejection_code === undefined ? undefined : String(status.rejection_code)}
              />
            </DetailRow>
            <DetailRow label={t('field.rejection_reason')} field="rejection_reason">
              <Value value={status.rejection_reason} />
            </DetailRow>
          </DetailList>
          {name === 'PENDING' && (
            <Text size="sm" mt="sm" data-testid="cancellable">
              {t('status.cancellable')}
            </Text>
          )}
        </Section>
        <Section title={t('section.raw')} testId="raw">
          <JsonView raw={fetched.raw} unknownFields={fetched.unknownFields} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A cashout looked up by its cashout_id alone: the external id this console's record index keeps
 * for it (issue 27), since a cancel needs both ids. Main still checks that both name the same
 * cashout before cancelling. Null when the index does not know it (or cannot be read).
 */
function useKnownExternalId(ref: CashoutRef | null): string | null {
  const byIdAlone = ref?.cashoutId !== undefined && ref.externalId === undefined;
  const record = useRecordGet('cashout', byIdAlone ? String(ref.cashoutId) : null);
  return byIdAlone ? (record.data?.externalId ?? null) : null;
}
