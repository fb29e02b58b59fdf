import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ConsoleFailure } from '../../api/console-failure';
import { ErrorNotice } from '../../components/ErrorNotice';
import { UnknownOutcomePanel } from '../audit/UnknownOutcome';
import type { DepositCreateForm } from './use-deposit-create-form';

/** A create that failed or was lost: what main said, and the ways on that the failure allows. */
export function DepositCreateFailure({
  deposit,
  failure,
}: {
  deposit: DepositCreateForm;
  failure: ConsoleFailure['error'];
}) {
  const { t, gate, lastSent, duplicate, setChoosing, setSettled, create, send } = deposit;
  const lostKey = failure?.kind === 'outcome_unknown' ? failure.idempotencyKey : undefined;
  // An earlier deposit with this invoice id has an unknown outcome: main sent nothing new.
  const unresolved = failure?.kind === 'intent_unresolved' ? (failure.getBlockingIntent ?? null) : null;

  return (
    <Stack gap="xs" data-testid="create-failed" data-error-kind={failure.kind}>
      <ErrorNotice error={failure} />
      {failure.kind === 'outcome_unknown' && (
        <Alert color="orange" title={t('unknown.title')} data-testid="outcome-unknown">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('unknown.explain')}</Text>
            {lostKey !== undefined && lastSent !== null ? (
              <Button
                variant="default"
                loading={create.isPending}
                disabled={gate.blocked}
                onClick={() => send({ ...lastSent, idempotencyKey: lostKey })}
                data-testid="retry-same-key"
              >
                {t('unknown.retry')}
              </Button>
            ) : (
              <Text size="sm">{t('unknown.noKey')}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {failure.kind === 'duplicate_invoice' && duplicate !== null && (
        <Group>
          <Button variant="default" onClick={() => setChoosing(true)} data-testid="duplicate-choose-again">
            {t('duplicate.chooseAgain')}
          </Button>
        </Group>
      )}
      {unresolved && (
        <UnknownOutcomePanel
          blocking={unresolved}
          onSettled={(resolution) => {
            create.reset();
            setSettled(resolution);
          }}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('form.keptAfterFailure')}
      </Text>
    </Stack>
  );
}
