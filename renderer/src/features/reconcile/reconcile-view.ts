import {
  RECONCILE_CLASSES,
  RECONCILE_LIMITS,
  type LedgerColumnChoice,
  type LedgerMapping,
  type ReconcileClass,
  type ReconcileProgress,
  type ReconcileTotal,
} from '../../../../shared/contract';
import { currencyDigits } from '../../lib/format';

/** Pure helpers of the reconciliation screen (tested in test/unit/renderer/features/reconcile/reconcile-view.spec.ts). */

/** Rows per page of the differences table. */
export const RECONCILE_PAGE_SIZE = 100;

/** What each header column holds on screen: its field, or `ignore`. */
export function choicesOf(
  header: readonly string[],
  mapping: LedgerMapping,
): Record<string, LedgerColumnChoice> {
  return Object.fromEntries(header.map((column) => [column, mapping[column] ?? 'ignore']));
}

/**
 * The choices after giving `column` the choice `choice`: a field belongs to one column, so the
 * column that had it before is set to `ignore` (what the core would do silently, shown instead).
 */
export function chooseColumn(
  choices: Readonly<Record<string, LedgerColumnChoice>>,
  column: string,
  choice: LedgerColumnChoice,
): Record<string, LedgerColumnChoice> {
  const next: Record<string, LedgerColumnChoice> = {};
  for (const [other, field] of Object.entries(choices)) {
    next[other] = choice !== 'ignore' && other !== column && field === choice ? 'ignore' : field;
  }
  next[column] = choice;
  return next;
}

/** A file too large to send: checked before reading it, main checks again. */
export const ledgerTooLarge = (bytes: number): boolean => bytes > RECONCILE_LIMITS.maxLedgerBytes;

/** Bytes per uploadLedger part: base64 turns 3 bytes into 4 characters. */
export const CHUNK_BYTES = (RECONCILE_LIMITS.maxChunkChars / 4) * 3;

/** Base64 of bytes, built in slices (a spread of megabytes into fromCharCode overflows the stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The file's parts as uploadLedger takes them; an empty file is one empty last part. */
export function ledgerParts(bytes: Uint8Array): Array<{ chunk: string; last: boolean }> {
  const parts: Array<{ chunk: string; last: boolean }> = [];
  for (let at = 0; at < bytes.length || parts.length === 0; at += CHUNK_BYTES) {
    parts.push({
      chunk: base64Of(bytes.subarray(at, at + CHUNK_BYTES)),
      last: at + CHUNK_BYTES >= bytes.length,
    });
  }
  return parts;
}

/** The classes that differ, in the chart's order (matches and failed lookups are counted apart). */
export const CHART_CLASSES: readonly ReconcileClass[] = RECONCILE_CLASSES.filter(
  (name) => name !== 'match' && name !== 'lookup_failed',
);

interface StakeChart {
  /** One entry per differing class: `{ class, BRL: 150, MXN: 12.5 }`. */
  data: Array<{ class: ReconcileClass } & Record<string, number | string>>;
  /** Currencies with money at stake, in first-seen order (the chart's series). */
  currencies: string[];
}

/** Money at stake per differing class and currency, from the run's totals (money cases summed per class). */
export function stakeChart(totals: readonly ReconcileTotal[]): StakeChart {
  const currencies: string[] = [];
  const sums = new Map<ReconcileClass, Map<string, number>>();
  for (const total of totals) {
    if (!CHART_CLASSES.includes(total.class) || total.currency === null || total.atStake === 0) continue;
    if (!currencies.includes(total.currency)) currencies.push(total.currency);
    const byCurrency = sums.get(total.class) ?? new Map<string, number>();
    byCurrency.set(
      total.currency,
      roundTo((byCurrency.get(total.currency) ?? 0) + total.atStake, currencyDigits(total.currency)),
    );
    sums.set(total.class, byCurrency);
  }
  const data = CHART_CLASSES.map((name) => {
    const entry: { class: ReconcileClass } & Record<string, number | string> = { class: name };
    for (const currency of currencies) entry[currency] = sums.get(name)?.get(currency) ?? 0;
    return entry;
  });
  return { data, currencies };
}

/** A sum of money cases at its currency's decimals (four when they are not known), no binary drift. */
const roundTo = (value: number, digits = 4): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Totals worth a line in the table under the chart: every class with rows, matches last. */
export function totalsShown(totals: readonly ReconcileTotal[]): ReconcileTotal[] {
  const order = (total: ReconcileTotal): number =>
    total.class === 'match' ? RECONCILE_CLASSES.length : RECONCILE_CLASSES.indexOf(total.class);
  return totals.filter((total) => total.count > 0).sort((a, b) => order(a) - order(b));
}

const FINISHED: ReadonlySet<ReconcileProgress['phase']> = new Set(['done', 'cancelled', 'failed']);

/** A run is going on while its last progress is not a final state. */
export const isRunning = (progress: ReconcileProgress | undefined): boolean =>
  progress !== undefined && !FINISHED.has(progress.phase);

export function progressPercent(progress: Pick<ReconcileProgress, 'done' | 'total'>): number {
  return progress.total === 0 ? 0 : Math.floor((progress.done / progress.total) * 100);
}
