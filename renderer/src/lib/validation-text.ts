import type { MessageText } from '../../../shared/contract';
import { formatMoney, formatNumber } from './format';

/** Any screen's `t` (whatever its namespaces): the keys here are looked up with their namespace. */
type AnyT = (...args: never[]) => unknown;
type Lookup = (key: string, options: Record<string, unknown>) => string;

/** Parameters that are amounts: shown with the currency the same text names, in the reader's locale. */
const MONEY_PARAMS: ReadonlySet<string> = new Set(['amount', 'remaining']);

/**
 * Parameters that are ids (`id`, `cashoutId`…): a name staff copy and compare, never a quantity,
 * so never given thousands separators ("Cashout 11,954" names no cashout).
 */
const isIdParam = (name: string): boolean => name === 'id' || name === 'ids' || /[a-z]Ids?$/.test(name);

/**
 * What main said (a schema issue, a refund pre-flight note, a refusal), in the user's language:
 * THE mapping from main's text keys (shared/contract MESSAGE_KEYS) to the locale files' `errors:
 * text.*`. `message` is main's English, shown only when main sent no key (an older main, a message
 * not mapped yet), so a gap shows up as English in review instead of as nothing.
 */
export function sayText(
  t: AnyT,
  locale: string,
  said: { message: string; text?: MessageText | undefined },
): string {
  const text = said.text;
  if (!text) return said.message;
  const params: Record<string, string | number> = {};
  const currency = typeof text.params?.currency === 'string' ? text.params.currency : undefined;
  for (const [name, value] of Object.entries(text.params ?? {})) {
    if (typeof value !== 'number' || name === 'count') params[name] = value;
    else if (isIdParam(name)) params[name] = String(value);
    else if (MONEY_PARAMS.has(name)) params[name] = formatMoney(value, currency || undefined, locale);
    else params[name] = formatNumber(value, locale);
  }
  // Keys come from main at run time (plural ones without their suffix): an untyped lookup.
  return (t as Lookup)(`errors:text.${text.key}`, params);
}

/** A field path main names (`body.amount`), as the form's label says it; null when it has none. */
export function fieldName(t: AnyT, field: string): string | null {
  const key = `errors:fieldName.${field.replace(/\./g, '_')}`;
  const name = (t as Lookup)(key, { defaultValue: '' });
  return name === '' ? null : name;
}

/**
 * A ConsoleError in one line for a toast: what main said when it sent a key, else the error kind's
 * title (main's English message stays for the logs and the ErrorNotice details).
 */
export function sayError(
  t: AnyT,
  locale: string,
  error: { kind: string; message: string; text?: MessageText | undefined },
): string {
  if (error.text) return sayText(t, locale, error);
  return (t as Lookup)(`errors:kind.${error.kind}.title`, {});
}
