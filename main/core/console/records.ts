import type { ConsoleError, Result } from '../../../shared/contract';
import {
  isRecordIndexError,
  type IndexedKind,
  type IndexedRecord,
  type RecentPage,
  type RecentQuery,
  type RecordIndex,
  type RecordObservation,
  type SearchQuery,
} from '../record-index/port';
import type { ConsoleContext } from './context';
import { rebuildRecordIndex, type RebuildOptions, type RebuildReport } from './records-rebuild';
import { consoleClosed, failure } from './results';

/**
 * The console's hold on the record index. The index is derived data: opening it, or a
 * write to it, may fail without the money operation that fed it failing, so `observe` never
 * rejects and never delays an answer (writes run after it, in order); a failure is logged once,
 * redacted, until a write succeeds again. Queries (search, recent lists) do fail, with a message
 * that says how to get the index back.
 *
 * An environment in a team uses the team's shared index (record-index/postgres.ts) through its
 * session with the team's database, any other the embedded one (docs/architecture.md, "Team mode:
 * shared records"): the keeper routes each observation and query by its environment.
 */

/** An opened index; `setAside` when a damaged or newer file was moved away and it starts empty. */
interface StartedRecordIndex {
  index: RecordIndex;
  setAside?: { message: string };
}

/** Opens the index on first need; the composition roots pass sqliteRecordIndexStarter(dataDir). */
export type RecordIndexStarter = () => Promise<Result<StartedRecordIndex>>;

/** What the keeper logs through: the app's log (main/core/logging), which redacts every field. */
export interface RecordsLog {
  warn(event: string, fields?: Readonly<Record<string, unknown>>): void;
}

interface RecordKeeperOptions {
  /** Absent: no index (tests, a root that keeps none); every observation is dropped. */
  start?: RecordIndexStarter;
  log?: RecordsLog;
  /** Epoch ms. */
  now?: () => number;
  /**
   * The service account an environment's connection reaches now (D19), stamped on each observation
   * so that refund arithmetic counts only that account's records; undefined when not known yet.
   */
  accountOf?: (environmentId: string, kind: IndexedKind) => string | undefined;
  /**
   * The shared index of an environment in a team, null for one in none; an error when the team's
   * database cannot be reached, which only the index's reads and writes notice (never a money move).
   */
  teamIndex?: (environmentId: string) => Promise<Result<RecordIndex | null>>;
}

/** After a failed open, observations are dropped this long before opening is tried again. */
const REOPEN_AFTER_MS = 30_000;

/** Names only (the error's class and kind, SQLite's code): never a record's contents. */
const describe = (error: unknown): Record<string, unknown> => {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = isRecordIndexError(error) ? error.error.kind : undefined;
  return {
    errorName: error instanceof Error ? error.name : typeof error,
    ...(kind !== undefined && { errorKind: kind }),
    ...(typeof code === 'string' && { detail: code }),
  };
};

/** No open is tried (none configured, or waiting after a failed one). */
class Unavailable extends Error {
  constructor() {
    super('The record index is not available.');
    this.name = 'Unavailable';
  }
}

/** The team's database did not give an environment in a team its shared index. */
class TeamIndexUnavailable extends Error {
  readonly error: ConsoleError;
  constructor(error: ConsoleError) {
    super(error.message);
    this.name = 'TeamIndexUnavailable';
    this.error = error;
  }
}

class OpenFailed extends Error {
  readonly kind: string;
  constructor(kind: string) {
    super('The record index could not be opened.');
    this.name = 'OpenFailed';
    this.kind = kind;
  }
}

export class RecordKeeper {
  readonly #options: RecordKeeperOptions;
  readonly #now: () => number;
  #opening: Promise<RecordIndex> | undefined;
  #retryAt = 0;
  #writes: Promise<void> = Promise.resolve();
  /** A failure was logged and no write has succeeded since: the next ones stay quiet. */
  #failing = false;
  #closed = false;

  constructor(options: RecordKeeperOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** What opening found and set aside (shown once by the CLI, logged by the app); null when nothing. */
  notice: string | null = null;

  /** Whether this runtime keeps an index at all. */
  get enabled(): boolean {
    return this.#options.start !== undefined;
  }

  /**
   * Records what the console saw, after the caller has its answer. Never throws, never rejects;
   * a failure is logged (redacted) and the observations are dropped: a rebuild brings them back.
   */
  observe(observations: ReadonlyArray<RecordObservation | null | undefined>): void {
    const accountOf = this.#options.accountOf;
    const kept = observations
      .filter((item): item is RecordObservation => item !== null && item !== undefined)
      .map((item) => {
        const account = item.account ?? accountOf?.(item.environmentId, item.kind);
        return account === undefined ? item : { ...item, account };
      });
    if (kept.length === 0 || this.#closed || !this.enabled) return;
    const byEnvironment = new Map<string, RecordObservation[]>();
    for (const item of kept) {
      byEnvironment.set(item.environmentId, [...(byEnvironment.get(item.environmentId) ?? []), item]);
    }
    this.#writes = this.#writes.then(async () => {
      for (const [environmentId, observed] of byEnvironment) {
        try {
          const index = await this.#indexOf(environmentId);
          await index.observe(observed);
          this.#failing = false;
        } catch (error) {
          // An open that failed logged itself; a write that failed is logged once until one succeeds.
          if (!this.#failing && !(error instanceof OpenFailed) && !(error instanceof Unavailable)) {
            this.#options.log?.warn('record index not updated', describe(error));
          }
          this.#failing = true;
        }
      }
    });
  }

  /** Resolves once every observation handed over so far has been written or dropped. */
  settled(): Promise<void> {
    return this.#writes;
  }

