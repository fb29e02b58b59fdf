import type {
  AuditAction,
  AuditEntryView,
  AuditEnvironmentRef,
  AuditFilter,
  AuditIds,
  AuditState,
  AuditUnresolvedView,
} from '../../../../shared/contract';
import type { TableColumnsSpec } from '../../lib/table-columns';

/**
 * The audit screen's pure parts (no DOM, no React; unit-tested in Node): the filter form turned
 * into main's AuditFilter, ids as labelled pairs, and which unresolved intents a status read
 * cannot settle.
 */

/** The filter form as typed: dates are the `yyyy-mm-dd` of `<input type="date">`, empty when unset. */
export interface AuditFilterForm {
  environmentId: string | null;
  action: AuditAction | null;
  /** First day shown, inclusive. */
  fromDay: string;
  /** Last day shown, inclusive. */
  toDay: string;
  state: AuditState | null;
}

export const EMPTY_AUDIT_FILTER_FORM: AuditFilterForm = {
  environmentId: null,
  action: null,
  fromDay: '',
  toDay: '',
  state: null,
};

type AuditFilterProblem = 'day_invalid' | 'range_reversed';

type AuditFilterCheck =
  { ok: true; filter: AuditFilter } | { ok: false; field: 'fromDay' | 'toDay'; problem: AuditFilterProblem };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The ISO instant of local midnight at the start of `day` plus `addDays` days, or null when
 * `day` is not a real calendar day. Local, because the reader means their own day; main compares
 * instants, so the journal's times (any offset) are filtered correctly.
 */
export function localDayStart(day: string, addDays = 0): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return new Date(year, month - 1, date + addDays).toISOString();
}

/**
 * AuditFilter from the form: `from` is the first day's midnight (inclusive), `to` the midnight
 * AFTER the last day (main's `to` is exclusive), so "from 3 to 3 March" is the whole of 3 March.
 * Unset fields are left out, never sent as undefined.
 */
export function auditFilterOf(form: AuditFilterForm): AuditFilterCheck {
  const filter: AuditFilter = {};
  if (form.environmentId !== null) filter.environmentId = form.environmentId;
  if (form.action !== null) filter.action = form.action;
  if (form.state !== null) filter.state = form.state;
  if (form.fromDay !== '') {
    const from = localDayStart(form.fromDay);
    if (from === null) return { ok: false, field: 'fromDay', problem: 'day_invalid' };
    filter.from = from;
  }
  if (form.toDay !== '') {
    const to = localDayStart(form.toDay, 1);
    if (to === null) return { ok: false, field: 'toDay', problem: 'day_invalid' };
    filter.to = to;
  }
  if (
    filter.from !== undefined &&
    filter.to !== undefined &&
    Date.parse(filter.from) >= Date.parse(filter.to)
  ) {
    return { ok: false, field: 'toDay', problem: 'range_reversed' };
  }
  return { ok: true, filter };
}

/** The order ids are shown in: what the action acted on first, then what it produced. */
const ID_ORDER: ReadonlyArray<keyof AuditIds> = [
  'deposit_id',
  'refund_id',
  'cashout_id',
  'external_id',
  'invoice_id',
];

/** The ids that are present, as [field, text] pairs in ID_ORDER. */
export function auditIdPairs(ids: AuditIds | undefined): Array<[keyof AuditIds, string]> {
  if (!ids) return [];
  return ID_ORDER.flatMap((field) => {
    const value = ids[field];
    return value === undefined ? [] : [[field, String(value)] as [keyof AuditIds, string]];
  });
}

/**
 * True when a status read cannot settle the intent, because the id it would read is not known
 * (a create whose answer never came carries no new id; a cancel needs both cashout ids). Main
 * refuses the read then and says only a retry with the same key can settle it; the panel says so
 * up front. Mirrors main/core/console/audit.ts (rereadIntent).
 */
export function onlyRetryCanSettle(intent: Pick<AuditUnresolvedView, 'action' | 'ids'>): boolean {
  switch (intent.action) {
    case 'deposit.create':
      return intent.ids.deposit_id === undefined;
    case 'refund.create':
      return intent.ids.refund_id === undefined;
    case 'cashout.cancel':
      return intent.ids.cashout_id === undefined || intent.ids.external_id === undefined;
  }
}

interface EnvironmentChoice {
  id: string;
  name: string;
  /** Named in the journal only: the environment was removed since (its lines stay). */
  removed: boolean;
}

/**
 * The environment filter's choices: today's environments in their order, then those only the
 * journal still names (removed since), each once, under the name of its latest line.
 */
export function environmentChoices(
  current: ReadonlyArray<{ id: string; name: string }>,
  journal: ReadonlyArray<{ environment?: AuditEnvironmentRef }>,
): EnvironmentChoice[] {
  const choices = new Map<string, EnvironmentChoice>(
    current.map(({ id, name }) => [id, { id, name, removed: false }]),
  );
  const removed = new Map<string, EnvironmentChoice>();
  for (const { environment } of journal) {
    if (environment && !choices.has(environment.id)) {
      removed.set(environment.id, { id: environment.id, name: environment.name, removed: true });
    }
  }
  return [...choices.values(), ...removed.values()];
}

/** The journal table's columns, in order; the ids come first and stay in view when it scrolls sideways. */
const AUDIT_COLUMNS = [
  'ids',
  'time',
  'environment',
  'user',
  'action',
  'amount',
  'type',
  'key',
  'reason',
  'outcome',
  'state',
  'error',
  'serviceCode',
] as const;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];

/**
 * Shown until the user chooses: every column, "who" and "how much" included. At 1280 × 800 they
 * fit the box; narrower, the box scrolls sideways with the ids kept in view.
 */
export const AUDIT_COLUMNS_SPEC: TableColumnsSpec<AuditColumn> = {
  all: AUDIT_COLUMNS,
  defaults: AUDIT_COLUMNS,
  always: ['ids'],
};

/**
 * The country each intent's request named, by intent id, so that every line of a deposit asked
 * without a currency can say its amount is in that country's currency (only the intent line
 * carries the request's summary).
 */
export function countryOfIntent(
  entries: ReadonlyArray<Pick<AuditEntryView, 'type' | 'intentId' | 'summary'>>,
): Map<string, string> {
  const countries = new Map<string, string>();
  for (const entry of entries) {
    const country = entry.summary?.country;
    if (
      entry.type === 'intent' &&
      entry.intentId !== undefined &&
      typeof country === 'string' &&
      country !== ''
    )
      countries.set(entry.intentId, country);
  }
  return countries;
}
