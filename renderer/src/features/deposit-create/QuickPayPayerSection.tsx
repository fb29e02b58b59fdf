import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import type { DepositFormProps } from './deposit-form-props';
import { useDepositInputs } from './use-deposit-inputs';

/** A QuickPay deposit in Mexico asks only for the payer's id. */
export function QuickPayPayerSection(props: DepositFormProps) {
  const { t } = useTranslation('depositCreate');
  const { input } = useDepositInputs(props);
  return (
    <Section title={t('section.payer')} testId="payer">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('quickPay.payerIdOnly')}
        </Text>
        {input('payer.id', { maxLength: 128, description: t('quickPay.payerIdHint') })}
      </Stack>
    </Section>
  );
}
