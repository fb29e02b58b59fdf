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
  ConsoleError,
  JsonObject,
  JsonValue,
  Result,
} from '../../../shared/contract';
import type { FileLockOptions } from '../storage/file-lock';
import { storageError } from '../storage/storage-error';
import { requestBodySha256 } from './canonical-json';
import { auditIdsSchema, environmentRefSchema, idempotencyKeySchema, summarySchema } from './entries';
import { auditCsv } from './export-csv';
import { JournalFile, syncFolder } from './journal-file';
import {
  ALREADY_SETTLED,
  NO_SUCH_INTENT,
  TOO_LONG_500,
  answerBody,
  checkResolution,
  filterSchema,
  intentIdSchema,
  isAction,
  personReason,
  reasonSchema,
  validation,
  zodFailure,
  type IntentInput,
  type OutcomeInput,
  type RecordedIntent,
  type ResolutionInput,
} from './journal-inputs';
import { JournalView } from './journal-view';
import { repairDamagedLines, type RepairedDamage } from './repair';
import { PendingSpool, credentialFieldIn, parseSpooledBody, type SpoolKeySource } from './spool';
import {
  blockingView,
  conflictError,
  conflictOf,
  inScope,
  onTarget,
  resendUntil,
  targetOf,
  type AccountScope,
} from './targets';
import { requestIds, summariseRequest } from './summary';
import { compactView, entryView, isUnsettled, matchesFilter, type Operation } from './views';

