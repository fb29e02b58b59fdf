import { Select, Stack, TextInput, type ComboboxItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReference, byCountry } from '../../api/reference';
import { ErrorNotice } from '../../components/ErrorNotice';
import { filterBanks } from '../reference/reference-data';

/** Banks listed in the picker at once (the search narrows them). */
const BANK_OPTIONS_SHOWN = 50;

/** The banks of the deposit's country, searchable by name (accents ignored) or code. */
export function BankPicker({
  country,
  value,
  onChange,
  required,
  error,
}: {
  country: string | null;
  value: string;
  onChange: (code: string) => void;
  required: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('refunds');
  const banks = useReference('listBanks', byCountry(country ?? ''));
  if (country === null || banks.isError) {
    // Without the list the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.bank_code')}
          description={country === null ? t('bank.noCountry') : t('bank.typeCode')}
          required={required}
          value={value}
          inputMode="numeric"
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          autoComplete="off"
        />
        {banks.isError && <ErrorNotice error={banks.error} onRetry={() => void banks.refetch()} />}
      </Stack>
    );
  }
  const list = banks.data?.record ?? [];
  const data: ComboboxItem[] = list.map((bank) => ({
    value: String(bank.code),
    label: `${bank.code} · ${bank.name}`,
  }));
  const nameOf = new Map(list.map((bank) => [String(bank.code), bank.name]));
  return (
    <Select
      label={t('field.bank_code')}
      description={
        banks.isFetching ? t('bank.loading', { country }) : t('bank.hint', { count: list.length, country })
      }
      placeholder={t('bank.placeholder')}
      required={required}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      searchable
      clearable
      limit={BANK_OPTIONS_SHOWN}
      filter={({ options, search }) => {
        const items = options.filter((option): option is ComboboxItem => 'value' in option);
        const matching = new Set(
          filterBanks(
            items.map((item) => ({ code: Number(item.value), name: nameOf.get(item.value) ?? item.label })),
            search,
          ).map((bank) => String(bank.code)),
        );
        return items.filter((item) => matching.has(item.value));
      }}
      nothingFoundMessage={t('bank.nothingFound')}
      error={error}
      data-testid="refund-bank"
    />
  );
}
