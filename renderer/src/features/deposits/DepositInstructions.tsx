import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClockStatus } from '../../api/guard';
import { useRecordGet } from '../../api/records';
import { Section } from '../../components/Section';
import { useFormat } from '../../components/format-context';
import { readKeptInstructions, type KeptInstructions } from './kept-instructions';
import { PaymentInfoList, PaymentInstructionSections, useDepositPayability } from './PaymentDetails';

/**
 * A deposit this console created shows its payment instructions again, from what the record index
 * kept of the create answer, while it can still be paid: once the service says it is over (EXPIRED,
 * CANCELLED, paid…) or its expiration date passes on the service's clock, whichever comes first,
 * nothing payable is shown (payability.ts). A deposit created elsewhere shows nothing here; an
 * index that cannot be read is said by the refunds section above, once.
 */
export function DepositInstructions({ depositId, status }: { depositId: number; status: string }) {
  const { t } = useTranslation('deposits');
  const format = useFormat();
  const record = useRecordGet('deposit', String(depositId));
  const kept = record.data?.instructions;
  if (kept === undefined) return null;
  const instructions = readKeptInstructions(kept.json);
  return (
    <Section title={t('section.instructions')} testId="kept-instructions">
      <Stack>
        <Text size="xs" c="dimmed">
          {t('instructions.kept', { time: format.dateTime(record.data?.firstSeen ?? '') })}
        </Text>
        {instructions === null ? (
          <Text size="sm" data-testid="instructions-unreadable">
            {t('instructions.unreadable')}
          </Text>
        ) : (
          <Kept instructions={instructions} depositId={depositId} status={status} />
        )}
      </Stack>
    </Section>
  );
}

function Kept({
  instructions,
  depositId,
  status,
}: {
  instructions: KeptInstructions;
  depositId: number;
  status: string;
}) {
  const clock = useClockStatus();
  const offsetMs = clock.data?.offsetMs ?? null;
  const payability = useDepositPayability({
    expirationDate: instructions.paymentInfo?.expiration_date,
    status,
    offsetMs,
  });
  return (
    <>
      <PaymentInfoList info={instructions.paymentInfo} offsetMs={offsetMs} payability={payability} />
      <PaymentInstructionSections
        info={instructions.paymentInfo}
        redirectUrl={instructions.redirectUrl}
        depositId={depositId}
        offsetMs={offsetMs}
        payability={payability}
      />
    </>
  );
}