export { JOURNAL_FILE, LOCK_FILE } from './journal-file';
export type { IntentInput, OutcomeInput, RecordedIntent, ResolutionInput } from './journal-inputs';
export type { RepairedDamage } from './repair';
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
  blockingIntent(
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

const KEPT_REQUEST_DIFFERS = {
  ok: false,
  error: {
    kind: 'storage',
    message: 'The kept request does not match what the journal recorded; it cannot be retried safely.',
    text: { key: 'journal.keptRequestDiffers' },
  },
} as const satisfies { ok: false; error: ConsoleError };

function defaultOsUser(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

class FileJournal implements Journal {
  readonly paths: { journal: string; pendingFolder: string; anchor: string };
  private readonly file: JournalFile;
  private readonly view = new JournalView();
  private readonly spool: PendingSpool;
  private readonly now: () => Date;
  private readonly osUser: string | null;
  private readonly inFlight = new Set<string>();

  constructor(dir: string, handle: FileHandle, options: OpenJournalOptions) {
    this.now = options.now ?? ((): Date => new Date());
    this.osUser = options.osUser === undefined ? defaultOsUser() : options.osUser;
    this.file = new JournalFile(handle, {
      dir,
      now: this.now,
      ...(options.lock && { lock: options.lock }),
      onLine: (checked) => this.view.take(checked),
      onReset: () => this.view.reset(),
      writeRefusal: () => this.damageRefusal(),
    });
    this.paths = { ...this.file.paths, pendingFolder: join(dir, PENDING_FOLDER) };
    this.spool = new PendingSpool(this.paths.pendingFolder, options.sealKey);
  }

  /** No money moves while a line in the middle cannot be read: it may be an unknown intent. */
  private damageRefusal(): { ok: false; error: ConsoleError } | null {
    const [first] = this.view.openDamage();
    if (!first) return null;
    return {
      ok: false,
      error: {
        kind: 'storage',
        message: `${first.problem.message} It may have been a payment action whose outcome is unknown, so no payment action can run until a person repairs it: check the journal, then run paydesk audit repair --reason "<what was checked>".`,
        text: { key: 'journal.damaged', params: { line: first.line } },
      },
    };
  }

  private get operations(): Map<string, Operation> {
    return this.view.operations;
  }

  /** Whether a same-key retry of the operation can be offered: its request is kept and its key young enough (D18). */
  private async canResend(operation: Operation): Promise<boolean> {
    const until = resendUntil(this.operations.values(), operation);
    if (until !== null && this.now().getTime() >= until.getTime()) return false;
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
    if (!isAction(input.action)) return validation('Unknown action.', 'action');
    const environment = environmentRefSchema.safeParse(input.environment);
    if (!environment.success) return zodFailure('Invalid environment', environment.error, 'environment');
    if (environment.data.account === undefined) {
      return validation('An intent names the service account it moves money on.', 'environment.account');
    }
    const reasonText = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reasonSchema.safeParse(reasonText).success)
      return validation('The reason is too long (500 characters at most).', 'reason', TOO_LONG_500);
    if (environment.data.kind === 'production' && reasonText === '') {
      return validation('A reason is required for every action in production.', 'reason', {
        key: 'guard.reasonRequired',
      });
    }
    const rawKey = input.idempotencyKey ?? null;
    if (input.action !== 'cashout.cancel' && rawKey === null) {
      return validation('Deposits and refunds carry an idempotency key.', 'idempotencyKey');
    }
    if (rawKey !== null && !idempotencyKeySchema.safeParse(rawKey).success) {
      return validation('The idempotency key is not valid.', 'idempotencyKey');
    }
    const request = input.request as unknown as JsonValue;
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return validation('The request must be a JSON object.', 'request');
    }
    const credentialField = credentialFieldIn(request);
    if (credentialField) {
      return validation(
        'A credential must not be spooled; the client adds it when it sends.',
        `request.${credentialField}`,
      );
    }
    let bodyText: string;
    let bodySha256: string;
    try {
      bodySha256 = requestBodySha256(request);
      bodyText = JSON.stringify(request);
    } catch {
      return validation('The request holds a value JSON cannot carry.', 'request');
    }
    const summary = summarySchema.safeParse({
      ...summariseRequest(input.action, input.request),
      ...(input.action === 'refund.create' && input.currency !== undefined && { currency: input.currency }),
    });
    if (!summary.success) return zodFailure('Invalid request', summary.error, 'request');
    const ids = auditIdsSchema.safeParse({ ...requestIds(input.action, input.request), ...input.ids });
    if (!ids.success) return zodFailure('Invalid ids', ids.error, 'ids');

    const intentId = randomUUID();
    return this.file.exclusive(async () => {
      const now = this.now();
      const conflict = conflictOf(
        [...this.operations.values()],
        {
          environmentId: environment.data.id,
          account: environment.data.account,
          action: input.action,
          ids: ids.data,
          idempotencyKey: rawKey,
          bodySha256,
          ...(input.confirmedDuplicateOf !== undefined && {
            confirmedDuplicateOf: input.confirmedDuplicateOf,
          }),
        },
        now,
      );
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
      const spooled = await this.spool.write(
        {
          intentId,
          action: input.action,
          idempotencyKey: rawKey,
          environment: environment.data,
          ids: ids.data,
          bodySha256,
          time: now.toISOString(),
        },
        bodyText,
      );
      if (!spooled.ok) return spooled;
      const written = await this.file.append(
        {
          type: 'intent',
          intentId,
          environment: environment.data,
          osUser: this.osUser,
          action: input.action,
          ids: ids.data,
          idempotencyKey: rawKey,
          reason: reasonText === '' ? null : reasonText,
          summary: summary.data,
          bodySha256,
        },
        now,
      );
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
          idempotencyKey: rawKey,
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
      if (operation.outcome || operation.resolution) {
        return {
          ok: false,
          error: {
            kind: 'invalid_state',
            message: 'This intent already has an outcome.',
            text: { key: 'journal.hasOutcome' },
          },
        };
      }
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

  async blockingIntent(
    scope: AccountScope,
    action: AuditAction,
    ids: AuditIds,
  ): Promise<Result<BlockingIntent | null>> {
    return this.file.shared(async () => {
      // A line that cannot be read may be an unknown intent on this very target.
      const refusal = this.damageRefusal();
      if (refusal) return refusal;
      const target = targetOf(action, ids);
      if (target === null) return { ok: true, data: null };
      for (const operation of this.operations.values()) {
        if (
          operation.intent.action === action &&
          inScope(operation, scope) &&
          onTarget(operation, target) &&
          isUnsettled(operation)
        ) {
          return {
            ok: true,
            data: blockingView(operation, 'unknown', false, await this.canResend(operation)),
          };
        }
      }
      return { ok: true, data: null };
    });
  }

  settleResends(intentId: string): Promise<Result<{ settled: string[] }>> {
    return this.file.exclusive(async () => {
      const answered = this.operations.get(intentId);
      // The definite answer to that request: its outcome, or the resolution of a lost one.
      const outcome =
        answered?.resolution ??
        (answered?.outcome?.result === 'outcome_unknown' ? undefined : answered?.outcome);
      if (!answered || !outcome || answered.intent.idempotencyKey === null) {
        return { ok: true, data: { settled: [] } };
      }
      const { intent } = answered;
      const scope = { environmentId: intent.environment.id, account: intent.environment.account };
      const settled: string[] = [];
      for (const earlier of this.operations.values()) {
        if (
          earlier.intent.intentId === intentId ||
          !inScope(earlier, scope) ||
          earlier.intent.action !== intent.action ||
          earlier.intent.idempotencyKey !== intent.idempotencyKey ||
          earlier.intent.bodySha256 !== intent.bodySha256 ||
          !isUnsettled(earlier)
        ) {
          continue;
        }
        const written = await this.file.append({
          type: 'resolution',
          intentId: earlier.intent.intentId,
          method: 'retried_same_key',
          result: outcome.result === 'ok' ? 'ok' : 'error',
          note: `Settled by intent ${intentId}, the same request sent again under the same key.`,
          osUser: this.osUser,
          ...(outcome.httpStatus !== undefined && { httpStatus: outcome.httpStatus }),
          ...(outcome.error && { error: outcome.error }),
          ...(outcome.resultingIds && { resultingIds: outcome.resultingIds }),
          ...(outcome.status !== undefined && { status: outcome.status }),
        });
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
      if (!problem) {
        return {
          ok: false,
          error: {
            kind: 'invalid_state',
            message: 'There is nothing to acknowledge: the end of the journal matches its anchor.',
            text: { key: 'journal.nothingToAcknowledge' },
          },
        };
      }
      // A cut-short line is moved aside first, so the gap entry starts on a whole line; its repair
      // entry follows the gap entry, so the anchor's old head is on record before anything else.
      const moved = partialBytes > 0 ? await this.file.moveTailAside(partialBytes) : null;
      if (moved && !moved.ok) return moved;
      const fileHead = this.file.head;
      const missingEntries = problem.state === 'entries_missing' ? problem.count : null;
      const gap = await this.file.append({
        type: 'gap',
        problem: problem.state,
        missingEntries,
        anchorHead:
          problem.state === 'unreadable' || problem.state === 'anchor_missing'
            ? null
            : { seq: problem.anchor.seq, hash: problem.anchor.hash, bytes: problem.anchor.bytes },
        fileHead,
        osUser: this.osUser,
        reason: reason.data,
      });
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
        const { intent, outcome } = operation;
        const until = resendUntil(this.operations.values(), operation);
        views.push({
          intentId: intent.intentId,
          seq: intent.seq,
          time: intent.time,
          environment: intent.environment,
          osUser: intent.osUser,
          action: intent.action,
          ids: intent.ids,
          idempotencyKey: intent.idempotencyKey,
          reason: intent.reason,
          summary: intent.summary,
          cause: operation.fromDamage ? 'damaged_line' : outcome ? 'answer_lost' : 'no_outcome',
          canRetry: await this.canResend(operation),
          resendUntil: until === null ? null : until.toISOString(),
          resendExpired: until !== null && this.now().getTime() >= until.getTime(),
        });
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
      // D18: past 23 h the service may have forgotten the key and would make a second record.
      const until = resendUntil(this.operations.values(), operation);
      if (until !== null && this.now().getTime() >= until.getTime()) {
        return {
          ok: false,
          error: {
            kind: 'invalid_state',
            message: `This request was first sent at ${intent.time}, more than 23 hours ago: the service keeps a request key for 24 hours only, so sending it again could make a second record. Read its status instead, or settle it by hand after checking with the service.`,
            text: { key: 'journal.keyExpired', params: { time: intent.time } },
          },
        };
      }
      const spooled = await this.spool.read(intentId);
      if (!spooled.ok) return spooled;
      if (spooled.data?.bodyProblem === 'no_key') {
        return {
          ok: false,
          error: {
            kind: 'keychain_unavailable',
            message:
              'The kept request is sealed with the key in the OS keychain, which cannot be read now: unlock the keychain, then try again.',
            text: { key: 'journal.keptRequestLocked' },
          },
        };
      }
      if (spooled.data?.bodyProblem === 'other_key') {
        return {
          ok: false,
          error: {
            kind: 'not_found',
            message:
              'The kept request was sealed with a key this keychain does not have (another install, or a keychain kept in memory by an earlier run), so it cannot be sent again: read its status instead, or settle it by hand after checking with the service.',
            text: { key: 'journal.keptRequestOtherKey' },
          },
        };
      }
      if (spooled.data?.bodyProblem === 'damaged') return KEPT_REQUEST_DIFFERS;
      if (!spooled.data || spooled.data.bodyText === null) {
        return {
          ok: false,
          error: {
            kind: 'not_found',
            message: 'The request of this intent was not kept; re-read the status instead.',
            text: { key: 'journal.requestNotKept' },
          },
        };
      }
      const body = parseSpooledBody(spooled.data.bodyText);
      if (
        !body ||
        requestBodySha256(body) !== intent.bodySha256 ||
        spooled.data.action !== intent.action ||
        spooled.data.idempotencyKey !== intent.idempotencyKey
      ) {
        return KEPT_REQUEST_DIFFERS;
      }
      return {
        ok: true,
        data: {
          intentId,
          action: intent.action,
          environment: intent.environment,
          idempotencyKey: intent.idempotencyKey,
          body,
          bodyText: spooled.data.bodyText,
          bodySha256: intent.bodySha256,
        },
      };
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
  const journal = new FileJournal(options.dir, handle, options);
  const opened = await journal.openUnderLock();
  if (!opened.ok) {
    await journal.close();
    return opened;
  }
  return { ok: true, data: journal };
}
