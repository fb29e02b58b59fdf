import type {
  BatchRow,
  ReconcileClass,
  ReconcileMoneyCase,
  ReconcileRow,
  ReconcileTotal,
} from '../../../shared/contract';
import { amountOfUnits, unitsAtCurrency, unitsOfNumber } from './amount';
import type { LedgerEntry } from './ledger';

/**
 * One ledger row against the service's answer: pure functions, no I/O. Precedence: a duplicate
 * is a duplicate whatever the service says; then no answer (lookup_failed, or not_found); then the
 * status (it decides whether money moved), the currency (amounts in two currencies do not compare),
 * the amount; else a match.
 */

const COMPLETED = 'COMPLETED';

/** The named money case of a status difference; undefined when the difference moves no money. */
export function moneyCaseOf(ledgerStatus: string, serviceStatus: string): ReconcileMoneyCase | undefined {
  if (ledgerStatus === serviceStatus) return undefined;
  if (ledgerStatus === COMPLETED && serviceStatus === 'REJECTED') return 'completed_then_rejected';
  if (ledgerStatus === COMPLETED) return 'merchant_paid_service_not_completed';
  if (serviceStatus === COMPLETED) return 'service_completed_not_released';
  return undefined;
}

/** The classes a finance team chases; a match and a failed lookup are not differences. */
export const DIFFERING: ReadonlySet<ReconcileClass> = new Set([
  'status_differs',
  'amount_differs',
  'currency_differs',
  'not_found',
  'duplicate_in_ledger',
]);

/**
 * Classifies `entry` (with its resolved `id`) against `answer`: the batch row of its id, undefined
 * when it was never looked up (a cancelled run). `duplicateOfLine`: the first row of the same id.
 */
export function classifyEntry(
  entry: LedgerEntry & { id: string },
  answer: BatchRow | undefined,
  duplicateOfLine?: number,
): ReconcileRow {
  const row: ReconcileRow = { line: entry.line, id: entry.id, class: 'match', atStake: 0 };
  if (entry.invoiceId !== undefined) row.invoiceId = entry.invoiceId;
  if (entry.status !== undefined) row.ledgerStatus = entry.status;
  if (entry.amountUnits !== undefined) row.ledgerAmount = amountOfUnits(entry.amountUnits);
  if (entry.currency !== undefined) row.ledgerCurrency = entry.currency;
  if (answer?.state === 'ok') {
    if (answer.status !== undefined) row.serviceStatus = answer.status;
    if (answer.amount !== undefined) row.serviceAmount = answer.amount;
    if (answer.currency !== undefined) row.serviceCurrency = answer.currency;
  }
  const currency = entry.currency ?? row.serviceCurrency;
  // Both sides at the currency's own precision: what is compared and put at stake is what is shown.
  const atPrecision = (units: number | null | undefined): number | undefined =>
    units === undefined || units === null ? undefined : unitsAtCurrency(units, currency);
  const serviceUnits = atPrecision(
    row.serviceAmount === undefined ? undefined : unitsOfNumber(row.serviceAmount),
  );
  const ledgerUnits = atPrecision(entry.amountUnits);
  /** The whole amount: the ledger's, else the service's. */
  const whole = (): void => {
    const units = ledgerUnits ?? serviceUnits;
    row.atStake = units === undefined ? 0 : amountOfUnits(Math.abs(units));
    if (currency !== undefined) row.stakeCurrency = currency;
  };

  if (duplicateOfLine !== undefined) {
    row.class = 'duplicate_in_ledger';
    row.duplicateOfLine = duplicateOfLine;
    whole();
    return row;
  }
  if (answer === undefined || answer.state === 'pending') {
    row.class = 'lookup_failed';
    row.errorKind = 'cancelled';
    row.errorMessage = 'Not looked up: the run stopped first.';
    return row;
  }
  if (answer.state === 'failed') {
    if (answer.errorKind !== undefined) row.errorKind = answer.errorKind;
    if (answer.errorMessage !== undefined) row.errorMessage = answer.errorMessage;
    if (answer.errorKind === 'not_found') {
      row.class = 'not_found';
      whole();
    } else {
      row.class = 'lookup_failed';
    }
    return row;
  }
  const serviceStatus = answer.status ?? '';
  if (entry.status !== undefined && entry.status !== serviceStatus) {
    row.class = 'status_differs';
    const moneyCase = moneyCaseOf(entry.status, serviceStatus);
    if (moneyCase !== undefined) {
      row.moneyCase = moneyCase;
      whole();
    }
    return row;
  }
  if (
    entry.currency !== undefined &&
    row.serviceCurrency !== undefined &&
    entry.currency !== row.serviceCurrency
  ) {
    row.class = 'currency_differs';
    whole();
    return row;
  }
  if (ledgerUnits !== undefined && serviceUnits !== undefined && ledgerUnits !== serviceUnits) {
    row.class = 'amount_differs';
    row.atStake = amountOfUnits(Math.abs(ledgerUnits - serviceUnits));
    if (currency !== undefined) row.stakeCurrency = currency;
    return row;
  }
  return row;
}

/** Totals per class, money case and currency, summed exactly (in amount units). */
export class TotalsBuilder {
  readonly #totals = new Map<string, { total: Omit<ReconcileTotal, 'atStake'>; units: number }>();

  add(row: ReconcileRow): void {
    const currency = row.stakeCurrency ?? row.ledgerCurrency ?? row.serviceCurrency ?? null;
    const key = `${row.class}|${row.moneyCase ?? ''}|${currency ?? ''}`;
    let entry = this.#totals.get(key);
    if (!entry) {
      entry = {
        total: { class: row.class, ...(row.moneyCase && { moneyCase: row.moneyCase }), currency, count: 0 },
        units: 0,
      };
      this.#totals.set(key, entry);
    }
    entry.total.count += 1;
    entry.units += unitsOfNumber(row.atStake) ?? 0;
  }

  totals(): ReconcileTotal[] {
    return [...this.#totals.values()]
      .map(({ total, units }) => ({ ...total, atStake: amountOfUnits(units) }))
      .sort(
        (a, b) =>
          a.class.localeCompare(b.class) ||
          (a.moneyCase ?? '').localeCompare(b.moneyCase ?? '') ||
          (a.currency ?? '').localeCompare(b.currency ?? ''),
      );
  }
}
