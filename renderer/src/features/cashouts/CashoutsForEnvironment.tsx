import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CashoutRef } from '../../../../shared/contract';
import { useRecordGet } from '../../api/records';
import { ErrorNotice } from '../../components/ErrorNotice';
import { notify } from '../../components/notify';
import { links } from '../../shell/links';
import { cashoutRefFromSearch, cashoutStatusName } from './cashout-ref';
import { useCancelCashout, type CashoutCancelVariables } from './use-cashouts';
import { CancelOutcome } from './CancelOutcome';
import { CancelPanel } from './CancelPanel';
import { CashoutRecords } from './CashoutRecords';
import { CashoutStatusPanel } from './CashoutStatusPanel';
import { LookupForm } from './LookupForm';

/** The cashouts screen within one environment: its lookup, its cancel and what they read. */
export function CashoutsForEnvironment({ environmentId }: { environmentId: string | null }) {
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

/**
 * A cashout looked up by its cashout_id alone: the external id this console's record index keeps
 * for it, since a cancel needs both ids. Main still checks that both name the same
 * cashout before cancelling. Null when the index does not know it (or cannot be read).
 */
function useKnownExternalId(ref: CashoutRef | null): string | null {
  const byIdAlone = ref?.cashoutId !== undefined && ref.externalId === undefined;
  const record = useRecordGet('cashout', byIdAlone ? String(ref.cashoutId) : null);
  return byIdAlone ? (record.data?.externalId ?? null) : null;
}
