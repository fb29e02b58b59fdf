import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DepositCheck } from '../../../../shared/contract';
import { SolidBadge } from '../../components/SolidBadge';
import type { DepositMode, TextField } from './deposit-form';

/** What the service will answer for the draft (D9), as main judged it a moment ago. */
export function FlowSummary({
  check,
  checking,
  mode,
  missing,
}: {
  check: DepositCheck | null;
  checking: boolean;
  mode: DepositMode;
  missing: readonly TextField[];
}) {
  const { t } = useTranslation('depositCreate');
  return (
    <Stack
      gap="xs"
      aria-live="polite"
      data-testid="expected-flow"
      data-flow={check?.expectedFlow ?? ''}
      data-quick-pay={check?.quickPay ?? false}
      aria-busy={checking}
    >
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {t('flow.label')}
        </Text>
        {check === null ? (
          <Text size="sm" c="dimmed">
            {t('flow.unknown')}
          </Text>
        ) : (
          <>
            <SolidBadge color={check.expectedFlow === 'ONE_SHOT' ? 'teal' : 'indigo'}>
              {check.expectedFlow}
            </SolidBadge>
            {check.quickPay && <SolidBadge color="violet">{t('flow.quickPay')}</SolidBadge>}
          </>
        )}
      </Group>
      {check !== null && (
        <Text size="sm">{check.expectedFlow === 'ONE_SHOT' ? t('flow.oneShot') : t('flow.hosted')}</Text>
      )}
      {check !== null && mode !== 'hosted' && check.expectedFlow === 'HOSTED' && missing.length > 0 && (
        <Text size="sm" fw={600} data-testid="flow-missing">
          {t('flow.missing', { fields: missing.map((field) => t(`field.${field}`)).join(', ') })}
        </Text>
      )}
      {/* QuickPay chosen but main does not see one (Mexico without a payer id): said, not blocked. */}
      {check !== null && mode === 'quick_pay' && !check.quickPay && (
        <Text size="sm" fw={600} data-testid="flow-not-quick-pay">
          {t('flow.quickPayNeedsPayerId')}
        </Text>
      )}
    </Stack>
  );
}
