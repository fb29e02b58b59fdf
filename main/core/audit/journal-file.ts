import { randomUUID } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditVerifyReport, Result } from '../../../shared/contract';
import { withFileLock, type FileLockOptions } from '../storage/file-lock';
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
import { sha256Hex } from './canonical-json';
import { ChainChecker, type CheckedLine } from './chain';
import { sealEntry, type EntryBody, type JournalEntry } from './entries';
import { verifyJournal } from './verify';

/**
 * The journal's file mechanics, apart from its rules (journal-rules.ts): one queue in this process and
 * the lock file between processes, reading what other processes appended (whole lines only),
 * appending a sealed line with its fsync, moving a cut-short last line aside, and the anchor that
 * shows lines cut off the end (anchor.ts). Every whole line goes through the chain's checks
 * (chain.ts) and then to `onLine`, which keeps the rules' view.
 */

export const JOURNAL_FILE = 'journal.jsonl';
export const LOCK_FILE = 'journal.lock';

const NEWLINE = 0x0a;

/** What exclusive() found under the lock, for the task. */
interface LockedState {
  /** An anchor problem nobody acknowledged yet (writes were refused). */
  problem: AnchorProblem | null;
  /** Bytes after the last whole line (a cut-short line), left in place while `problem` is set. */
  partialBytes: number;
}

/**
 * Where the journal's lines are kept: a file beside the app's data (fileMedium, below), or the
 * team's database (team/desk-journal.ts). Everything else of the journal (its rules, the anchor,
 * the sealed spool of requests, sidecars) stays in the local folder whatever the medium.
 */
export interface JournalMedium {
  /** Where the lines are, for a person reading `paths.journal`: a file's path or the database's address. */
  readonly location: string;
  size(): Promise<number>;
  /** Up to `length` bytes from `position` (fewer where the lines end). */
  readAt(position: number, length: number): Promise<Buffer>;
  /**
   * Writes whole lines at `position`, the end as this writer read it, and resolves only once they
   * would survive a crash: the caller acts on them.
   */
  append(position: number, bytes: Buffer): Promise<void>;
  /** Cuts the lines back to `length` bytes (a cut-short line moved aside); a medium of whole lines refuses. */
  truncate(length: number): Promise<void>;
  /** Runs `task` while no other process can append (the journal's lock); a lock not had is a failure. */
  exclusive<T>(task: () => Promise<Result<T>>): Promise<Result<T>>;
  close(): Promise<void>;
}

/** The journal's lines in `journal.jsonl`, locked between processes by `journal.lock` beside it. */
export function fileMedium(
  handle: FileHandle,
  options: { dir: string; lock?: FileLockOptions },
): JournalMedium {
  const lockPath = join(options.dir, LOCK_FILE);
  return {
    location: join(options.dir, JOURNAL_FILE),
    size: async () => (await handle.stat()).size,
    async readAt(position, length) {
      const buffer = Buffer.alloc(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    },
    async append(_position, bytes) {
      // The file is opened for appending: the write lands at its end, which the lock keeps at `position`.
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
        written += bytesWritten;
      }
      await handle.datasync();
    },
    async truncate(length) {
      await handle.truncate(length);
      await handle.datasync();
    },
    exclusive: (task) => withFileLock(lockPath, options.lock ?? {}, task),
    close: () => handle.close(),
  };
}

interface JournalFileOptions {
  dir: string;
  now: () => Date;
  /** Each whole line, checked, in file order; `end` is the offset after its newline. */
  onLine(checked: CheckedLine, end: number): void;
  /** The file was cut from outside: every line is read again. */
  onReset(): void;
  /**
   * Why nothing may be written now although the anchor is fine (a damaged line nobody repaired),
   * or null. Asked under the lock, after catching up.
   */
  writeRefusal(): Result<never> | null;
}

/**
 * A missing anchor on a new journal starts at the file's end as it is. The machine's clock, not the
 * journal's: it dates a file, not an entry.
 */
const anchorStart = (seq: number): { time: string; seq: number } => ({ time: new Date().toISOString(), seq });

