import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type {
  AuditAction,
  AuditEntryView,
  AuditEnvironmentRef,
  AuditFilter,
  AuditIds,
  AuditResolutionMethod,
  AuditUnresolvedView,
  AuditVerifyReport,
  BlockingIntent,
  ConsoleError,
  JsonObject,
  JsonValue,
  MessageText,
  Result,
} from '../../../shared/contract';
import { AUDIT_ACTIONS, AUDIT_STATES } from '../../../shared/contract';
import { requestBodySha256, sha256Hex } from './canonical-json';
import {
  GENESIS_HASH,
  auditIdsSchema,
  chainPlaceSchema,
  entrySchema,
  environmentRefSchema,
  errorRecordSchema,
  idempotencyKeySchema,
  sealEntry,
  summarySchema,
  type EntryBody,
  type ErrorRecord,
  type JournalEntry,
} from './entries';
import { auditCsv } from './export-csv';
import { withFileLock, type FileLockOptions } from '../storage/file-lock';
import { PendingSpool, credentialFieldIn, parseSpooledBody } from './spool';
import { storageError } from '../storage/storage-error';
import {
  ACKNOWLEDGE_HINT,
  ANCHOR_FILE,
  ChainPlaces,
  anchorMessage,
  compareAnchor,
  isAnchorProblem,
  readAnchor,
  writeAnchor,
  type AnchorProblem,
  type AnchorRead,
} from './anchor';
import { blockingView, conflictError, conflictOf, targetOf } from './targets';
import { requestIds, summariseRequest, type ActionRequests } from './summary';
import { verifyJournal } from './verify';
import { compactView, entryView, isUnsettled, matchesFilter, type Operation } from './views';

export const JOURNAL_FILE = 'journal.jsonl';
export const LOCK_FILE = 'journal.lock';
export const PENDING_FOLDER = 'pending';

export interface OpenJournalOptions {
  /** The data folder of the journal; created (0700) when missing. */
  dir: string;
  now?: () => Date;
  /** Who is acting; by default the OS account name, or null when the OS cannot tell. */
  osUser?: string | null;
  lock?: FileLockOptions;
}

interface IntentCommon {
  environment: AuditEnvironmentRef;
  /** Why. The console requires one in production; the journal refuses a production intent without one. */
  reason?: string | null;
  /** Ids beyond those the request names (which are taken from it). */
  ids?: AuditIds;
  /** Deposits: the earlier intent with this invoice id over which the user confirmed a second deposit. */
  confirmedDuplicateOf?: string;
}

/**
 * One intent per user decision. `request` is what the use-case hands to the payments client
 * (credentials excluded): it goes to the owner-only spool for a retry, and the journal line gets only a masked
 * summary built from it field by field (summary.ts) and its hash. Deposits and refunds are POSTs
 * and always carry an idempotency key (D6); a cashout cancel is a DELETE and may have none.
 */
export type IntentInput =
  | (IntentCommon & {
      action: 'deposit.create';
      request: ActionRequests['deposit.create'];
      idempotencyKey: string;
    })
  | (IntentCommon & {
      action: 'refund.create';
      request: ActionRequests['refund.create'];
      idempotencyKey: string;
    })
  | (IntentCommon & {
      action: 'cashout.cancel';
      request: ActionRequests['cashout.cancel'];
      idempotencyKey?: string | null;
    });

export interface RecordedIntent {
  intentId: string;
  seq: number;
  idempotencyKey: string | null;
  /** requestBodySha256 of the request: what a retry must send again. */
  bodySha256: string;
}

/** What the call gave. Only kind, code, type, HTTP status and message of an error are kept. */
export interface OutcomeInput {
  result: 'ok' | 'error' | 'outcome_unknown';
  httpStatus?: number;
  /** Required when `result` is `error`. */
  error?: ConsoleError;
  /** Ids the answer produced: deposit_id, refund_id… */
  resultingIds?: AuditIds;
  /** A status the answer carried, e.g. a cashout's `CANCELLED`. */
  status?: string;
}