  /** Runs a query on the environment's index, after the writes handed over before it. */
  async use<T>(environmentId: string, task: (index: RecordIndex) => Promise<T>): Promise<Result<T>> {
    if (!this.enabled)
      return failure('storage', 'This console keeps no record index.', {
        text: { key: 'console.noRecordIndex' },
      });
    if (this.#closed) return consoleClosed();
    await this.#writes;
    let index: RecordIndex;
    try {
      index = await this.#indexOf(environmentId, true);
    } catch (error) {
      if (error instanceof TeamIndexUnavailable) return teamIndexFailure(error.error);
      return failure(
        'storage',
        'The record index cannot be opened, so records cannot be searched or listed. Look a record up by its id instead; `paydesk index rebuild` makes the index again.',
        { text: { key: 'console.recordIndexUnopenable' } },
      );
    }
    try {
      return { ok: true, data: await task(index) };
    } catch (error) {
      this.#options.log?.warn('record index not read', describe(error));
      if (isRecordIndexError(error) && (await this.#inTeam(environmentId))) {
        return teamIndexFailure(error.error);
      }
      return failure(
        'storage',
        'The record index could not be read. Look a record up by its id instead; `paydesk index rebuild` makes the index again.',
        { text: { key: 'console.recordIndexUnreadable' } },
      );
    }
  }

  /**
   * A read a money operation can do without (what is left of a deposit to refund): after the
   * writes handed over before it, like `use`, but a failed open is not tried again before its time
   * and a failure is logged once with the writes' failures; undefined when the index cannot answer.
   */
  async optional<T>(environmentId: string, task: (index: RecordIndex) => Promise<T>): Promise<T | undefined> {
    if (!this.enabled || this.#closed) return undefined;
    await this.#writes;
    try {
      return await task(await this.#indexOf(environmentId));
    } catch (error) {
      if (!this.#failing && !(error instanceof OpenFailed) && !(error instanceof Unavailable)) {
        this.#options.log?.warn('record index not read', describe(error));
      }
      this.#failing = true;
      return undefined;
    }
  }

  /** Waits for the last write, then closes the index. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#writes;
    const opening = this.#opening;
    this.#opening = undefined;
    if (!opening) return;
    try {
      await (await opening).close();
    } catch {
      // never opened, or already gone: nothing to close
    }
  }

  /** The team's shared index for an environment in a team, else the embedded one. */
  async #indexOf(environmentId: string, now = false): Promise<RecordIndex> {
    const team = await this.#options.teamIndex?.(environmentId);
    if (team !== undefined && !team.ok) throw new TeamIndexUnavailable(team.error);
    return team?.data ?? this.#open(now);
  }

  async #inTeam(environmentId: string): Promise<boolean> {
    const team = await this.#options.teamIndex?.(environmentId);
    return team !== undefined && (!team.ok || team.data !== null);
  }

  /** The open index; a failed open is tried again only after REOPEN_AFTER_MS unless `now`. */
  #open(now = false): Promise<RecordIndex> {
    const start = this.#options.start;
    if (!start) return Promise.reject(new Unavailable());
    if (this.#opening) return this.#opening;
    if (!now && this.#now() < this.#retryAt) return Promise.reject(new Unavailable());
    const opening = start().then((started) => {
      if (!started.ok) throw new OpenFailed(started.error.kind);
      if (started.data.setAside) {
        this.notice = started.data.setAside.message;
        this.#options.log?.warn('record index set aside', { detail: started.data.setAside.message });
      }
      return started.data.index;
    });
    this.#opening = opening;
    opening.catch((error: unknown) => {
      if (this.#opening === opening) this.#opening = undefined;
      this.#retryAt = this.#now() + REOPEN_AFTER_MS;
      this.#options.log?.warn('record index not opened', describe(error));
    });
    return opening;
  }
}

/** The team's database did not answer a query of its shared index: say so, and what still works. */
const teamIndexFailure = (error: ConsoleError): Result<never> =>
  failure(
    error.kind,
    `The team's shared record index could not be read, so records cannot be searched or listed (${error.message}). Look a record up by its id instead.`,
    { text: { key: 'console.recordIndexUnreadable' } },
  );

type InEnvironment<Q> = Omit<Q, 'environmentId'> & {
  /** Default: the environment the console acts on. */
  environmentId?: string;
};

/** What the CLI (and later the screens) ask of the index: searches, recent lists, a rebuild. */
export interface ConsoleRecords {
  search(query: InEnvironment<SearchQuery>): Promise<Result<IndexedRecord[]>>;
  recent(query: InEnvironment<RecentQuery>): Promise<Result<RecentPage>>;
  rebuild(options?: RebuildOptions): Promise<Result<RebuildReport>>;
  /** What opening the index found and set aside, once it has been opened; null when nothing. */
  notice(): string | null;
}

export function createConsoleRecords(context: ConsoleContext): ConsoleRecords {
  const environmentOf = async (given: string | undefined): Promise<Result<string>> =>
    given !== undefined ? { ok: true, data: given } : context.activeEnvironmentId();
  return {
    async search(query) {
      const environmentId = await environmentOf(query.environmentId);
      if (!environmentId.ok) return environmentId;
      return context.records.use(environmentId.data, (index) =>
        index.search({ ...query, environmentId: environmentId.data }),
      );
    },
    async recent(query) {
      const environmentId = await environmentOf(query.environmentId);
      if (!environmentId.ok) return environmentId;
      return context.records.use(environmentId.data, (index) =>
        index.recent({ ...query, environmentId: environmentId.data }),
      );
    },
    rebuild: (options) => rebuildRecordIndex(context, options),
    notice: () => context.records.notice,
  };
}
