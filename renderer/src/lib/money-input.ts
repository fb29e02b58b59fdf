/**
 * An amount as a person types it in their language ("1.234,56" in pt-BR and es, "1,234.56" in
 * en), read into the number main receives. Pure (Intl only), unit-tested per locale in Node.
 * It never guesses: anything it cannot read exactly (a minus sign, a third decimal, a letter, a
 * separator in the wrong place) is a problem the field shows, never a silently different amount.
 */

const MONEY_INPUT_PROBLEMS = [
  'not_a_number',
  'negative',
  'too_many_decimals',
  'grouping',
  'not_positive',
] as const;
export type MoneyInputProblem = (typeof MONEY_INPUT_PROBLEMS)[number];

export function isMoneyInputProblem(value: string): value is MoneyInputProblem {
  return (MONEY_INPUT_PROBLEMS as readonly string[]).includes(value);
}

export type MoneyInput =
  /** `text` is the amount written the way main reads it ("1234.56"): digits, a dot, as typed. */
  { ok: true; value: number; text: string } | { ok: false; problem: MoneyInputProblem };

export interface MoneyInputOptions {
  /** Decimals an amount may carry (2 for money, D9). */
  maxDecimals?: number;
  /** Whether 0 is an amount here (a list filter's lower bound) or a problem (anything sent). */
  allowZero?: boolean;
}

interface NumberSeparators {
  decimal: string;
  group: string;
}

const separatorCache = new Map<string, NumberSeparators>();

/** The locale's decimal and grouping separators, as Intl writes 1234567.5 in it. */
export function numberSeparators(locale: string): NumberSeparators {
  let found = separatorCache.get(locale);
  if (found === undefined) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    found = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

/** Spaces a keyboard types stand for a locale's no-break grouping space (fr, pt-PT). */
const SPACES = /[\s\u00a0\u202f]/g;
const MINUS = /^[-\u2212\u2012\u2013]/;

/**
 * Reads `typed` in `locale`. Null when nothing was typed (the caller decides whether that is
 * allowed). Grouping is optional but, when used, must be the locale's own: groups of three digits
 * in the whole part only. "100.50" in pt-BR is therefore refused rather than read as 10050.
 */
export function parseMoneyInput(
  typed: string,
  locale: string,
  { maxDecimals = 2, allowZero = false }: MoneyInputOptions = {},
): MoneyInput | null {
  const { decimal, group } = numberSeparators(locale);
  const spaceGroup = group.replace(SPACES, ' ') === ' ';
  let text = typed.trim();
  if (text === '') return null;
  if (spaceGroup) text = text.replace(SPACES, ' ');
  if (MINUS.test(text)) {
    const rest = text.replace(MINUS, '').trim();
    // "-5" is a negative amount; "-" or "-abc" is simply not a number.
    return /\d/.test(rest) && /^[\d.,\s\u00a0\u202f']+$/.test(rest)
      ? { ok: false, problem: 'negative' }
      : { ok: false, problem: 'not_a_number' };
  }
  const groupChar = spaceGroup ? ' ' : group;
  const allowed = new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', decimal, groupChar]);
  if ([...text].some((char) => !allowed.has(char))) {
    // The other convention's separator ("100.50" in pt-BR typed as "100'50") is a wrong place, a
    // letter or any other sign is not a number.
    return /^[\d.,\s\u00a0\u202f']+$/.test(text)
      ? { ok: false, problem: 'grouping' }
      : { ok: false, problem: 'not_a_number' };
  }
  const decimalAt = text.indexOf(decimal);
  if (decimalAt !== text.lastIndexOf(decimal)) return { ok: false, problem: 'grouping' };
  const whole = decimalAt === -1 ? text : text.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : text.slice(decimalAt + 1);
  if (fraction.includes(groupChar)) return { ok: false, problem: 'grouping' };
  if (whole === '' || (decimalAt !== -1 && fraction === '')) return { ok: false, problem: 'not_a_number' };
  const groups = whole.split(groupChar);
  if (groups.length > 1) {
    const [first, ...rest] = groups;
    const grouped = /^\d{1,3}$/.test(first ?? '') && rest.every((part) => /^\d{3}$/.test(part));
    if (!grouped) return { ok: false, problem: 'grouping' };
  }
  const digits = groups.join('');
  if (!/^\d+$/.test(digits) || !/^\d*$/.test(fraction)) return { ok: false, problem: 'not_a_number' };
  if (fraction.length > maxDecimals) return { ok: false, problem: 'too_many_decimals' };
  const canonical = fraction === '' ? digits : `${digits}.${fraction}`;
  const value = Number(canonical);
  if (!Number.isFinite(value) || !Number.isSafeInteger(Math.trunc(value))) {
    return { ok: false, problem: 'not_a_number' };
  }
  if (value === 0 && !allowZero) return { ok: false, problem: 'not_positive' };
  // Leading zeros dropped ("007" is 7), the decimals kept as typed ("100.50" stays "100.50").
  return { ok: true, value, text: canonical.replace(/^0+(?=\d)/, '') };
}

/** An example amount written in `locale`, for hints and problems ("1.234,56", "100,50"). */
export function moneyInputExample(locale: string, amount = 1234.56): string {
  // 'always': Spanish leaves four digits ungrouped by default, and the example must show the group.
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(amount);
}
