import { Stack } from '@mantine/core';
import type { RefundPreflight } from '../../../../shared/contract';
import { DraftBar } from '../../components/DraftBar';
import { DepositSummary } from './DepositSummary';
import { PreflightNotices } from './PreflightNotices';
import { RefundBankAccountSection } from './RefundBankAccountSection';
import { RefundConfirmDialog } from './RefundConfirmDialog';
import { RefundDetailsSection } from './RefundDetailsSection';
import { RefundSendSection } from './RefundSendSection';
import { useRefundForm } from './use-refund-form';

/** The refund of one deposit, as main's pre-flight allows it, then its confirmation. */
export function RefundForm({
  depositId,
  environmentId,
  preflight,
}: {
  depositId: number;
  environmentId: string | null;
  preflight: RefundPreflight;
}) {
  const refund = useRefundForm({ depositId, environmentId, preflight });
  const {
    t,
    gate,
    blank,
    setValues,
    reason,
    setReason,
    setSubmitted,
    setConfirming,
    setFocusRequest,
    form,
    create,
    draft,
    problems,
    blocked,
    blocking,
  } = refund;

  return (
    <Stack data-testid="refund-form" data-deposit-id={depositId}>
      <DepositSummary preflight={preflight} />
      <PreflightNotices preflight={preflight} />

      <form
        ref={form}
        noValidate
        aria-label={t('create.formLabel', { id: depositId })}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (
            blocked ||
            gate.blocked ||
            blocking !== null ||
            Object.keys(problems).length > 0 ||
            (gate.production && reason.trim() === '')
          ) {
            setFocusRequest((count) => count + 1);
            return;
          }
          create.reset();
          setConfirming(true);
        }}
      >
        <Stack>
          <DraftBar
            draft={draft}
            onDiscarded={() => {
              setValues(blank);
              setReason('');
              setSubmitted(false);
            }}
          />
          <RefundDetailsSection refund={refund} />
          <RefundBankAccountSection refund={refund} />
          <RefundSendSection refund={refund} />
        </Stack>
      </form>

      <RefundConfirmDialog refund={refund} />
    </Stack>
  );
}
