import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportedInfoInput } from '../../../../shared/contract';

/** Account types of Caixa (spec: reported_info, method CA), the one rule given as a list of values. */
const CAIXA_ACCOUNT_TYPES = ['001', '002', '003', '006', '013', '022', '023', '028'] as const;

/** One reported_info input: Caixa's account type as its list, the rest as text with main's mask. */
export function ReportedInfoInputField({
  field,
  mask,
  value,
  error,
  required,
  onChange,
}: {
  field: keyof ReportedInfoInput;
  mask: string | null;
  value: string;
  error: string | undefined;
  required: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('depositCreate');
  const label = t(`field.reported_info.${field}`);
  if (field === 'bank_account_type' && mask === null) {
    return (
      <Select
        label={label}
        required={required}
        value={value || null}
        onChange={(type) => onChange(type ?? '')}
        data={CAIXA_ACCOUNT_TYPES.map((type) => ({
          value: type,
          label: `${type} · ${t(`caixaAccountType.${type}`)}`,
        }))}
        error={error}
        data-field-input={`reported_info.${field}`}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={mask === null ? undefined : t('reportedInfo.mask', { mask })}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoComplete="off"
      spellCheck={false}
      data-field-input={`reported_info.${field}`}
    />
  );
}
