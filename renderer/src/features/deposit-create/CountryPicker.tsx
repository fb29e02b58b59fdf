import { Select, type ComboboxItem } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format-context';
import { countryName, foldForSearch, REFERENCE_COUNTRIES } from '../reference/reference-data';

/**
 * The deposit's country: the countries the service serves, by name and code, searchable in either
 * (accents and case ignored). A code typed whole ("BR") picks its country; text that names none
 * ("CHL") is kept in the error on this field, never cut to a code it did not mean ("CH").
 */
export function CountryPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const data: ComboboxItem[] = REFERENCE_COUNTRIES.map(({ code }) => ({
    value: code,
    label: t('country.option', { name: countryName(code, format.locale), code }),
  }));
  // A draft's code the service does not serve stays shown (the screen marks it).
  if (value !== '' && !data.some((option) => option.value === value)) data.unshift({ value, label: value });
  const codeOf = (typed: string): string | undefined =>
    data.find((option) => option.value === typed || option.label === typed)?.value;
  return (
    <Select
      label={t('field.country')}
      description={t('hint.country')}
      placeholder={t('country.placeholder')}
      required
      value={value === '' ? null : value}
      data={data}
      searchable
      nothingFoundMessage={t('country.nothingFound')}
      filter={({ options, search }) => {
        const words = foldForSearch(search).split(/\s+/).filter(Boolean);
        return options.filter(
          (option) =>
            'value' in option &&
            (option.value.toLowerCase().startsWith(search.trim().toLowerCase()) ||
              words.every((word) => foldForSearch(option.label).includes(word))),
        );
      }}
      onChange={(code) => {
        setUnmatched(null);
        onChange(code ?? '');
      }}
      onSearchChange={(search) => {
        // Two capitals are a code typed whole: the country it names is chosen.
        if (/^[A-Z]{2}$/.test(search) && search !== value && codeOf(search) !== undefined) {
          setUnmatched(null);
          onChange(search);
        }
      }}
      onBlur={(event) => {
        const typed = event.currentTarget.value.trim();
        if (typed === '' || codeOf(typed) !== undefined) return;
        setUnmatched(typed);
        onChange('');
      }}
      error={unmatched !== null ? t('country.unserved', { code: unmatched }) : error}
      allowDeselect={false}
      autoComplete="off"
      data-field-input="country"
    />
  );
}
