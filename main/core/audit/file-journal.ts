import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type {
  AuditAction,
  AuditEntryView,
  AuditFilter,
  AuditIds,
  AuditUnresolvedView,
  AuditVerifyReport,
  BlockingIntent,
  Result,
} from '../../../shared/contract';
import type { FileLockOptions } from '../storage/file-lock';
import { storageError } from '../storage/storage-error';
import { auditCsv } from './export-csv';
import type { AcknowledgedGap, Journal, PendingRequest } from './journal';
import { JournalFile, fileMedium, syncFolder, type JournalMedium } from './journal-file';
import {
  ALREADY_SETTLED,
  NO_SUCH_INTENT,
  answerBody,
  checkResolution,
  filterSchema,
  intentIdSchema,
  personReason,
  validation,
  zodFailure,
  type IntentInput,
  type OutcomeInput,
  type RecordedIntent,
  type ResolutionInput,
} from './journal-inputs';
import { checkIntent, intentCandidate, intentEntry, spoolHeaderOf } from './journal-intent';
import {
  HAS_OUTCOME,
  NOTHING_TO_ACKNOWLEDGE,
  blockingOperation,
  damageRefusal,
  definiteAnswer,
  gapEntry,
  isResendOf,
  keptRequest,
  keyExpiredError,
  resendExpired,
  settledByResend,
  unresolvedView,
} from './journal-rules';
import { JournalView } from './journal-view';
import { repairDamagedLines, type RepairedDamage } from './repair';
import { PendingSpool, type SpoolKeySource } from './spool';
import { blockingView, conflictError, conflictOf, type AccountScope } from './targets';
import { compactView, entryView, isUnsettled, matchesFilter, type Operation } from './views';

/**
 * The journal (the `Journal` port of journal.ts) over a medium that keeps its lines: a file here,
 * or the team's database (team/desk-journal.ts). The lines' mechanics are in journal-file.ts, the
 * rules in journal-rules.ts; this class holds the lock while it applies one to the other, and keeps
 * each intent's request in the local spool for a same-key retry, whatever the medium.
 */

/** The spool of kept requests beside the lines, in the journal's folder whatever keeps its lines. */
export const PENDING_FOLDER = 'pending';

export interface OpenJournalOptions {
  /** The data folder of the journal; created (0700) when missing. */
  dir: string;
  now?: () => Date;
  /** Who is acting; by default the OS account name, or null when the OS cannot tell. */
  osUser?: string | null;
  lock?: FileLockOptions;
  /** The key that seals kept requests (spool.ts); absent: requests are not kept, so no same-key retry. */
  sealKey?: SpoolKeySource;
}

