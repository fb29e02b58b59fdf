import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReference, byCountry } from '../../api/reference';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isMethodAvailable } from '../reference/reference-data';

/** The deposit's payment method: the country's methods, or a code typed when the list is not there. */
export function PaymentMethodPicker({
  country,
  value,
  onChange,
  error,
  required,
}: {
  country: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  required: boolean;
}) {
  const { t } = useTranslation('depositCreate');
  const methods = useReference('listPaymentMethods', byCountry(country));
  if (methods.isError) {
    // The list is a help, not a condition: the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.payment_method')}
          description={t('method.typeCode')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          required={required}
          autoComplete="off"
          data-field-input="payment_method"
        />
        <ErrorNotice error={methods.error} onRetry={() => void methods.refetch()} />
      </Stack>
    );
  }
  const list = methods.data?.record ?? [];
  const known = list.some((method) => method.code === value);
  const data = list.map((method) => ({
    value: method.code,
    label: isMethodAvailable(method.status)
      ? t('method.option', { name: method.name, code: method.code, type: method.type })
      : t('method.optionUnavailable', {
          name: method.name,
          code: method.code,
          type: method.type,
          status: method.status,
        }),
  }));
  // A code typed before the list arrived (or not in it) stays visible and selected.
  if (value !== '' && !known) data.unshift({ value, label: value });
  return (
    <Select
      label={t('field.payment_method')}
      description={
        country.length !== 2
          ? t('method.chooseCountry')
          : methods.isFetching
            ? t('method.loading', { country })
            : // Optional for a hosted deposit, required for a one-shot one: the hint says which.
              t(required ? 'method.hintRequired' : 'method.hint', { count: list.length, country })
      }
      placeholder={t('method.placeholder')}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t('method.nothingFound')}
      disabled={country.length !== 2}
      error={error}
      required={required}
      data-field-input="payment_method"
      data-testid="payment-method"
    />
  );
}
