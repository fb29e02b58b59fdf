import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/MoneyInput';
import { depositCurrency, type MoneyField, type TextField } from './deposit-form';
import type { DepositFormProps } from './deposit-form-props';

/** The form's plain text and money inputs, each wired to its value, its problem and its rule. */
export function useDepositInputs({
  values,
  errors,
  required,
  onText,
}: Pick<DepositFormProps, 'values' | 'errors' | 'required' | 'onText'>) {
  const { t } = useTranslation('depositCreate');
  const input = (field: TextField, extra: Partial<TextInputProps> = {}) => (
    <TextInput
      key={field}
      label={t(`field.${field}`)}
      value={values.text[field]}
      onChange={(event) => onText(field, event.currentTarget.value)}
      error={errors[field]}
      required={required.has(field)}
      autoComplete="off"
      spellCheck={false}
      data-field-input={field}
      {...extra}
    />
  );

  const currency = depositCurrency(values);
  const money = (field: MoneyField, description?: string) => (
    <MoneyInput
      key={field}
      label={t(`field.${field}`)}
      description={description}
      currency={field === 'bonus_amount' && values.flags.bonus_relative ? null : currency}
      value={values.text[field]}
      onChange={(text) => onText(field, text)}
      error={errors[field]}
      required={required.has(field)}
      data-field-input={field}
    />
  );

  return { input, money };
}
