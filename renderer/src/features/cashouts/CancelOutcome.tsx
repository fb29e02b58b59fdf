import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashoutStatus, Fetched } from '../../../../shared/contract';
import type { ConsoleFailure } from '../../api/console-failure';
import { ErrorNotice } from '../../components/ErrorNotice';
import { cashoutStatusName, explainCancelFailure } from './cashout-ref';
import type { CashoutCancelVariables } from './use-cashouts';

/** What became of a cancel, in plain words; the status panel below shows the status read since. */
export function CancelOutcome({
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
