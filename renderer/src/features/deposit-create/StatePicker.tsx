import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReference, byCountry } from '../../api/reference';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { countryName, filterStates, stateLabel } from '../reference/reference-data';

/**
 * The payer's state (D15): the country's ISO 3166-2 list, searchable by name or code. A code
 * not in the list (a draft, a country changed after) stays shown and the screen marks it.
 */
export function StatePicker({
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
  const format = useFormat();
  const states = useReference('listStates', byCountry(country));
  if (states.isError) {
    // The list is a help, not a condition: the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.payer.address.state')}
          description={t('state.typeCode')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          error={error}
          required={required}
          maxLength={3}
          autoComplete="off"
          data-field-input="payer.address.state"
        />
        <ErrorNotice error={states.error} onRetry={() => void states.refetch()} />
      </Stack>
    );
  }
  const list = states.data?.record ?? [];
  const data = list.map((state) => ({ value: state.iso, label: stateLabel(state) }));
  if (value !== '' && !list.some((state) => state.iso === value)) data.unshift({ value, label: value });
  const name = country.length === 2 ? countryName(country, format.locale) : country;
  return (
    <Select
      label={t('field.payer.address.state')}
      description={
        country.length !== 2
          ? t('state.chooseCountry')
          : states.isFetching
            ? t('state.loading', { country: name })
            : t('state.hint', { count: list.length, country: name })
      }
      placeholder={t('state.placeholder')}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      filter={({ options, search }) => {
        const shown = new Set(filterStates(list, search).map((state) => state.iso));
        return options.filter((option) => 'value' in option && shown.has(option.value));
      }}
      searchable
      clearable
      nothingFoundMessage={t('state.nothingFound')}
      disabled={country.length !== 2}
      error={error}
      required={required}
      data-field-input="payer.address.state"
      data-testid="payer-state"
    />
  );
}
