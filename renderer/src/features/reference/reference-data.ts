/**
 * Pure helpers of the reference-data screen (no DOM, no React): unit-tested in Node under
 * test/unit/renderer.
 */

/**
 * The countries the payments service serves, with the local currency a crypto quote can be asked
 * in (spec endpoint 2: "USD or the payer's local currency code"). Panama's local currency is USD.
 */
export const REFERENCE_COUNTRIES = [
  { code: 'BR', currency: 'BRL' },
  { code: 'MX', currency: 'MXN' },
  { code: 'CL', currency: 'CLP' },
  { code: 'PE', currency: 'PEN' },
  { code: 'PA', currency: 'USD' },
  { code: 'CO', currency: 'COP' },
  { code: 'AR', currency: 'ARS' },
] as const;
export type ReferenceCountry = (typeof REFERENCE_COUNTRIES)[number]['code'];
export const DEFAULT_COUNTRY: ReferenceCountry = 'BR';

export function isReferenceCountry(value: string | null | undefined): value is ReferenceCountry {
  return REFERENCE_COUNTRIES.some((country) => country.code === value);
}

/** USD first, then every local currency once. */
export const QUOTE_CURRENCIES: readonly string[] = [
  'USD',
  ...new Set(REFERENCE_COUNTRIES.map((country) => country.currency).filter((code) => code !== 'USD')),
];

/** A country's name in the reader's language (Intl), or its code when Intl does not know it. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

// ---------------------------------------------------------------------------------------------
// Approval times
// ---------------------------------------------------------------------------------------------

const DURATION_UNITS = ['d', 'h', 'min', 's'] as const;
type DurationUnit = (typeof DURATION_UNITS)[number];
interface DurationPart {
  unit: DurationUnit;
  value: number;
}

const UNIT_SECONDS: Readonly<Record<DurationUnit, number>> = { d: 86_400, h: 3_600, min: 60, s: 1 };

/**
 * An approval time (seconds, spec `daily_average`/`monthly_average`) as at most two units, the
 * largest first: 7500 → 2 h 5 min, 97200 → 1 d 3 h, 45 → 45 s. The value is rounded to the
 * second unit (23 h 59 min 40 s → 1 d), so a reader never sees a spurious precision. Answers an
 * empty list for a value that is not a duration (negative, not finite).
 */
export function approvalTimeParts(seconds: number): DurationPart[] {
  if (!Number.isFinite(seconds) || seconds < 0) return [];
  const whole = Math.round(seconds);
  if (whole === 0) return [{ unit: 's', value: 0 }];
  const largest = DURATION_UNITS.findIndex((unit) => whole >= UNIT_SECONDS[unit]);
  const precisionUnit = DURATION_UNITS[Math.min(largest + 1, DURATION_UNITS.length - 1)] ?? 's';
  const precision = UNIT_SECONDS[precisionUnit];
  let rest = Math.round(whole / precision) * precision;
  const parts: DurationPart[] = [];
  for (const unit of DURATION_UNITS) {
    const value = Math.floor(rest / UNIT_SECONDS[unit]);
    rest -= value * UNIT_SECONDS[unit];
    if (value > 0) parts.push({ unit, value });
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Payment method status
// ---------------------------------------------------------------------------------------------

/**
 * The spec leaves a method's `status` values open ("updated when the method becomes momentarily
 * unavailable"); `ACTIVE` is the one met. These spellings read as available; anything else is
 * marked as not available and shown as it came.
 */
const AVAILABLE_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'AVAILABLE', 'ENABLED', 'ONLINE']);

export function isMethodAvailable(status: string): boolean {
  return AVAILABLE_STATUSES.has(status.trim().toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Bank search
// ---------------------------------------------------------------------------------------------

/** Lower case without accents, so `itau` finds `Itaú` and `economica` finds `Econômica`. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The banks whose name contains every word of the query (accents and case ignored), or whose
 * code starts with a word made of digits (`341` → Itaú Unibanco). An empty query keeps them all.
 */
export function filterBanks<T extends { code: number; name: string }>(
  banks: readonly T[],
  query: string,
): readonly T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return banks;
  return banks.filter((bank) => {
    const name = foldForSearch(bank.name);
    const code = String(bank.code);
    return words.every((word) => name.includes(word) || (/^\d+$/.test(word) && code.startsWith(word)));
  });
}

// ---------------------------------------------------------------------------------------------
// State search (D15)
// ---------------------------------------------------------------------------------------------

/**
 * The states whose name contains every word of the query (accents and case ignored), or whose
 * code starts with it (`sp` → São Paulo). An empty query keeps them all.
 */
export function filterStates<T extends { iso: string; name: string }>(
  states: readonly T[],
  query: string,
): readonly T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return states;
  const code = query.trim().toUpperCase();
  return states.filter(
    (state) => state.iso.startsWith(code) || words.every((word) => foldForSearch(state.name).includes(word)),
  );
}

/** A state as a picker shows it: `São Paulo (SP)`. */
export const stateLabel = (state: { iso: string; name: string }): string => `${state.name} (${state.iso})`;
