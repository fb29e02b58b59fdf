import type {
  AuditAction,
  AuditEntryView,
  AuditFilter,
  AuditIds,
  AuditUnresolvedView,
  AuditVerifyReport,
  BlockingIntent,
  JsonObject,
  Result,
} from '../../../shared/contract';
import type { IntentInput, OutcomeInput, RecordedIntent, ResolutionInput } from './journal-inputs';
import type { RepairedDamage } from './repair';
import type { AccountScope } from './targets';
import type { Operation } from './views';

/**
 * The journal as its callers see it (a port): what a use-case records and asks, whatever keeps the
 * lines. file-journal.ts keeps them in a file beside the app's data; another store (a shared
 * database) would implement the same interface and apply the same rules (journal-rules.ts).
 */

export { JOURNAL_FILE, LOCK_FILE } from './journal-file';
export { openJournal, openJournalOn, type OpenJournalOptions } from './file-journal';
export type { JournalMedium } from './journal-file';
export type { OutcomeInput, ResolutionInput } from './journal-inputs';
/** A spooled request, for a retry with the same idempotency key (never a new one). */
export interface PendingRequest {
  intentId: string;
  action: AuditAction;
  environment: Operation['intent']['environment'];
  /** The ORIGINAL key, from the intent line. */
  idempotencyKey: string | null;
  /** The request as recorded: hand it to the same client call, with `idempotencyKey`. */
  body: JsonObject;
  /** The request as JSON.stringify wrote it when recorded. */
  bodyText: string;
  bodySha256: string;
}

export interface AcknowledgedGap {
  seq: number;
  problem: 'entries_missing' | 'mismatch' | 'unreadable' | 'anchor_missing';
  missingEntries: number | null;
}

export interface Journal {
  readonly paths: { journal: string; pendingFolder: string; anchor: string };
  /** Resolves once the intent (and its kept request) is on disk: only then send the request. */
  recordIntent(input: IntentInput): Promise<Result<RecordedIntent>>;
  recordOutcome(intentId: string, outcome: OutcomeInput): Promise<Result<{ seq: number }>>;
  /** Settles an intent whose outcome was unknown; refused once an intent has a definite outcome. */
  recordResolution(intentId: string, resolution: ResolutionInput): Promise<Result<{ seq: number }>>;
  verify(): Promise<Result<AuditVerifyReport>>;
  /**
   * Records that an operator checked entries cut off the end (or an anchor that disagrees with the
   * file, or is missing), as a `gap` entry naming the anchor's old head; from then on the anchor
   * follows the file and new entries are accepted again. Refused when there is nothing to acknowledge.
   */
  acknowledgeTruncation(input: { reason: string }): Promise<Result<AcknowledgedGap>>;
  /**
   * Repairs unreadable lines in the middle: keeps their bytes aside, lists what they may have been
   * (intents whose own line is lost stay unresolved), and lets new intents through again.
   */
  repairDamage(input: { reason: string }): Promise<Result<RepairedDamage>>;
  entries(filter?: AuditFilter): Promise<Result<AuditEntryView[]>>;
  /**
   * Intents with no outcome or with a lost answer, and no resolution, oldest first. Intents this
   * Journal object recorded and whose call is still under way are not listed.
   */
  unresolved(): Promise<Result<AuditUnresolvedView[]>>;
  pendingRequest(intentId: string): Promise<Result<PendingRequest>>;
  /** The unsettled intent on this target of this account, if any: a new intent under another key would be refused. */
  getBlockingIntent(
    scope: AccountScope,
    action: AuditAction,
    ids: AuditIds,
  ): Promise<Result<BlockingIntent | null>>;
  /**
   * After `intentId` got a definite answer: settles the unsettled intents of the same request (same
   * account, action, key and body hash), whose answer it is (D6, D16). Nothing else settles them.
   */
  settleResends(intentId: string): Promise<Result<{ settled: string[] }>>;
  exportCsv(filter?: AuditFilter, options?: { bom?: boolean }): Promise<Result<string>>;
  close(): Promise<void>;
}
