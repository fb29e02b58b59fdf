import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { DEPOSIT_MODES, type DepositMode } from './deposit-form';
import type { DepositFormProps } from './deposit-form-props';

/** ONE_SHOT, HOSTED or QuickPay, with what the chosen one means. */
export function DepositModeSection({ values, onMode }: DepositFormProps) {
  const { t } = useTranslation('depositCreate');
  return (
    <Section title={t('section.mode')} testId="mode">
      <Stack gap="xs">
        <SegmentedControl
          aria-label={t('mode.label')}
          value={values.mode}
          onChange={(mode) => onMode(mode as DepositMode)}
          data={DEPOSIT_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}.label`) }))}
          data-testid="deposit-mode"
        />
        <Text size="sm" c="dimmed">
          {t(`mode.${values.mode}.explain`)}
        </Text>
      </Stack>
    </Section>
  );
}
