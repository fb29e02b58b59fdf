import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView, DraftValues } from '../../../../shared/contract';
import { useDraft } from '../../api/drafts';
import { DraftBar } from '../../components/DraftBar';
import {
  MutationGateNotice,
  ReasonInput,
  useActiveTarget,
  useEnvironmentPhrase,
  useMutationGate,
} from '../../components/MutationGate';
import { parsePositiveId } from '../../lib/jump-parser';
import { IntentSettledNotice, UnknownOutcomePanel } from '../audit/UnknownOutcome';
import { useBlockingIntent } from '../audit/use-audit';
import { problemsByInput, readCashoutIds } from './cashout-ref';
import { CancelConfirmDialog } from './CancelConfirmDialog';
import { IdInputs, useProblemTexts } from './IdInputs';
import type { CashoutCancelVariables } from './use-cashouts';

interface CancelIds {
  cashoutId: string;
  externalId: string;
}

const cancelDraftOf = (ids: CancelIds): DraftValues => ({ ...ids });

/** The cancel of a cashout by both ids, with its reason, its draft and its confirmation. */
export function CancelPanel({
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
        <CancelConfirmDialog
          cashoutRef={ids.ref}
          confirming={confirming}
          gate={gate}
          target={target}
          phrase={phrase}
          reason={reason}
          busy={busy}
          draft={draft}
          onConfirming={onConfirming}
          onCancel={onCancel}
        />
      )}
    </Paper>
  );
}
