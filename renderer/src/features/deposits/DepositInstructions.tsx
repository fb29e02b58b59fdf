import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClockStatus } from '../../api/guard';
import { useRecordGet } from '../../api/records';
import { Section } from '../../components/Section';
import { useFormat } from '../../components/format-context';
import { PaymentInfoList, PaymentInstructionSections } from '../deposit-create/PaymentDetails';
import { readKeptInstructions } from './kept-instructions';

/**
 * A deposit this console created shows its payment instructions again, from what the record index
 * kept of the create answer, with the very parts the answer showed (the QR hidden once the
 * deposit has expired on the service's clock, or the service says it is EXPIRED or CANCELLED). A deposit created elsewhere shows nothing here; an
 * index that cannot be read is said by the refunds section above, once.
 */
/** Statuses in which the payer can no longer pay: the QR goes, whatever the clocks say. */
const NO_LONGER_PAYABLE: ReadonlySet<string> = new Set(['EXPIRED', 'CANCELLED']);

export function DepositInstructions({ depositId, status }: { depositId: number; status: string }) {
  const { t } = useTranslation('deposits');
  const format = useFormat();
  const clock = useClockStatus();
  const offsetMs = clock.data?.offsetMs ?? null;
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
          <>
            <PaymentInfoList info={instructions.paymentInfo} offsetMs={offsetMs} />
            <PaymentInstructionSections
              info={instructions.paymentInfo}
              redirectUrl={instructions.redirectUrl}
              depositId={depositId}
              offsetMs={offsetMs}
              closed={NO_LONGER_PAYABLE.has(status)}
            />
          </>
        )}
      </Stack>
    </Section>
  );
}
