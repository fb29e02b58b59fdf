import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAgo,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatOffsetSeconds,
  formatPercentPoints,
  formatSeconds,
  type MoneyFormatOptions,
} from '../lib/format';

/** The pure formatters of lib/format bound to the active language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      locale,
      money: (amount: number, currency?: string, options?: MoneyFormatOptions) =>
        formatMoney(amount, currency, locale, options),
      number: (value: number) => formatNumber(value, locale),
      dateTime: (at: number | string) => formatDateTime(at, locale),
      offset: (ms: number) => formatOffsetSeconds(ms, locale),
      seconds: (ms: number) => formatSeconds(ms, locale),
      ago: (seconds: number) => formatAgo(seconds, locale),
      percentPoints: (value: number) => formatPercentPoints(value, locale),
    }),
    [locale],
  );
}