export async function syncFolder(folder: string): Promise<void> {
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

export class JournalFile {
  readonly paths: { journal: string; anchor: string };
  /** Bytes of whole lines read so far; what follows is another writer's line or a cut line. */
  private consumed = 0;
  private checker = new ChainChecker();
  /** Where each whole line ends, by seq: what the anchor is compared with. */
  private places = new ChainPlaces();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set by a task once its gap entry is written: the anchor follows the file again. */
  private acknowledged = false;

  constructor(
    private readonly medium: JournalMedium,
    private readonly options: JournalFileOptions,
  ) {
    this.paths = { journal: medium.location, anchor: join(options.dir, ANCHOR_FILE) };
  }

  /** The last whole line's place in the chain. */
  get head(): { seq: number; hash: string | null; bytes: number } {
    return this.places.last;
  }

  /** Runs tasks one at a time in this process, in call order; a throw becomes a storage error. */
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
   * Runs `task` with the journal lock held, the view caught up and checked against the anchor, and
   * a cut-short last line repaired. While the anchor shows entries cut off the end (or disagrees,
   * or is missing), `write` and `record` tasks are refused and nothing is repaired: appending would
   * hide the problem. While a line in the middle is damaged, `write` tasks (new intents) are refused
   * too, but `record` tasks (what a call already sent got back, a settlement) still run: they move
   * no money and keep evidence. `inspect` tasks (open, acknowledge, repair) run anyway and are told
   * what was found.
   */
  exclusive<T>(
    task: (state: LockedState) => Promise<Result<T>>,
    mode: 'write' | 'record' | 'inspect' = 'write',
  ): Promise<Result<T>> {
    return this.serialised(() =>
      this.medium.exclusive(async () => {
        const partialBytes = await this.catchUp();
        const anchor = await readAnchor(this.paths.anchor);
        const finding = compareAnchor(anchor, this.places);
        const problem = isAnchorProblem(finding) ? finding : null;
        if (mode !== 'inspect') {
          if (problem) {
            return {
              ok: false,
              error: {
                kind: 'storage',
                message: `${anchorMessage(problem, this.places.last)} ${ACKNOWLEDGE_HINT}`,
                text: { key: 'journal.anchorProblem' },
              },
            };
          }
          const refusal = mode === 'write' ? this.options.writeRefusal() : null;
          if (refusal) return refusal;
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

  /** Runs `task` after reading what other processes appended; no lock (reads whole lines only). */
  shared<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    return this.serialised(async () => {
      await this.catchUp();
      return task();
    });
  }

  /** The verdict on the whole file and its anchor, under the lock so a line being written is not taken for a cut one. */
  verify(): Promise<Result<AuditVerifyReport>> {
    return this.serialised(() =>
      this.medium.exclusive(async () => {
        await this.catchUp();
        let anchor = await readAnchor(this.paths.anchor);
        // Only an empty journal gets its anchor here; a journal with entries whose anchor is gone
        // cannot be told from one cut short, and is reported so (anchor.ts).
        if (anchor.state === 'missing' && this.places.last.seq === 0) {
          await writeAnchor(this.paths.anchor, this.places.last, anchorStart(0));
          anchor = await readAnchor(this.paths.anchor);
        }
        return {
          ok: true,
          data: verifyJournal(await this.medium.readAt(0, await this.medium.size()), anchor),
        };
      }),
    );
  }

  /** Marks the gap written by the running task as acknowledged: the anchor follows the file again. */
  markAcknowledged(): void {
    this.acknowledged = true;
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

  private resetView(): void {
    this.consumed = 0;
    this.checker = new ChainChecker();
    this.places = new ChainPlaces();
    this.options.onReset();
  }

  /** Reads the whole lines appended since the last call; returns how many bytes follow them. */
  private async catchUp(): Promise<number> {
    const size = await this.medium.size();
    if (size < this.consumed) this.resetView(); // cut from outside: read again; verify() will say where
    if (size === this.consumed) return 0;
    const buffer = await this.readAt(this.consumed, size - this.consumed);
    const filled = buffer.length;
    const lastNewline = buffer.lastIndexOf(NEWLINE, filled - 1);
    if (lastNewline === -1) return filled;
    let start = 0;
    while (start <= lastNewline) {
      const end = buffer.indexOf(NEWLINE, start);
      const checked = this.checker.check(buffer.toString('utf8', start, end));
      const fileEnd = this.consumed + end + 1;
      if (checked.place) this.places.add(checked.place.seq, checked.place.hash, fileEnd);
      this.options.onLine(checked, fileEnd);
      start = end + 1;
    }
    this.consumed += lastNewline + 1;
    return filled - (lastNewline + 1);
  }

  private readAt(position: number, length: number): Promise<Buffer> {
    return this.medium.readAt(position, length);
  }

  /** Appends one entry after the last whole line, dated `at` (by default now); only under exclusive(). */
  async append(body: EntryBody, at: Date = this.options.now()): Promise<Result<JournalEntry>> {
    const { entry, line } = sealEntry(body, {
      ...this.checker.nextLink(),
      time: at.toISOString(),
    });
    const bytes = Buffer.from(line, 'utf8');
    try {
      // The caller acts on the entry once this resolves: it must survive a crash or a power cut.
      await this.medium.append(this.consumed, bytes);
    } catch (cause) {
      // Take back a half-written line; if even that fails, the next open moves it aside.
      await this.medium.truncate(this.consumed).catch(() => undefined);
      return { ok: false, error: storageError('The journal entry could not be written', cause) };
    }
    this.consumed += bytes.length;
    this.checker.appended(entry);
    this.places.add(entry.seq, entry.hash, this.consumed);
    this.options.onLine({ kind: 'entry', entry, place: { seq: entry.seq, hash: entry.hash } }, this.consumed);
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
  async moveTailAside(partialBytes: number): Promise<Result<Extract<EntryBody, { type: 'repair' }>>> {
    const partial = await this.readAt(this.consumed, partialBytes);
    const sidecar = await this.writeSidecar('partial', partial);
    if (!sidecar.ok) return sidecar;
    try {
      await this.medium.truncate(this.consumed);
    } catch (cause) {
      return { ok: false, error: storageError('A cut-short journal line could not be moved aside', cause) };
    }
    return {
      ok: true,
      data: {
        type: 'repair',
        sidecar: sidecar.data,
        bytes: partialBytes,
        sha256: sha256Hex(partial),
        truncatedAt: this.consumed,
      },
    };
  }

  /** Keeps a copy of some bytes beside the journal (never dropped); answers the file's name. */
  async writeSidecar(kind: 'partial' | 'damaged', bytes: Buffer): Promise<Result<string>> {
    const sidecar = `${JOURNAL_FILE}.${kind}-${this.options.now().getTime()}-${randomUUID().slice(0, 8)}`;
    try {
      const sidecarHandle = await open(join(this.options.dir, sidecar), 'wx', 0o600);
      try {
        await sidecarHandle.writeFile(bytes);
        await sidecarHandle.sync();
      } finally {
        await sidecarHandle.close();
      }
      await syncFolder(this.options.dir);
      return { ok: true, data: sidecar };
    } catch (cause) {
      return { ok: false, error: storageError('Journal bytes could not be kept aside', cause) };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue.catch(() => undefined);
    this.closed = true;
    await this.medium.close().catch(() => undefined);
  }
}
