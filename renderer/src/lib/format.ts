import { CURRENCY_MINOR_UNITS } from '../../../shared/contract';

/**
 * Locale-aware formatting, pure (Intl only) so it is unit-tested in Node. Screens reach it
 * through `useFormat()` (components/format-context), which binds the active language.
 */

/**
 * One Intl.NumberFormat per (locale, options), kept: building one costs far more than formatting
 * with it, and a table of amounts formats hundreds per frame while it scrolls. Null: Intl refused
 * the options (e.g. a currency code that is not ISO 4217). Bounded: currency codes come from the
 * service, so the keys are not a closed set.
 */
const numberFormats = new Map<string, Intl.NumberFormat | null>();
const MAX_NUMBER_FORMATS = 256;

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = null;
    }
    if (numberFormats.size >= MAX_NUMBER_FORMATS) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format;
}

/** The decimals of an amount in `currency` (contract CURRENCY_MINOR_UNITS); undefined when not known. */
export function currencyDigits(currency: string | undefined): number | undefined {
  if (currency === undefined) return undefined;
  return (CURRENCY_MINOR_UNITS as Readonly<Record<string, number | undefined>>)[currency.toUpperCase()];
}

export interface MoneyFormatOptions {
  /**
   * Never round: an amount as typed keeps every decimal it has (an input's "reads as" echo must
   * show what is sent), padded to the currency's own decimals.
   */
  exact?: boolean;
}

/**
 * Amount with its currency, at the currency's own decimals (CLP 12,570, BRL 100.50) wherever it is
 * shown. A currency whose decimals are not known keeps every decimal the service sent (at least
 * two); a code Intl refuses (e.g. `USDT`) is written after the number.
 */
export function formatMoney(
  amount: number,
  currency: string | undefined,
  locale: string,
  { exact = false }: MoneyFormatOptions = {},
): string {
  if (!currency) return formatNumber(amount, locale);
  const digits = currencyDigits(currency);
  const sent = fractionDigits(amount);
  const format = numberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    ...(digits === undefined
      ? { maximumFractionDigits: Math.max(2, sent) }
      : {
          minimumFractionDigits: digits,
          maximumFractionDigits: exact ? Math.max(digits, sent) : digits,
        }),
  });
  return format ? format.format(amount) : `${formatNumber(amount, locale)} ${currency}`;
}

/** Keeps every decimal the service sent (amounts have at most 2, rates more). */
export function formatNumber(value: number, locale: string): string {
  const format = numberFormat(locale, { maximumFractionDigits: Math.max(2, fractionDigits(value)) });
  // Only a locale Intl refuses gets here without a format; the same throw as before.
  return (format ?? new Intl.NumberFormat(locale)).format(value);
}

function fractionDigits(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(value);
  if (text.includes('e-')) return Math.min(20, Number(text.split('e-')[1]) + 1);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : Math.min(20, text.length - dot - 1);
}

/** A point in time in the reader's locale and time zone, with seconds. */
export function formatDateTime(at: number | string, locale: string, timeZone?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A signed duration in seconds with one decimal, e.g. `+1.2 s` / `-0.4 s` (clock offsets). */
export function formatOffsetSeconds(ms: number, locale: string): string {
  const seconds = ms / 1000;
  const body = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(seconds);
  return `${body} s`;
}

/** An unsigned duration in seconds with one decimal, e.g. `0.5 s` (an uncertainty). */
export function formatSeconds(ms: number, locale: string): string {
  return formatOffsetSeconds(Math.abs(ms), locale).replace(/^\+/, '');
}

/**
 * How long ago, in the language's own words (`12 sec. ago`, `hace 3 min`): seconds under two
 * minutes, then minutes, hours and days, whole.
 */
export function formatAgo(seconds: number, locale: string): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 120) return words.format(-whole, 'second');
  if (whole < 120 * 60) return words.format(-Math.floor(whole / 60), 'minute');
  if (whole < 48 * 3600) return words.format(-Math.floor(whole / 3600), 'hour');
  return words.format(-Math.floor(whole / 86_400), 'day');
}

/** Percentage for values the service writes as "2.00 means 2.00 percent". */
export function formatPercentPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(value / 100);
}