export interface ResolutionInput extends Omit<OutcomeInput, 'result'> {
  method: AuditResolutionMethod;
  /** The final outcome established by the re-read or the retry. */
  result: 'ok' | 'error';
  /** Required for `manual`: how it was checked. */
  note?: string;
}

/** A spooled request, for a retry with the same idempotency key (never a new one). */
export interface PendingRequest {
  intentId: string;
  action: AuditAction;
  environment: AuditEnvironmentRef;
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
  problem: AnchorProblem['state'];
  missingEntries: number | null;
}

/** What exclusive() found under the lock, for the task. */
interface LockedState {
  /** An anchor problem nobody acknowledged yet (writes were refused). */
  problem: AnchorProblem | null;
  /** Bytes after the last whole line (a cut-short line), left in place while `problem` is set. */
  partialBytes: number;
}

export interface Journal {
  readonly paths: { journal: string; pendingFolder: string; anchor: string };
  /** Resolves once the intent (and its spooled request) is on disk: only then send the request. */
  recordIntent(input: IntentInput): Promise<Result<RecordedIntent>>;
  recordOutcome(intentId: string, outcome: OutcomeInput): Promise<Result<{ seq: number }>>;
  /** Settles an intent whose outcome was unknown; refused once an intent has a definite outcome. */
  recordResolution(intentId: string, resolution: ResolutionInput): Promise<Result<{ seq: number }>>;
  verify(): Promise<Result<AuditVerifyReport>>;
  /**
   * Records that an operator checked entries cut off the end (or an anchor that disagrees with the
   * file), as a `gap` entry naming the anchor's old head; from then on the anchor follows the file
   * and new entries are accepted again. Refused when there is nothing to acknowledge.
   */
  acknowledgeTruncation(input: { reason: string }): Promise<Result<AcknowledgedGap>>;
  entries(filter?: AuditFilter): Promise<Result<AuditEntryView[]>>;
  /**
   * Intents with no outcome or with a lost answer, and no resolution, oldest first. Intents this
   * Journal object recorded and whose call is still under way are not listed.
   */
  unresolved(): Promise<Result<AuditUnresolvedView[]>>;
  pendingRequest(intentId: string): Promise<Result<PendingRequest>>;
  /** The unsettled intent on this target, if any: a new intent under another key would be refused. */
  blockingIntent(
    environmentId: string,
    action: AuditAction,
    ids: AuditIds,
  ): Promise<Result<BlockingIntent | null>>;
  /**
   * After `intentId` got a definite answer: settles the unsettled intents of the same request (same
   * environment, action, key and body hash), whose answer it is (D6, D16). Nothing else settles them.
   */
  settleResends(intentId: string): Promise<Result<{ settled: string[] }>>;
  exportCsv(filter?: AuditFilter, options?: { bom?: boolean }): Promise<Result<string>>;
  close(): Promise<void>;
}

const NEWLINE = 0x0a;
const intentIdSchema = z.uuid();
const reasonSchema = z.string().max(500);

const filterSchema = z.strictObject({
  environmentId: z.string().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  state: z.enum(AUDIT_STATES).optional(),
});

const answerSchema = z.object({
  httpStatus: z.number().int().min(100).max(599).optional(),
  resultingIds: auditIdsSchema.optional(),
  status: z.string().max(100).optional(),
});

/** Most of these refuse a caller's bug, not staff's typing: "is not valid" beside the field says enough. */
function validation(
  message: string,
  field?: string,
  text: MessageText = { key: 'field.invalid' },
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind: 'validation', message, text, ...(field ? { field } : {}) } };
}

const TOO_LONG_500: MessageText = { key: 'field.tooLong', params: { max: 500 } };

const NO_SUCH_INTENT = {
  ok: false,
  error: { kind: 'not_found', message: 'No such intent in the journal.', text: { key: 'journal.noIntent' } },
} as const satisfies { ok: false; error: ConsoleError };

