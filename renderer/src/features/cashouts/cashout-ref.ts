import {
  CASHOUT_STATUS_CODES,
  type CashoutRef,
  type CashoutStatus,
  type ConsoleError,
  type RecordLinkTarget,
} from '../../../../shared/contract';
import { EXTERNAL_ID_MAX_LENGTH, parsePositiveId } from '../../lib/jump-parser';

/**
 * Cashout ids as the screen reads them from its URL and its inputs, the D7 status name, and the
 * plain-words reading of a refused cancel. Pure: unit-tested in Node under test/unit/renderer.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** `missing`: the cancel needs this id too; `none_given`: a status read needs one of the two. */
export type CashoutIdProblem = 'bad_cashout_id' | 'bad_external_id' | 'missing' | 'none_given';

export type CashoutIdsText =
  | { ok: true; ref: CashoutRef }
  | { ok: false; problems: Array<{ input: 'cashoutId' | 'externalId'; problem: CashoutIdProblem }> };

/** A merchant-side id the service accepts: 1 to 32 characters, no control characters (D7, code 300). */
function isExternalId(text: string): boolean {
  return text.length > 0 && text.length <= EXTERNAL_ID_MAX_LENGTH && !CONTROL_CHARACTERS.test(text);
}

/**
 * The ids typed (or in the URL): either or both for a status read, both for a cancel. Empty
 * inputs are absent; the external id is taken as typed apart from surrounding spaces.
 */
export function readCashoutIds(
  cashoutIdText: string,
  externalIdText: string,
  { needBoth }: { needBoth: boolean },
): CashoutIdsText {
  const cashoutText = cashoutIdText.trim();
  const externalText = externalIdText.trim();
  const problems: Array<{ input: 'cashoutId' | 'externalId'; problem: CashoutIdProblem }> = [];
  const ref: CashoutRef = {};
  if (cashoutText !== '') {
    const id = parsePositiveId(cashoutText);
    if (id === null) problems.push({ input: 'cashoutId', problem: 'bad_cashout_id' });
    else ref.cashoutId = id;
  } else if (needBoth) {
    problems.push({ input: 'cashoutId', problem: 'missing' });
  }
  if (externalText !== '') {
    if (isExternalId(externalText)) ref.externalId = externalText;
    else problems.push({ input: 'externalId', problem: 'bad_external_id' });
  } else if (needBoth) {
    problems.push({ input: 'externalId', problem: 'missing' });
  }
  if (!needBoth && cashoutText === '' && externalText === '') {
    problems.push({ input: 'cashoutId', problem: 'none_given' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ref };
}

/** The first problem of each input, for the message under it. */
export function problemsByInput(result: CashoutIdsText): {
  cashoutId?: CashoutIdProblem;
  externalId?: CashoutIdProblem;
} {
  const problems: { cashoutId?: CashoutIdProblem; externalId?: CashoutIdProblem } = {};
  if (!result.ok) for (const { input, problem } of result.problems) problems[input] ??= problem;
  return problems;
}

/** The ids of `/cashouts?cashoutId=…&externalId=…`; null when the URL names none. */
export function cashoutRefFromSearch(search: URLSearchParams): CashoutIdsText | null {
  const cashoutId = search.get('cashoutId');
  const externalId = search.get('externalId');
  if (cashoutId === null && externalId === null) return null;
  return readCashoutIds(cashoutId ?? '', externalId ?? '', { needBoth: false });
}

/** D7: `PENDING`, `CANCELLED`… for a known code; the service's description for another one. */
export function cashoutStatusName(status: CashoutStatus): string {
  return (
    (CASHOUT_STATUS_CODES as Readonly<Record<number, string>>)[status.cashout_status] ??
    status.cashout_status_description
  );
}

/** What cancelling means for a cashout in each status (screen texts `cancel.consequence.*`). */
type CancelConsequence =
  'pending' | 'on_hold' | 'delivered' | 'completed' | 'cancelled' | 'rejected' | 'unread';

const CONSEQUENCES: Readonly<Record<string, CancelConsequence>> = {
  PENDING: 'pending',
  ON_HOLD: 'on_hold',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
};

/**
 * The confirmation says what is true of the cashout as last read: only a pending one is stopped
 * from being paid; a delivered one is already on its way to the bank. Not read (or a status this
 * version does not know): what a cancel would do if it is still pending.
 */
export function cancelConsequence(status: CashoutStatus | null): CancelConsequence {
  return status === null ? 'unread' : (CONSEQUENCES[cashoutStatusName(status)] ?? 'unread');
}

/**
 * A refused or lost cancel in plain words (screen texts `cancel.explain.*`): the kind says it, the
 * service's code confirms it (412/510 not pending, 509 not found, D7).
 */
type CancelExplanation = 'not_pending' | 'not_found' | 'outcome_unknown' | 'not_permitted';

export function explainCancelFailure(error: ConsoleError): CancelExplanation | null {
  if (error.kind === 'outcome_unknown') return 'outcome_unknown';
  if (error.kind === 'invalid_state' || error.code === 510) return 'not_pending';
  if (error.kind === 'not_found' || error.code === 509) return 'not_found';
  if (error.kind === 'not_permitted') return 'not_permitted';
  return null;
}

/**
 * What a cashout's "Copy link" names: its cashout id when it has one (the shorter, the service's
 * own), else its external id. Null for a reference with neither (nothing a link could name).
 */
export function cashoutLinkTarget(ref: CashoutRef): RecordLinkTarget | null {
  if (ref.cashoutId !== undefined) return { kind: 'cashout', cashoutId: ref.cashoutId };
  if (ref.externalId !== undefined) return { kind: 'cashout-external', externalId: ref.externalId };
  return null;
}