function defaultOsUser(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

class ChainedJournal implements Journal {
  readonly paths: { journal: string; pendingFolder: string; anchor: string };
  private readonly file: JournalFile;
  private readonly view = new JournalView();
  private readonly spool: PendingSpool;
  private readonly now: () => Date;
  private readonly osUser: string | null;
  private readonly inFlight = new Set<string>();

  constructor(dir: string, medium: JournalMedium, options: Omit<OpenJournalOptions, 'dir' | 'lock'>) {
    this.now = options.now ?? ((): Date => new Date());
    this.osUser = options.osUser === undefined ? defaultOsUser() : options.osUser;
    this.file = new JournalFile(medium, {
      dir,
      now: this.now,
      onLine: (checked) => this.view.take(checked),
      onReset: () => this.view.reset(),
      writeRefusal: () => damageRefusal(this.view),
    });
    this.paths = { ...this.file.paths, pendingFolder: join(dir, PENDING_FOLDER) };
    this.spool = new PendingSpool(this.paths.pendingFolder, options.sealKey);
  }

  private get operations(): Map<string, Operation> {
    return this.view.operations;
  }

  /** Whether a same-key retry of the operation can be offered: its request is kept and its key young enough (D18). */
  private async canResend(operation: Operation): Promise<boolean> {
    if (resendExpired(this.operations.values(), operation, this.now())) return false;
    return this.spool.canResend(operation.intent.intentId);
  }

  /**
   * Under the lock at open: repair a cut line, seal requests an older version kept in plain text,
   * then drop spool files nothing needs any more. With entries cut off the end, or a damaged line,
   * it opens all the same (to verify, read, acknowledge and repair) but keeps the spool: a file
   * there may be all that is left of a missing intent.
   */
  openUnderLock(): Promise<Result<void>> {
    return this.file.exclusive(async ({ problem }) => {
      for (const operation of this.operations.values()) {
        if (!isUnsettled(operation) || operation.fromDamage) continue;
        const { intent } = operation;
        await this.spool.sealPlain({
          intentId: intent.intentId,
          action: intent.action,
          idempotencyKey: intent.idempotencyKey,
          environment: intent.environment,
          ids: intent.ids,
          bodySha256: intent.bodySha256,
          time: intent.time,
        });
      }
      if (problem || this.view.openDamage().length > 0) return { ok: true, data: undefined };
      await this.spool.sweep((intentId) => {
        const operation = this.operations.get(intentId);
        return operation !== undefined && isUnsettled(operation);
      });
      return { ok: true, data: undefined };
    }, 'inspect');
  }

  async recordIntent(input: IntentInput): Promise<Result<RecordedIntent>> {
    const checked = checkIntent(input);
    if (!checked.ok) return checked;
    const { idempotencyKey, bodyText, bodySha256 } = checked.data;

    const intentId = randomUUID();
    return this.file.exclusive(async () => {
      const now = this.now();
      const candidate = intentCandidate(checked.data, input.confirmedDuplicateOf);
      const conflict = conflictOf([...this.operations.values()], candidate, now);
      if (conflict) {
        const state = conflict.kind === 'duplicate_invoice' ? 'ok' : 'unknown';
        const sameRequest = conflict.operation.intent.bodySha256 === bodySha256;
        const blocking = blockingView(
          conflict.operation,
          state,
          sameRequest,
          await this.canResend(conflict.operation),
        );
        return { ok: false, error: conflictError(conflict, blocking) };
      }
      // Spool first: a crash between the two leaves a spool file without an intent, which the
      // next open deletes; never an intent whose retry body is missing.
      const spooled = await this.spool.write(spoolHeaderOf(intentId, checked.data, now), bodyText);
      if (!spooled.ok) return spooled;
      const written = await this.file.append(intentEntry(intentId, checked.data, this.osUser), now);
      if (!written.ok) {
        await this.spool.remove(intentId);
        return written;
      }
      this.inFlight.add(intentId);
      return {
        ok: true,
        data: {
          intentId,
          seq: written.data.seq,
          idempotencyKey,
          bodySha256,
          bodyKept: spooled.data.bodyKept,
        },
      };
    });
  }

  async recordOutcome(intentId: string, outcome: OutcomeInput): Promise<Result<{ seq: number }>> {
    if (!intentIdSchema.safeParse(intentId).success) return validation('Unknown intent.', 'intentId');
    // The call is over whether or not its outcome can be written: if it cannot, the intent must be
    // listed as unresolved now, not only after a restart.
    this.inFlight.delete(intentId);
    if (!['ok', 'error', 'outcome_unknown'].includes(outcome.result)) {
      return validation('Invalid outcome result.', 'result');
    }
    if (outcome.result === 'error' && !outcome.error) {
      return validation('An error outcome names its error.', 'error');
    }
    const answer = answerBody(outcome);
    if (!answer.ok) return answer;
    return this.file.exclusive(async () => {
      const operation = this.operations.get(intentId);
      if (!operation) return NO_SUCH_INTENT;
      if (operation.outcome || operation.resolution) return HAS_OUTCOME;
      const written = await this.file.append({
        type: 'outcome',
        intentId,
        result: outcome.result,
        ...answer.data,
      });
      if (!written.ok) return written;
      this.inFlight.delete(intentId);
      // A lost answer keeps the spooled body: the user may retry with the same key.
      if (outcome.result !== 'outcome_unknown') await this.spool.remove(intentId);
      return { ok: true, data: { seq: written.data.seq } };
    }, 'record');
  }

  async recordResolution(intentId: string, resolution: ResolutionInput): Promise<Result<{ seq: number }>> {
    if (!intentIdSchema.safeParse(intentId).success) return validation('Unknown intent.', 'intentId');
    const note = checkResolution(resolution);
    if (!note.ok) return note;
    const answer = answerBody({ ...resolution, result: resolution.result });
    if (!answer.ok) return answer;
    return this.file.exclusive(async () => {
      const operation = this.operations.get(intentId);
      if (!operation) return NO_SUCH_INTENT;
      if (!isUnsettled(operation)) return ALREADY_SETTLED;
      const written = await this.file.append({
        type: 'resolution',
        intentId,
        method: resolution.method,
        result: resolution.result,
        note: note.data === '' ? undefined : note.data,
        osUser: this.osUser,
        ...answer.data,
      });
      if (!written.ok) return written;
      this.inFlight.delete(intentId);
      await this.spool.remove(intentId);
      return { ok: true, data: { seq: written.data.seq } };
    }, 'record');
  }

  async getBlockingIntent(
    scope: AccountScope,
    action: AuditAction,
    ids: AuditIds,
  ): Promise<Result<BlockingIntent | null>> {
    return this.file.shared(async () => {
      // A line that cannot be read may be an unknown intent on this very target.
      const refusal = damageRefusal(this.view);
      if (refusal) return refusal;
      const operation = blockingOperation(this.operations.values(), scope, action, ids);
      if (operation === null) return { ok: true, data: null };
      return {
        ok: true,
        data: blockingView(operation, 'unknown', false, await this.canResend(operation)),
      };
    });
  }

  settleResends(intentId: string): Promise<Result<{ settled: string[] }>> {
    return this.file.exclusive(async () => {
      const answered = this.operations.get(intentId);
      const outcome = definiteAnswer(answered);
      if (!answered || !outcome || answered.intent.idempotencyKey === null) {
        return { ok: true, data: { settled: [] } };
      }
      const settled: string[] = [];
      for (const earlier of this.operations.values()) {
        if (!isResendOf(earlier, answered)) continue;
        const written = await this.file.append(settledByResend(earlier, intentId, outcome, this.osUser));
        if (!written.ok) return written;
        this.inFlight.delete(earlier.intent.intentId);
        await this.spool.remove(earlier.intent.intentId);
        settled.push(earlier.intent.intentId);
      }
      return { ok: true, data: { settled } };
    }, 'record');
  }

  verify(): Promise<Result<AuditVerifyReport>> {
    return this.file.verify();
  }

  async acknowledgeTruncation(input: { reason: string }): Promise<Result<AcknowledgedGap>> {
    const reason = personReason(input);
    if (!reason.ok) return reason;
    return this.file.exclusive(async ({ problem, partialBytes }) => {
      if (!problem) return NOTHING_TO_ACKNOWLEDGE;
      // A cut-short line is moved aside first, so the gap entry starts on a whole line; its repair
      // entry follows the gap entry, so the anchor's old head is on record before anything else.
      const moved = partialBytes > 0 ? await this.file.moveTailAside(partialBytes) : null;
      if (moved && !moved.ok) return moved;
      const missingEntries = problem.state === 'entries_missing' ? problem.count : null;
      const gap = await this.file.append(gapEntry(problem, this.file.head, this.osUser, reason.data));
      if (!gap.ok) return gap;
      this.file.markAcknowledged();
      if (moved) {
        const repaired = await this.file.append(moved.data);
        if (!repaired.ok) return repaired;
      }
      return { ok: true, data: { seq: gap.data.seq, problem: problem.state, missingEntries } };
    }, 'inspect');
  }

  async repairDamage(input: { reason: string }): Promise<Result<RepairedDamage>> {
    const reason = personReason(input);
    if (!reason.ok) return reason;
    return this.file.exclusive(
      () =>
        repairDamagedLines({
          view: this.view,
          file: this.file,
          spool: this.spool,
          osUser: this.osUser,
          reason: reason.data,
          now: this.now(),
        }),
      'inspect',
    );
  }

  private views(filter: AuditFilter): AuditEntryView[] {
    return this.view.entries
      .map((entry) => compactView(entryView(entry, this.operations)))
      .filter((view) => matchesFilter(view, filter));
  }

  async entries(filter: AuditFilter = {}): Promise<Result<AuditEntryView[]>> {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) return zodFailure('Invalid filter', parsed.error);
    return this.file.shared(async () => ({ ok: true, data: this.views(parsed.data) }));
  }

  async exportCsv(filter: AuditFilter = {}, options: { bom?: boolean } = {}): Promise<Result<string>> {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) return zodFailure('Invalid filter', parsed.error);
    return this.file.shared(async () => ({
      ok: true,
      data: auditCsv(this.views(parsed.data), { bom: options.bom }),
    }));
  }

  unresolved(): Promise<Result<AuditUnresolvedView[]>> {
    return this.file.shared(async () => {
      const views: AuditUnresolvedView[] = [];
      for (const operation of this.operations.values()) {
        if (!isUnsettled(operation) || this.inFlight.has(operation.intent.intentId)) continue;
        const canRetry = await this.canResend(operation);
        views.push(unresolvedView(this.operations.values(), operation, canRetry, this.now()));
      }
      return { ok: true, data: views.sort((a, b) => a.seq - b.seq) };
    });
  }

  async pendingRequest(intentId: string): Promise<Result<PendingRequest>> {
    if (!intentIdSchema.safeParse(intentId).success) return validation('Unknown intent.', 'intentId');
    return this.file.shared(async () => {
      const operation = this.operations.get(intentId);
      if (!operation) return NO_SUCH_INTENT;
      if (!isUnsettled(operation)) return ALREADY_SETTLED;
      const { intent } = operation;
      if (resendExpired(this.operations.values(), operation, this.now())) return keyExpiredError(intent);
      const spooled = await this.spool.read(intentId);
      if (!spooled.ok) return spooled;
      return keptRequest(intentId, intent, spooled.data);
    });
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/**
 * Opens (creating when needed) the journal in `dir`: `journal.jsonl`, its lock file, its anchor
 * and the `pending/` spool. A line cut short by a crash is moved aside and recorded (journal-file.ts).
 */
export async function openJournal(options: OpenJournalOptions): Promise<Result<Journal>> {
  let handle: FileHandle;
  try {
    await mkdir(join(options.dir, PENDING_FOLDER), { recursive: true, mode: 0o700 });
    handle = await open(join(options.dir, 'journal.jsonl'), 'a+', 0o600);
    if ((await handle.stat()).size === 0) await syncFolder(options.dir);
  } catch (cause) {
    return { ok: false, error: storageError('The journal could not be opened', cause) };
  }
  return openJournalOn(fileMedium(handle, options), options);
}

/**
 * Opens the journal whose lines `medium` keeps; `dir` holds the rest (anchor, spool, sidecars),
 * created (0700) when missing. The medium is closed with the journal, or here if opening fails.
 */
export async function openJournalOn(
  medium: JournalMedium,
  options: Omit<OpenJournalOptions, 'lock'>,
): Promise<Result<Journal>> {
  try {
    await mkdir(join(options.dir, PENDING_FOLDER), { recursive: true, mode: 0o700 });
  } catch (cause) {
    await medium.close().catch(() => undefined);
    return { ok: false, error: storageError('The journal could not be opened', cause) };
  }
  const journal = new ChainedJournal(options.dir, medium, options);
  const opened = await journal.openUnderLock();
  if (!opened.ok) {
    await journal.close();
    return opened;
  }
  return { ok: true, data: journal };
}
