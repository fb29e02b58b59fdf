import { CURRENCY_MINOR_UNITS } from '../../shared/contract';

/**
 * Amounts at their currency's own precision (the contract's CURRENCY_MINOR_UNITS, the table the
 * screens format with), so that what the core compares and adds is what the screens show: a
 * Chilean peso has no decimals, a real two.
 */

/** Decimals kept for a currency whose precision is not known (a crypto asset, a new code). */
const UNKNOWN_CURRENCY_DIGITS = 4;

/** The decimals of an amount in `currency`; undefined when the currency's precision is not known. */
export function minorUnitsOf(currency: string | null | undefined): number | undefined {
  if (currency === null || currency === undefined) return undefined;
  return (CURRENCY_MINOR_UNITS as Readonly<Record<string, number | undefined>>)[currency.toUpperCase()];
}

/** Half away from zero, so that -0.5 and 0.5 round alike (Math.round would give -0 and 1). */
const roundHalfAway = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/**
 * The sum of `amounts` in `currency`, each taken at the currency's precision and added as whole
 * minor units (no binary drift: 0.1 + 0.2 is 0.3). Null when a sum would leave the safe integers.
 */
export function sumAmounts(amounts: Iterable<number>, currency: string | null | undefined): number | null {
  const digits = minorUnitsOf(currency) ?? UNKNOWN_CURRENCY_DIGITS;
  const scale = 10 ** digits;
  let units = 0;
  for (const amount of amounts) {
    units += roundHalfAway(amount * scale);
    if (!Number.isSafeInteger(units)) return null;
  }
  // `+ 0` turns a -0 sum into 0, which JSON and the screens would otherwise keep apart.
  return units / scale + 0;
}
