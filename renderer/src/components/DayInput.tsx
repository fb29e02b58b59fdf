import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay, parseDay } from '../lib/locale-date';
import { useFormat } from './format-context';

interface DayInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** `yyyy-mm-dd` once a whole day is typed; the text as typed until then ('' when empty). */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A day typed in the reader's locale (dd/mm/aaaa in pt-BR), handed to the form as `yyyy-mm-dd`.
 * Not `<input type="date">`: Chromium draws that in the browser's language, not the page's, so a
 * pt-BR screen showed mm/dd/yyyy. Text the form cannot read stays as typed, for its own check.
 */
export function DayInput({ value, onChange, ...rest }: DayInputProps) {
  const { t } = useTranslation('common');
  const { locale } = useFormat();
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dayInput.placeholder')}
      value={formatDay(value, locale)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(text.trim() === '' ? '' : (parseDay(text, locale) ?? text));
      }}
    />
  );
}
