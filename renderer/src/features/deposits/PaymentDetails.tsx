import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Countdown, useNow } from '../../components/Countdown';
import { DetailList, DetailRow } from '../../components/DetailList';
import { Money } from '../../components/Money';
import { Absent, Value } from '../../components/Value';
import {
  PaymentInstructionSections as PayableInstructions,
  type PaymentInfo,
} from '../deposit-create/PaymentDetails';
import { depositPayability, type Payability } from './payability';

/**
 * What a created deposit asks of the payer: shown right after creation (DepositAnswer) and again
 * on the deposit's page from what the console kept of the answer. Once the deposit can no longer be
 * paid (payability.ts: its status, or its expiration date on the service's clock) nothing payable
 * is shown: no QR, no line or code to copy, no payer's link, and the time left says why. While it
 * can be, the instructions are drawn by deposit-create's PaymentDetails, the one place that draws
 * them. Texts: depositCreate, deposits.
 */

/**
 * Whether the deposit can still be paid, judged again every second: the expiration date passes
 * while the page is open. `status`: the deposit's status from the service, when read.
 */
export function useDepositPayability({
  expirationDate,
  status,
  offsetMs,
}: {
  expirationDate: string | undefined;
  status?: string | undefined;
  /** ClockStatus.offsetMs: service time minus local time. */
  offsetMs: number | null;
}): Payability {
  const serviceNowMs = useNow() + (offsetMs ?? 0);
  return depositPayability({ status, expirationDate, serviceNowMs });
}

/** The payment part of the answer: method, amount, expiry and the time left (none once not payable). */
export function PaymentInfoList({
  info,
  offsetMs,
  payability,
}: {
  info: PaymentInfo | undefined;
  offsetMs: number | null;
  payability: Payability;
}) {
  const { t } = useTranslation('depositCreate');
  if (info === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t('answer.noPaymentInfo')}
      </Text>
    );
  }
  return (
    <DetailList>
      <DetailRow label={t('answer.field.payment_method')} field="payment_info.payment_method">
        <Value value={info.payment_method}>
          {info.payment_method_name
            ? `${info.payment_method_name} (${info.payment_method})`
            : info.payment_method}
        </Value>
      </DetailRow>
      <DetailRow label={t('answer.field.type')} field="payment_info.type">
        <Value value={info.type} />
      </DetailRow>
      <DetailRow label={t('answer.field.amount')} field="payment_info.amount">
        <Money amount={info.amount} currency={info.currency} />
      </DetailRow>
      <DetailRow label={t('answer.field.created_at')} field="payment_info.created_at">
        <Value value={info.created_at} />
      </DetailRow>
      <DetailRow label={t('answer.field.expiration_date')} field="payment_info.expiration_date">
        <Value value={info.expiration_date}>{t('answer.serviceTime', { time: info.expiration_date })}</Value>
      </DetailRow>
      <DetailRow label={t('answer.field.timeLeft')} field="timeLeft">
        <TimeLeft expirationDate={info.expiration_date} offsetMs={offsetMs} payability={payability} />
      </DetailRow>
    </DetailList>
  );
}

/** The countdown while payable; "Expired", or the status that closed it, once not. */
function TimeLeft({
  expirationDate,
  offsetMs,
  payability,
}: {
  expirationDate: string | undefined;
  offsetMs: number | null;
  payability: Payability;
}) {
  const { t } = useTranslation('deposits');
  if (!payability.payable && payability.reason === 'closed') {
    return (
      <Text span size="sm" data-testid="not-payable" data-status={payability.status}>
        {t('payability.closedShort', { status: payability.status })}
      </Text>
    );
  }
  if (!payability.payable) return <Countdown to={expirationDate ?? ''} offsetMs={offsetMs} expired />;
  return expirationDate ? <Countdown to={expirationDate} offsetMs={offsetMs} /> : <Absent />;
}

/**
 * The payer's instructions (metadata and secondary metadata) and the link to send the payer to,
 * while the deposit can be paid, drawn as the create answer draws them (deposit-create's
 * PaymentDetails); once it cannot, one notice says why they are withheld.
 */
export function PaymentInstructionSections({
  info,
  redirectUrl,
  depositId,
  offsetMs,
  payability,
}: {
  info: PaymentInfo | undefined;
  redirectUrl: string | undefined;
  depositId: number;
  offsetMs: number | null;
  payability: Payability;
}) {
  const anything =
    info?.metadata !== undefined || info?.secondary_metadata !== undefined || redirectUrl !== undefined;
  if (!payability.payable) return anything ? <Withheld payability={payability} /> : null;
  return (
    <PayableInstructions info={info} redirectUrl={redirectUrl} depositId={depositId} offsetMs={offsetMs} />
  );
}

/** Said in place of the instructions and the link: why nothing payable is shown any more. */
function Withheld({ payability }: { payability: Exclude<Payability, { payable: true }> }) {
  const { t } = useTranslation('deposits');
  const { t: tCreate } = useTranslation('depositCreate');
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={tCreate('answer.section.instructions')}
      data-section="instructions-withheld"
    >
      <Text size="sm" fw={600} data-testid="instructions-withheld" data-reason={payability.reason}>
        {payability.reason === 'expired'
          ? t('payability.withheldExpired')
          : t('payability.withheldClosed', { status: payability.status })}
      </Text>
    </Paper>
  );
}