/** A validation error naming the first offending field, as a dotted path under `root`. */
function zodFailure(prefix: string, error: z.ZodError, root?: string): { ok: false; error: ConsoleError } {
  const issue = error.issues[0];
  const field = [root, ...(issue?.path.map(String) ?? [])].filter(Boolean).join('.');
  return validation(
    `${prefix}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}.`,
    field || undefined,
  );
}

function errorRecord(error: ConsoleError): ErrorRecord {
  return errorRecordSchema.parse({
    kind: error.kind,
    code: error.code,
    type: error.type?.slice(0, 100),
    httpStatus: error.httpStatus,
    message: error.message.slice(0, 500),
  });
}

function defaultOsUser(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

/**
 * A missing anchor (a journal written before anchors, or a new one) starts at the file's end as
 * it is. The machine's clock, not the journal's: it dates a file, not an entry.
 */
function anchorStart(seq: number): { time: string; seq: number } {
  return { time: new Date().toISOString(), seq };
}

async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder; its file system journals the metadata.
  } finally {
    await handle?.close();
  }
}

class FileJournal implements Journal {
  readonly paths: { journal: string; pendingFolder: string; anchor: string };
  private readonly lockPath: string;
  private readonly spool: PendingSpool;
  private readonly now: () => Date;
  private readonly osUser: string | null;

  /** Bytes of whole lines read so far; what follows is another writer's line or a cut line. */
  private consumed = 0;
  private lines = 0;
  private last: { seq: number; hash: string } | null = null;
  /** Where each whole line ends, by seq: what the anchor is compared with. */
  private places = new ChainPlaces();
  /** Why nothing can be linked to the last whole line, when it cannot. */
  private unlinkableTail: string | null = null;
  private journalEntries: JournalEntry[] = [];
  private operations = new Map<string, Operation>();
  private readonly inFlight = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set by acknowledgeTruncation's task once its gap entry is written. */
  private acknowledged = false;

  constructor(
    private readonly dir: string,
    private readonly handle: FileHandle,
    private readonly options: OpenJournalOptions,
  ) {
    this.paths = {
      journal: join(dir, JOURNAL_FILE),
      pendingFolder: join(dir, PENDING_FOLDER),
      anchor: join(dir, ANCHOR_FILE),
    };
    this.lockPath = join(dir, LOCK_FILE);
    this.spool = new PendingSpool(this.paths.pendingFolder);
    this.now = options.now ?? ((): Date => new Date());
    this.osUser = options.osUser === undefined ? defaultOsUser() : options.osUser;
  }

  // -------------------------------------------------------------------------------------------
  // Serialisation: one queue in this process, the lock file between processes
  // -------------------------------------------------------------------------------------------

  private serialised<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      if (this.closed) {
        return {
          ok: false,
          error: { kind: 'internal', message: 'The journal is closed.', text: { key: 'journal.closed' } },
        };
      }
      try {
        return await task();
      } catch (cause) {
        return { ok: false, error: storageError('The journal could not be read or written', cause) };
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result;
    return result;
  }

  /**
   * Runs `task` with the journal lock held, the in-memory view caught up and checked against the
   * anchor, and a cut-short last line repaired. While the anchor shows entries cut off the end (or
   * disagrees), `write` tasks are refused and nothing is repaired: appending would hide the gap.
   * `inspect` tasks (open, acknowledge) run anyway and are told what was found.
   */
  private exclusive<T>(
    task: (state: LockedState) => Promise<Result<T>>,
    mode: 'write' | 'inspect' = 'write',
  ): Promise<Result<T>> {
    return this.serialised(() =>
      withFileLock(this.lockPath, this.options.lock ?? {}, async () => {
        const partialBytes = await this.catchUp();
        const anchor = await readAnchor(this.paths.anchor);
        const finding = compareAnchor(anchor, this.places);
        const problem = isAnchorProblem(finding) ? finding : null;
        if (problem && mode === 'write') {
          return {
            ok: false,
            error: {
              kind: 'storage',
              message: `${anchorMessage(problem, this.places.last)} ${ACKNOWLEDGE_HINT}`,
              text: { key: 'journal.anchorProblem' },
            },
          };
        }
        const sinceSeq = this.places.last.seq;
        if (partialBytes > 0 && !problem) {
          // Every writer holds the lock while it writes, so bytes after the last whole line seen
          // under the lock belong to a writer that died mid-line.
          const repaired = await this.repairTail(partialBytes);
          if (!repaired.ok) return repaired;
        }
        const result = await task({ problem, partialBytes: problem ? partialBytes : 0 });
        // Once a gap entry is written the file's end is the truth again; until then a problem
        // keeps the anchor as it is, as the evidence of what was there.
        const acknowledged = this.acknowledged;
        this.acknowledged = false;
        if (!problem || acknowledged) await this.followAnchor(anchor, sinceSeq);
        return result;
      }),
    );
  }

