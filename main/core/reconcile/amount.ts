/**
 * Ledger amounts as finance exports write them: `1.234,56` (pt-BR, es), `1,234.56` (en),
 * `1234,56`, `R$ 1.234,56`, `-12,50`, `(12,50)`, `1 234,56`. One decimal separator per ledger
 * (sniffed from its amounts, see sniffDecimalSeparator), then each amount is read strictly: a
 * grouping that is not in threes, two decimal separators or more than 4 decimals is refused, never
 * guessed, so `1.234` is never read as 1.234 in a ledger whose decimals are commas.
 *
 * Amounts are kept as integers of AMOUNT_SCALE units (ten-thousandths) so that sums and
 * differences are exact; the API's own amount rule (payments/inputs.ts amountSchema) is a plain
 * dot decimal and knows no locale, so it is not this one.
 */

import type { MessageText } from '../../../shared/contract';
import { minorUnitsOf } from '../money';

const AMOUNT_SCALE = 10_000;
const MAX_DECIMALS = 4;

export type DecimalSeparator = ',' | '.';

/** `reason` in English (the CLI, the logs); `text` the same reason as a key for the screens. */
type AmountReading = { ok: true; units: number } | { ok: false; reason: string; text: MessageText };

/** A currency written before or after the number: a symbol, or an ISO code. */
const CURRENCY_AROUND = /^(?:R\$|US\$|S\/\.?|\$|€|£|[A-Za-z]{3})\s*|\s*(?:R\$|\$|€|£|[A-Za-z]{3})$/g;
const SPACES = /[\s\u00a0\u202f]/g;

/** The sign and the bare number (digits and separators) of a cell, or null when it has none. */
function bare(text: string): { negative: boolean; number: string } | null {
  let rest = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(rest)) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  rest = rest.replace(/\u2212/g, '-');
  for (let round = 0; round < 2; round += 1) {
    const before = rest;
    if (rest.startsWith('-')) {
      negative = !negative;
      rest = rest.slice(1).trim();
    } else if (rest.endsWith('-')) {
      negative = !negative;
      rest = rest.slice(0, -1).trim();
    }
    rest = rest.replace(CURRENCY_AROUND, '').trim();
    if (rest === before) break;
  }
  if (rest === '') return null;
  return { negative, number: rest };
}

/** Reads one ledger amount with `decimal` as the decimal separator. */
export function parseLedgerAmount(text: string, decimal: DecimalSeparator): AmountReading {
  const parts = bare(text);
  if (parts === null)
    return { ok: false, reason: 'the amount is empty', text: { key: 'ledgerRow.amountEmpty' } };
  const compact = parts.number.replace(SPACES, ' ');
  // The key says the why alone: the screen shows the cell's value beside it.
  const refused = (why: string, said: MessageText): AmountReading => ({
    ok: false,
    reason: `"${text.trim()}" does not read as an amount (${why})`,
    text: said,
  });
  if (!/^[\d.,' ]+$/.test(compact)) {
    return refused('only digits and separators are expected', { key: 'ledgerRow.amountCharacters' });
  }
  const decimalAt = compact.lastIndexOf(decimal);
  if (compact.indexOf(decimal) !== decimalAt) {
    return refused(`"${decimal}" is this ledger's decimal separator and appears twice`, {
      key: 'ledgerRow.amountDecimalTwice',
      params: { separator: decimal },
    });
  }
  const whole = decimalAt === -1 ? compact : compact.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : compact.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) {
    return refused('separators after the decimal separator', { key: 'ledgerRow.amountSeparatorInDecimals' });
  }
  if (decimalAt !== -1 && fraction === '') {
    return refused('no digits after the decimal separator', { key: 'ledgerRow.amountNoDecimals' });
  }
  if (fraction.length > MAX_DECIMALS) {
    return refused(`more than ${MAX_DECIMALS} decimals`, {
      key: 'ledgerRow.amountTooManyDecimals',
      params: { max: MAX_DECIMALS },
    });
  }
  // Whatever separates the whole part (the other separator, a space, an apostrophe) groups it.
  const group = whole.match(/[^\d]/)?.[0];
  let digits = whole;
  if (group !== undefined) {
    const groups = whole.split(group);
    const [first, ...rest] = groups;
    if (!/^\d{1,3}$/.test(first ?? '') || !rest.every((part) => /^\d{3}$/.test(part))) {
      return refused('thousands are not grouped in threes', { key: 'ledgerRow.amountGrouping' });
    }
    digits = groups.join('');
  }
  if (digits === '') {
    return refused('no digits before the decimal separator', { key: 'ledgerRow.amountNoWholeDigits' });
  }
  const units = Number(digits) * AMOUNT_SCALE + Number(fraction.padEnd(MAX_DECIMALS, '0'));
  if (!Number.isSafeInteger(units)) return refused('too large', { key: 'ledgerRow.amountTooLarge' });
  return { ok: true, units: parts.negative && units !== 0 ? -units : units };
}

/** A number as a spreadsheet stores it (`1234.5`, `1.5E-3`): always a dot decimal. */
export function unitsOfNumber(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const units = Math.round(value * AMOUNT_SCALE);
  return Number.isSafeInteger(units) ? units : null;
}

export const amountOfUnits = (units: number): number => units / AMOUNT_SCALE;

/**
 * `units` rounded to what `currency` can hold (main/core/money.ts): the ledger's `12.569,9` and the
 * service's `12570` are the same Chilean pesos, and a difference is never smaller than the
 * currency's own smallest unit. A currency whose precision is not known keeps all four decimals.
 */
export function unitsAtCurrency(units: number, currency: string | null | undefined): number {
  const digits = minorUnitsOf(currency);
  if (digits === undefined || digits >= MAX_DECIMALS) return units;
  const step = 10 ** (MAX_DECIMALS - digits);
  return Math.sign(units) * Math.round(Math.abs(units) / step) * step + 0;
}

/**
 * The decimal separator of a ledger's amount cells. A cell is telling when it holds both
 * separators (the last one is the decimal), one separator more than once (that one groups), or one
 * separator not followed by exactly three digits (that one is the decimal); `1.234` tells nothing.
 * The majority of telling cells wins (a ledger mixing both styles gets its minority refused row by
 * row); with none, a `;`-separated file is taken to be from a decimal-comma locale.
 */
export function sniffDecimalSeparator(cells: Iterable<string>, fallback: DecimalSeparator): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    const number = bare(cell)?.number.replace(SPACES, '');
    if (number === undefined) continue;
    const commaAt = number.lastIndexOf(',');
    const dotAt = number.lastIndexOf('.');
    if (commaAt !== -1 && dotAt !== -1) {
      if (commaAt > dotAt) comma += 1;
      else dot += 1;
      continue;
    }
    const separator = commaAt !== -1 ? ',' : dotAt !== -1 ? '.' : undefined;
    if (separator === undefined) continue;
    const at = separator === ',' ? commaAt : dotAt;
    const several = number.indexOf(separator) !== at;
    const threeAfter = /^\d{3}$/.test(number.slice(at + 1));
    if (several) {
      if (separator === ',') dot += 1;
      else comma += 1;
    } else if (!threeAfter) {
      if (separator === ',') comma += 1;
      else dot += 1;
    }
  }
  if (comma === dot) return fallback;
  return comma > dot ? ',' : '.';
}
