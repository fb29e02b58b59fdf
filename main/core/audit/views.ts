import type { AuditEntryView, AuditFilter, AuditState } from '../../../shared/contract';
import type { GapEntry, IntentEntry, JournalEntry, OutcomeEntry, ResolutionEntry } from './entries';

/** An intent with what has been written about it since. */
export interface Operation {
  intent: IntentEntry;
  outcome?: OutcomeEntry;
  resolution?: ResolutionEntry;
  /**
   * Known only from a repair of a damaged line (its own intent line is unreadable): the line
   * number, and the seq of the damage entry that listed it.
   */
  fromDamage?: { line: number; seq: number };
  /** Its account is unknown: it belongs to every account (targets.ts inScope). */
  anyAccount?: boolean;
}

/** `pending` until an outcome; a resolution's result overrides an `outcome_unknown`. */
export function operationState(operation: Operation): AuditState {
  if (operation.resolution) return operation.resolution.result;
  return operation.outcome?.result ?? 'pending';
}

/** Unsettled: nobody knows whether the service acted (no outcome, or the answer was lost). */
export function isUnsettled(operation: Operation): boolean {
  const state = operationState(operation);
  return state === 'pending' || state === 'outcome_unknown';
}

/** What an acknowledged gap says, in the journal's table and its CSV export. */
function gapNote(entry: GapEntry): string {
  const named = entry.anchorHead ? ` (the anchor named entry ${entry.anchorHead.seq})` : '';
  switch (entry.problem) {
    case 'entries_missing':
      return `Acknowledged: ${entry.missingEntries ?? 0} entries were missing from the end of the journal after entry ${entry.fileHead.seq}${named}.`;
    case 'mismatch':
      return `Acknowledged: the end of the journal (entry ${entry.fileHead.seq}) did not match its anchor${named}.`;
    case 'unreadable':
      return `Acknowledged: the journal anchor could not be read; the journal ended at entry ${entry.fileHead.seq}.`;
    case 'anchor_missing':
      return `Acknowledged: the journal anchor was missing; the journal ended at entry ${entry.fileHead.seq}.`;
  }
}

/**
 * How much an operation moved, as its request's summary says (summary.ts): the amount as a number
 * (the summary keeps the text sent) and its currency. Nothing that does not read as both.
 */
function moneyOf(summary: IntentEntry['summary'] | undefined): Pick<AuditEntryView, 'amount' | 'currency'> {
  const sent = summary?.amount;
  const amount =
    typeof sent === 'number'
      ? sent
      : typeof sent === 'string' && sent.trim() !== ''
        ? Number(sent)
        : undefined;
  const currency = summary?.currency;
  return {
    ...(amount !== undefined && Number.isFinite(amount) && { amount }),
    ...(typeof currency === 'string' && currency !== '' && { currency }),
  };
}

/** The person who settled the operation (the resolution's OS user); undefined while unsettled. */
const settledByOf = (operation: Operation | undefined): Pick<AuditEntryView, 'settledBy'> =>
  operation?.resolution ? { settledBy: operation.resolution.osUser } : {};

/** Who asked for an approved move and who approved it, from its intent line; nothing for any other. */
const approvalOf = (intent: IntentEntry | undefined): Pick<AuditEntryView, 'madeBy' | 'approvedBy'> =>
  intent?.approval ? { madeBy: intent.approval.madeBy, approvedBy: intent.approval.approvedBy } : {};

export function entryView(entry: JournalEntry, operations: ReadonlyMap<string, Operation>): AuditEntryView {
  const base = { seq: entry.seq, time: entry.time, type: entry.type, hash: entry.hash };
  if (entry.type === 'repair') {
    return {
      ...base,
      note: `Repaired after a crash: ${entry.bytes} bytes of a cut-short line moved to ${entry.sidecar}.`,
    };
  }
  if (entry.type === 'gap')
    return { ...base, osUser: entry.osUser, reason: entry.reason, note: gapNote(entry) };
  if (entry.type === 'damage') {
    const listed = entry.suspects.length;
    return {
      ...base,
      osUser: entry.osUser,
      reason: entry.reason,
      note: `Repaired: line ${entry.line} could not be read (${entry.problem}); its bytes were kept in ${entry.sidecar}${listed > 0 ? `, and ${listed === 1 ? '1 intent it may have been is' : `${listed} intents it may have been are`} listed as unresolved` : ''}.`,
    };
  }
  const operation = operations.get(entry.intentId);
  const state = operation ? operationState(operation) : undefined;
  if (entry.type === 'intent') {
    return {
      ...base,
      intentId: entry.intentId,
      environment: entry.environment,
      osUser: entry.osUser,
      action: entry.action,
      ids: entry.ids,
      idempotencyKey: entry.idempotencyKey,
      reason: entry.reason,
      summary: entry.summary,
      ...moneyOf(entry.summary),
      ...settledByOf(operation),
      ...approvalOf(entry),
      state,
    };
  }
  const intent = operation?.intent;
  return {
    ...base,
    intentId: entry.intentId,
    environment: intent?.environment,
    osUser: entry.type === 'resolution' ? entry.osUser : intent?.osUser,
    action: intent?.action,
    ids: { ...intent?.ids, ...entry.resultingIds },
    idempotencyKey: intent?.idempotencyKey,
    ...moneyOf(intent?.summary),
    ...settledByOf(operation),
    ...approvalOf(intent),
    result: entry.result,
    state,
    resolutionMethod: entry.type === 'resolution' ? entry.method : undefined,
    errorKind: entry.error?.kind,
    serviceCode: entry.error?.code,
    httpStatus: entry.httpStatus ?? entry.error?.httpStatus,
    status: entry.status,
    note: entry.type === 'resolution' ? entry.note : undefined,
  };
}

/** Repair and gap lines carry no environment, action or state, so any of those filters leaves them out. */
export function matchesFilter(view: AuditEntryView, filter: AuditFilter): boolean {
  if (filter.environmentId !== undefined && view.environment?.id !== filter.environmentId) return false;
  if (filter.action !== undefined && view.action !== filter.action) return false;
  if (filter.state !== undefined && view.state !== filter.state) return false;
  const time = Date.parse(view.time);
  if (filter.from !== undefined && time < Date.parse(filter.from)) return false;
  if (filter.to !== undefined && time >= Date.parse(filter.to)) return false;
  return true;
}

/** Drops the keys whose value is undefined, so a view crosses IPC and JSON without noise. */
export function compactView(view: AuditEntryView): AuditEntryView {
  return Object.fromEntries(
    Object.entries(view).filter(([, value]) => value !== undefined),
  ) as AuditEntryView;
}
