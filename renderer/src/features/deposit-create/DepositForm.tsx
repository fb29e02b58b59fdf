import { Stack } from '@mantine/core';
import { CryptoSection } from './CryptoSection';
import { DepositAmountSection } from './DepositAmountSection';
import { DepositModeSection } from './DepositModeSection';
import { DepositOptions } from './DepositOptions';
import { DepositPayerSection } from './DepositPayerSection';
import type { DepositFormProps } from './deposit-form-props';
import { QuickPayPayerSection } from './QuickPayPayerSection';
import { ReportedInfoSection } from './ReportedInfoSection';

/** The create-deposit form's inputs (the screen owns the values, the checks and the submit). */
export function DepositForm(props: DepositFormProps) {
  const { values, check } = props;
  const country = values.text.country.trim();
  const quickPay = values.mode === 'quick_pay';

  return (
    <Stack>
      <DepositModeSection {...props} />
      <DepositAmountSection {...props} />
      {quickPay ? (
        country === 'MX' && <QuickPayPayerSection {...props} />
      ) : (
        <DepositPayerSection {...props} />
      )}
      {!quickPay && (check?.reportedInfoRules.length ?? 0) > 0 && <ReportedInfoSection {...props} />}
      <CryptoSection {...props} />
      <DepositOptions {...props} />
    </Stack>
  );
}
