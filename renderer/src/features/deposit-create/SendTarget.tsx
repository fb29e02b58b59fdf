import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DepositCreateBody } from '../../../../shared/contract';
import { MutationTarget, useActiveTarget, useEnvironmentPhrase } from '../../components/MutationGate';
import { useFormat } from '../../components/format-context';
import { REFERENCE_COUNTRIES } from '../reference/reference-data';

/**
 * The deposit's confirmation step, next to its button: what is created and where, e.g. "Create a
 * deposit of BRL 100.00 (invoice INV-1) in Testing". Without a currency the country's is shown.
 */
export function SendTarget({ body, amountRead }: { body: DepositCreateBody; amountRead: boolean }) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const target = useActiveTarget();
  const phrase = useEnvironmentPhrase();
  if (!target) return null;
  // An amount typed the wrong way is not summarised as the number it might have meant.
  const amount = !amountRead
    ? Number.NaN
    : typeof body.amount === 'number'
      ? body.amount
      : Number(body.amount);
  const currency =
    body.currency ?? REFERENCE_COUNTRIES.find((country) => country.code === body.country)?.currency;
  const environment = phrase(target);
  const sentence = !(Number.isFinite(amount) && amount > 0)
    ? t('form.targetNoAmount', { environment })
    : body.invoice_id === undefined
      ? t('form.targetNoInvoice', { amount: format.money(amount, currency, { exact: true }), environment })
      : t('form.target', {
          amount: format.money(amount, currency, { exact: true }),
          invoice: body.invoice_id,
          environment,
        });
  return (
    <Stack gap="xs">
      <MutationTarget environment={target} />
      <Text size="sm" fw={600} data-testid="deposit-confirm-summary">
        {sentence}
      </Text>
    </Stack>
  );
}