  /**
   * Points the anchor at the file's last entry. A failure is not the caller's: its entry is on
   * disk, and the anchor, now behind, catches up at the next write (verify says so meanwhile).
   */
  private async followAnchor(anchor: AnchorRead, sinceSeq: number): Promise<void> {
    const head = this.places.last;
    const current = anchor.state === 'present' ? anchor.anchor : null;
    if (current && current.seq === head.seq && current.hash === head.hash && current.bytes === head.bytes) {
      return;
    }
    const since = current?.since ?? anchorStart(sinceSeq);
    await writeAnchor(this.paths.anchor, head, since).catch(() => undefined);
  }

  /** Runs `task` after reading what other processes appended; no lock (reads whole lines only). */
  private shared<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    return this.serialised(async () => {
      await this.catchUp();
      return task();
    });
  }

  // -------------------------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------------------------

  private resetView(): void {
    this.consumed = 0;
    this.lines = 0;
    this.last = null;
    this.places = new ChainPlaces();
    this.unlinkableTail = null;
    this.journalEntries = [];
    this.operations = new Map();
  }

  /** Reads the whole lines appended since the last call; returns how many bytes follow them. */
  private async catchUp(): Promise<number> {
    const { size } = await this.handle.stat();
    if (size < this.consumed) this.resetView(); // cut from outside: read again; verify() will say where
    if (size === this.consumed) return 0;
    const buffer = await this.readAt(this.consumed, size - this.consumed);
    const filled = buffer.length;
    const lastNewline = buffer.lastIndexOf(NEWLINE, filled - 1);
    if (lastNewline === -1) return filled;
    let start = 0;
    while (start <= lastNewline) {
      const end = buffer.indexOf(NEWLINE, start);
      this.ingest(buffer.toString('utf8', start, end), this.consumed + end + 1);
      start = end + 1;
    }
    this.consumed += lastNewline + 1;
    return filled - (lastNewline + 1);
  }

  /** Up to `length` bytes from `position` (fewer if the file is shorter). */
  private async readAt(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }

  /** `end`: the file offset just after the line's newline. */
  private ingest(text: string, end: number): void {
    this.lines += 1;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      record = undefined;
    }
    const place = chainPlaceSchema.safeParse(record);
    if (place.success) this.places.add(place.data.seq, place.data.hash, end);
    const parsed = entrySchema.safeParse(record);
    if (parsed.success) {
      this.remember(parsed.data);
      return;
    }
    // Not an entry this version understands. If it still names its place in a chain (a newer
    // version's entry), keep linking after it; verify() judges it. If not, refuse to link.
    if (place.success) {
      this.last = { seq: place.data.seq, hash: place.data.hash };
      this.unlinkableTail = null;
    } else {
      this.unlinkableTail = `Line ${this.lines} of the journal is not a journal entry; run verify and move the file aside.`;
    }
  }

  private remember(entry: JournalEntry): void {
    this.journalEntries.push(entry);
    this.last = { seq: entry.seq, hash: entry.hash };
    this.unlinkableTail = null;
    switch (entry.type) {
      case 'intent':
        this.operations.set(entry.intentId, { intent: entry });
        break;
      case 'outcome': {
        const operation = this.operations.get(entry.intentId);
        if (operation && !operation.outcome) operation.outcome = entry;
        break;
      }
      case 'resolution': {
        const operation = this.operations.get(entry.intentId);
        if (operation && !operation.resolution) operation.resolution = entry;
        break;
      }
      case 'repair':
      case 'gap':
        break;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Writing (always under the lock, after catchUp)
  // -------------------------------------------------------------------------------------------

  private async append(body: EntryBody): Promise<Result<JournalEntry>> {
    if (this.unlinkableTail)
      return {
        ok: false,
        error: { kind: 'storage', message: this.unlinkableTail, text: { key: 'journal.unlinkableTail' } },
      };
    const { entry, line } = sealEntry(body, {
      seq: (this.last?.seq ?? 0) + 1,
      prev: this.last?.hash ?? GENESIS_HASH,
      time: this.now().toISOString(),
    });
    const bytes = Buffer.from(line, 'utf8');
    try {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written);
        written += bytesWritten;
      }
      // The caller acts on the entry once this resolves: it must survive a crash or a power cut.
      await this.handle.datasync();
    } catch (cause) {
      // Take back a half-written line; if even that fails, the next open moves it aside.
      await this.handle.truncate(this.consumed).catch(() => undefined);
      return { ok: false, error: storageError('The journal entry could not be written', cause) };
    }
    this.consumed += bytes.length;
    this.lines += 1;
    this.places.add(entry.seq, entry.hash, this.consumed);
    this.remember(entry);
    return { ok: true, data: entry };
  }

  /**
   * A writer died in the middle of a line (kill -9, power cut). Its bytes are never dropped: they
   * go to a sidecar file next to the journal, the journal is cut back to its last whole line, and
   * a repair entry says what was moved where, so the chain goes on verifying.
   */
  private async repairTail(partialBytes: number): Promise<Result<JournalEntry>> {
    const moved = await this.moveTailAside(partialBytes);
    return moved.ok ? this.append(moved.data) : moved;
  }

  /** The sidecar half of repairTail: the repair entry to append once the file ends on a whole line. */
  private async moveTailAside(partialBytes: number): Promise<Result<Extract<EntryBody, { type: 'repair' }>>> {
    const partial = await this.readAt(this.consumed, partialBytes);
    const sidecar = `${JOURNAL_FILE}.partial-${this.now().getTime()}-${randomUUID().slice(0, 8)}`;
    try {
      const sidecarHandle = await open(join(this.dir, sidecar), 'wx', 0o600);
      try {
        await sidecarHandle.writeFile(partial);
        await sidecarHandle.sync();
      } finally {
        await sidecarHandle.close();
      }
      await syncFolder(this.dir);
      await this.handle.truncate(this.consumed);
      await this.handle.datasync();
    } catch (cause) {
      return { ok: false, error: storageError('A cut-short journal line could not be moved aside', cause) };
    }
    return {
      ok: true,
      data: {
        type: 'repair',
        sidecar,
        bytes: partialBytes,
        sha256: sha256Hex(partial),
        truncatedAt: this.consumed,
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // The API
  // -------------------------------------------------------------------------------------------

  /**
   * Under the lock at open: repair a cut line, then drop spool files nothing needs any more. With
   * entries cut off the end it opens all the same (to verify, read and acknowledge) but keeps the
   * spool: a file there may be all that is left of a missing intent.
   */
  openUnderLock(): Promise<Result<void>> {
    return this.exclusive(async ({ problem }) => {
      if (problem) return { ok: true, data: undefined };
      await this.spool.sweep((intentId) => {
        const operation = this.operations.get(intentId);
        return operation !== undefined && isUnsettled(operation);
      });
      return { ok: true, data: undefined };
    }, 'inspect');
  }

  async recordIntent(input: IntentInput): Promise<Result<RecordedIntent>> {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(input.action)) {
      return validation('Unknown action.', 'action');
    }
    const environment = environmentRefSchema.safeParse(input.environment);
    if (!environment.success) return zodFailure('Invalid environment', environment.error, 'environment');
    const reasonText = typeof input.reason === 'string' ? input.reason.trim() : '';
    const reason = reasonSchema.safeParse(reasonText);
    if (!reason.success)
      return validation('The reason is too long (500 characters at most).', 'reason', TOO_LONG_500);
    if (environment.data.kind === 'production' && reasonText === '') {
      return validation('A reason is required for every action in production.', 'reason', {
        key: 'guard.reasonRequired',
      });
    }
    const keyRequired = input.action !== 'cashout.cancel';
    const rawKey = input.idempotencyKey ?? null;
    if (keyRequired && rawKey === null) {
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
    const summary = summarySchema.safeParse(summariseRequest(input.action, input.request));
    if (!summary.success) return zodFailure('Invalid request', summary.error, 'request');
    const ids = auditIdsSchema.safeParse({ ...requestIds(input.action, input.request), ...input.ids });
    if (!ids.success) return zodFailure('Invalid ids', ids.error, 'ids');

    const intentId = randomUUID();
    return this.exclusive(async () => {
      // A journal that cannot take the intent says so first: the money rules need its whole view.
      if (this.unlinkableTail)
        return {
          ok: false,
          error: { kind: 'storage', message: this.unlinkableTail, text: { key: 'journal.unlinkableTail' } },
        };
      const conflict = conflictOf([...this.operations.values()], {
        environmentId: environment.data.id,
        action: input.action,
        ids: ids.data,
        idempotencyKey: rawKey,
        bodySha256,
        ...(input.confirmedDuplicateOf !== undefined && { confirmedDuplicateOf: input.confirmedDuplicateOf }),
      });
      if (conflict) {
        const state = conflict.kind === 'duplicate_invoice' ? 'ok' : 'unknown';
        const sameRequest = conflict.operation.intent.bodySha256 === bodySha256;
        const canRetry = await this.spool.exists(conflict.operation.intent.intentId);
        const blocking = blockingView(conflict.operation, state, sameRequest, canRetry);
        return { ok: false, error: conflictError(conflict, blocking) };
      }
      // Spool first: a crash between the two leaves a spool file without an intent, which the
      // next open deletes; never an intent whose retry body is missing.
      const spooled = await this.spool.write({
        intentId,
        action: input.action,
        idempotencyKey: rawKey,
        bodyText,
      });
      if (!spooled.ok) return spooled;
      const written = await this.append({
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
      });
      if (!written.ok) {
        await this.spool.remove(intentId);
        return written;
      }
      this.inFlight.add(intentId);
      return { ok: true, data: { intentId, seq: written.data.seq, idempotencyKey: rawKey, bodySha256 } };
    });
  }

  private answerBody(
    input: OutcomeInput,
  ): Result<Omit<Extract<EntryBody, { type: 'outcome' }>, 'type' | 'result' | 'intentId'>> {
    const answer = answerSchema.safeParse({
      httpStatus: input.httpStatus,
      resultingIds: input.resultingIds,
      status: input.status,
    });
    if (!answer.success) return zodFailure('Invalid outcome', answer.error);
    let error: ErrorRecord | undefined;
    if (input.error) {
      try {
        error = errorRecord(input.error);
      } catch {
        return validation('Invalid outcome: the error is not a console error.', 'error');
      }
    }
    return { ok: true, data: { ...answer.data, error } };
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
    const answer = this.answerBody(outcome);
    if (!answer.ok) return answer;
    return this.exclusive(async () => {
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
      const written = await this.append({
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
    });
  }

  async recordResolution(intentId: string, resolution: ResolutionInput): Promise<Result<{ seq: number }>> {
    if (!intentIdSchema.safeParse(intentId).success) return validation('Unknown intent.', 'intentId');
    if (!['status_reread', 'retried_same_key', 'manual'].includes(resolution.method)) {
      return validation('Invalid resolution method.', 'method');
    }
    if (resolution.result !== 'ok' && resolution.result !== 'error') {
      return validation('A resolution ends in ok or error.', 'result');
    }
    if (resolution.result === 'error' && !resolution.error) {
      return validation('An error resolution names its error.', 'error');
    }
    const note = resolution.note?.trim() ?? '';
    if (resolution.method === 'manual' && note === '') {
      return validation('A manual resolution says how it was checked.', 'note');
    }
    if (note.length > 500)
      return validation('The note is too long (500 characters at most).', 'note', TOO_LONG_500);
    const answer = this.answerBody({ ...resolution, result: resolution.result });
    if (!answer.ok) return answer;
    return this.exclusive(async () => {
      const operation = this.operations.get(intentId);
      if (!operation) return NO_SUCH_INTENT;
      if (!isUnsettled(operation)) {
        return {
          ok: false,
          error: {
            kind: 'invalid_state',
            message: 'This intent is already settled.',
            text: { key: 'journal.alreadySettled' },
          },
        };
      }
      const written = await this.append({
        type: 'resolution',
        intentId,
        method: resolution.method,
        result: resolution.result,
        note: note === '' ? undefined : note,
        osUser: this.osUser,
        ...answer.data,
      });
      if (!written.ok) return written;
      this.inFlight.delete(intentId);
      await this.spool.remove(intentId);
      return { ok: true, data: { seq: written.data.seq } };
    });
  }

  async blockingIntent(
    environmentId: string,
    action: AuditAction,
    ids: AuditIds,
  ): Promise<Result<BlockingIntent | null>> {
    return this.shared(async () => {
      const target = targetOf(action, ids);
      if (target === null) return { ok: true, data: null };
      for (const operation of this.operations.values()) {
        const { intent } = operation;
        if (
          intent.environment.id === environmentId &&
          intent.action === action &&
          targetOf(intent.action, intent.ids) === target &&
          isUnsettled(operation)
        ) {
          const canRetry = await this.spool.exists(intent.intentId);
          return { ok: true, data: blockingView(operation, 'unknown', false, canRetry) };
        }
      }
      return { ok: true, data: null };
    });
  }

  settleResends(intentId: string): Promise<Result<{ settled: string[] }>> {
    return this.exclusive(async () => {
      const answered = this.operations.get(intentId);
      // The definite answer to that request: its outcome, or the resolution of a lost one.
      const outcome =
        answered?.resolution ??
        (answered?.outcome?.result === 'outcome_unknown' ? undefined : answered?.outcome);
      if (!answered || !outcome || answered.intent.idempotencyKey === null) {
        return { ok: true, data: { settled: [] } };
      }
      const { intent } = answered;
      const settled: string[] = [];
      for (const earlier of this.operations.values()) {
        if (
          earlier.intent.intentId === intentId ||
          earlier.intent.environment.id !== intent.environment.id ||
          earlier.intent.action !== intent.action ||
          earlier.intent.idempotencyKey !== intent.idempotencyKey ||
          earlier.intent.bodySha256 !== intent.bodySha256 ||
          !isUnsettled(earlier)
        ) {
          continue;
        }
        const written = await this.append({
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
    });
  }

  verify(): Promise<Result<AuditVerifyReport>> {
    // Under the lock, so a line another process is writing is not taken for a cut one. It changes
    // nothing, except that a journal without an anchor gets one (and the report says since when).
    return this.serialised(() =>
      withFileLock(this.lockPath, this.options.lock ?? {}, async () => {
        await this.catchUp();
        let anchor = await readAnchor(this.paths.anchor);
        if (anchor.state === 'missing') {
          await writeAnchor(this.paths.anchor, this.places.last, anchorStart(this.places.last.seq));
          anchor = await readAnchor(this.paths.anchor);
        }
        return { ok: true, data: verifyJournal(await readFile(this.paths.journal), anchor) };
      }),
    );
  }

  async acknowledgeTruncation(input: { reason: string }): Promise<Result<AcknowledgedGap>> {
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (reason === '') return validation('Say what was checked: a reason is required.', 'reason');
    if (reason.length > 500)
      return validation('The reason is too long (500 characters at most).', 'reason', TOO_LONG_500);
    return this.exclusive(async ({ problem, partialBytes }) => {
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
      const moved = partialBytes > 0 ? await this.moveTailAside(partialBytes) : null;
      if (moved && !moved.ok) return moved;
      const fileHead = this.places.last;
      const missingEntries = problem.state === 'entries_missing' ? problem.count : null;
      const gap = await this.append({
        type: 'gap',
        problem: problem.state,
        missingEntries,
        anchorHead:
          problem.state === 'unreadable'
            ? null
            : { seq: problem.anchor.seq, hash: problem.anchor.hash, bytes: problem.anchor.bytes },
        fileHead,
        osUser: this.osUser,
        reason,
      });
      if (!gap.ok) return gap;
      this.acknowledged = true;
      if (moved) {
        const repaired = await this.append(moved.data);
        if (!repaired.ok) return repaired;
      }
      return { ok: true, data: { seq: gap.data.seq, problem: problem.state, missingEntries } };
    }, 'inspect');
  }

  private views(filter: AuditFilter): AuditEntryView[] {
    return this.journalEntries
      .map((entry) => compactView(entryView(entry, this.operations)))
      .filter((view) => matchesFilter(view, filter));
  }

  async entries(filter: AuditFilter = {}): Promise<Result<AuditEntryView[]>> {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) return zodFailure('Invalid filter', parsed.error);
    return this.shared(async () => ({ ok: true, data: this.views(parsed.data) }));
  }

  async exportCsv(filter: AuditFilter = {}, options: { bom?: boolean } = {}): Promise<Result<string>> {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) return zodFailure('Invalid filter', parsed.error);
    return this.shared(async () => ({
      ok: true,
      data: auditCsv(this.views(parsed.data), { bom: options.bom }),
    }));
  }

  unresolved(): Promise<Result<AuditUnresolvedView[]>> {
    return this.shared(async () => {
      const open = [...this.operations.values()].filter(
        (operation) => isUnsettled(operation) && !this.inFlight.has(operation.intent.intentId),
      );
      const views: AuditUnresolvedView[] = [];
      for (const { intent, outcome } of open) {
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
          cause: outcome ? 'answer_lost' : 'no_outcome',
          canRetry: await this.spool.exists(intent.intentId),
        });
      }
      return { ok: true, data: views.sort((a, b) => a.seq - b.seq) };
    });
  }

  async pendingRequest(intentId: string): Promise<Result<PendingRequest>> {
    if (!intentIdSchema.safeParse(intentId).success) return validation('Unknown intent.', 'intentId');
    return this.shared(async () => {
      const operation = this.operations.get(intentId);
      if (!operation) return NO_SUCH_INTENT;
      if (!isUnsettled(operation)) {
        return {
          ok: false,
          error: {
            kind: 'invalid_state',
            message: 'This intent is already settled.',
            text: { key: 'journal.alreadySettled' },
          },
        };
      }
      const spooled = await this.spool.read(intentId);
      if (!spooled.ok) return spooled;
      if (!spooled.data) {
        return {
          ok: false,
          error: {
            kind: 'not_found',
            message: 'The request of this intent was not kept; re-read the status instead.',
            text: { key: 'journal.requestNotKept' },
          },
        };
      }
      const { intent } = operation;
      const body = parseSpooledBody(spooled.data.bodyText);
      if (
        !body ||
        requestBodySha256(body) !== intent.bodySha256 ||
        spooled.data.action !== intent.action ||
        spooled.data.idempotencyKey !== intent.idempotencyKey
      ) {
        return {
          ok: false,
          error: {
            kind: 'storage',
            message:
              'The kept request does not match what the journal recorded; it cannot be retried safely.',
            text: { key: 'journal.keptRequestDiffers' },
          },
        };
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

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue.catch(() => undefined);
    this.closed = true;
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * Opens (creating when needed) the journal in `dir`: `journal.jsonl`, its lock file and the
 * `pending/` spool. A line cut short by a crash is moved aside and recorded (see repairTail).
 */
export async function openJournal(options: OpenJournalOptions): Promise<Result<Journal>> {
  let handle: FileHandle;
  try {
    await mkdir(join(options.dir, PENDING_FOLDER), { recursive: true, mode: 0o700 });
    handle = await open(join(options.dir, JOURNAL_FILE), 'a+', 0o600);
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
