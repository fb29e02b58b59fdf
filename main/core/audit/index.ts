/**
 * The audit journal: an append-only, hash-chained record of every mutating call of the console
 * (intent before the call, outcome after it), shared by the desktop app and the CLI. Its DTOs for
 * the renderer (AuditEntryView, AuditFilter, AuditVerifyReport, AuditUnresolvedView) are in
 * shared/contract.
 *
 * How a use-case drives it:
 *   const intent = await journal.recordIntent({ environment, action, request, idempotencyKey, reason });
 *   if (!intent.ok) stop;                    // nothing was sent
 *   const answer = await client.send(...);   // only now: the intent is on disk
 *   await journal.recordOutcome(intent.data.intentId, { result, error, resultingIds, ... });
 * On start: `unresolved()`; for each, re-read the status, or `pendingRequest(id)` and resend its
 * body with its ORIGINAL key; then `recordResolution(id, …)`.
 *
 * Lines cut off the end are caught by the anchor beside the file (anchor.ts): until an operator
 * calls `acknowledgeTruncation`, every write is refused with a `storage` error. A line in the
 * middle that cannot be read refuses every new intent until a person calls `repairDamage`.
 */
export {
  openJournal,
  openJournalOn,
  JOURNAL_FILE,
  LOCK_FILE,
  type Journal,
  type JournalMedium,
  type OpenJournalOptions,
  type OutcomeInput,
  type ResolutionInput,
} from './journal';
export { type AccountScope } from './targets';
export { verifiedHead, verifyJournalBytes, verifyJournalFile } from './verify';
export { ANCHOR_FILE } from './anchor';
export { canonicalJson, requestBodySha256 } from './canonical-json';
export { mask, looksMasked, summariseRequest, type ActionRequests } from './summary';
export { AUDIT_CSV_HEADERS } from './export-csv';
