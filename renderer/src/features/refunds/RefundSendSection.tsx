import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice';
import { MutationGateNotice, ReasonInput } from '../../components/MutationGate';
import { IntentSettledNotice, UnknownOutcomePanel } from '../audit/UnknownOutcome';
import type { RefundFormState } from './use-refund-form';

/** The form's last part: the reason, what went wrong, an earlier unknown outcome, the button. */
export function RefundSendSection({ refund }: { refund: RefundFormState }) {
  const {
    t,
    gate,
    reason,
    setReason,
    reasonMissing,
    create,
    confirming,
    blocking,
    settled,
    setSettled,
    blocked,
  } = refund;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('section.send')}>
      <Stack>
        <ReasonInput
          value={reason}
          onChange={setReason}
          required={gate.production}
          error={reasonMissing ? t('create.reasonRequired') : undefined}
        />
        <MutationGateNotice gate={gate} />
        {create.error && !confirming && (
          <Stack gap="xs" data-testid="refund-failed" data-error-kind={create.error.error.kind}>
            <ErrorNotice error={create.error} />
            <Text size="sm" c="dimmed">
              {t('create.keptAfterFailure')}
            </Text>
          </Stack>
        )}
        {blocking && (
          <UnknownOutcomePanel
            blocking={blocking}
            onSettled={(resolution) => {
              create.reset();
              setSettled(resolution);
            }}
          />
        )}
        {settled && !blocking && <IntentSettledNotice resolution={settled} />}
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={blocked || gate.blocked || blocking !== null}
            data-testid="create-refund"
          >
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
