import {
  WATCH_LIMITS,
  type ConsoleError,
  type Result,
  type WatchChangedEvent,
  type WatchItem,
  type WatchListView,
  type WatchRef,
  type WatchTimeline,
} from '../../../shared/contract';
import { mapLimited, type RecordSummary } from '../batch';
import { checkIntervalSeconds, checkRef, sameRef } from './checks';
import { applyRead, lookupOf } from './item-reads';
import { itemView, watchTotals } from './item-view';
import { nextPollDelay } from './policy';
import { loadWatchlist, saveWatchlist, storedError, type StoredItem, type WatchDocument } from './store';
import type { WatchlistOptions, WatchRead } from './watchlist-options';

// The watchlist's helpers are imported from here by the console and its tests.
export { watchTotals } from './item-view';

/**
 * The watchlist: pinned deposits, refunds, cashouts and sub-merchants, per environment, each with
 * a local status timeline. One poller, for the ACTIVE environment only (the console reads with
 * the active environment's credentials, and a switch is the user saying which one matters now):
 * a switch stops the old one's poll and starts the new one's; pins of other environments keep
 * their last status until theirs is active again. Polls are spaced by the chosen interval with
 * ±10 % jitter, and back off (doubling) while every read fails. A change is written to the file
 * first, then announced (`watchChanged`), so a listener that reads the timeline finds it.
 */

/** Objects read at once in one poll. */
const POLL_CONCURRENCY = 4;
/** The first poll after start or a switch comes within this, so changes made meanwhile show soon. */
const FIRST_POLL_WITHIN_MS = 5_000;

/** Failures that concern the object itself: a pin is refused on them. */
const REFUSES_PIN: ReadonlySet<ConsoleError['kind']> = new Set(['not_found', 'validation']);

export class Watchlist {
  readonly #options: WatchlistOptions;
  readonly #random: () => number;
  #document: WatchDocument | null = null;
  #recoveredFrom: string | undefined;
  #loading: Promise<Result<WatchDocument>> | null = null;
  #writes: Promise<unknown> = Promise.resolve();
  #polls: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #nextPollAt: number | null = null;
  #lastPollAt: number | null = null;
  #failuresInARow = 0;
  /** The environment the timer polls; null until start(). */
  #polled: string | null = null;
  /** Aborts the poll in flight (a switch, close). */
  #pollController: AbortController | null = null;
  #closed = false;

  constructor(options: WatchlistOptions) {
    this.#options = options;
    this.#random = options.random ?? Math.random;
  }

  /** Starts the timer on the active environment (when polling is on). Never rejects. */
  async start(): Promise<void> {
    if (!this.#options.polling || this.#closed) return;
    const loaded = await this.#load();
    // Nothing pinned: nothing to read, not even the settings (a pin schedules the first poll).
    if (!loaded.ok || loaded.data.items.length === 0 || this.#closed) return;
    const active = await this.#options.activeEnvironmentId();
    if (!active.ok || this.#closed) return;
    if (this.#polled === null) this.#polled = active.data;
    this.#schedule(this.#firstDelay());
  }

  /** The active environment changed: its pins are polled from now on. */
  environmentChanged(environmentId: string): void {
    if (this.#polled === environmentId || this.#closed) return;
    this.#pollController?.abort();
    this.#polled = environmentId;
    this.#failuresInARow = 0;
    this.#schedule(this.#firstDelay());
  }

  async list(): Promise<Result<WatchListView>> {
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const active = await this.#options.activeEnvironmentId();
    if (!active.ok) return active;
    return { ok: true, data: this.#view(loaded.data, active.data) };
  }

  /** The sub-merchant ids pinned on the active environment, in pin order (the Sub-merchants screen's list). */
  async subMerchantIds(environmentId: string): Promise<Result<number[]>> {
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    return {
      ok: true,
      data: loaded.data.items
        .filter((item) => item.environmentId === environmentId && item.kind === 'sub_merchant')
        .map((item) => Number(item.id)),
    };
  }

  async pin(ref: WatchRef): Promise<Result<WatchItem>> {
    const checked = checkRef(ref);
    if (!checked.ok) return checked;
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const document = loaded.data;
    const target = await this.#options.activeTarget();
    if (!target.ok) return target;
    const { environmentId } = target.data;
    const existing = document.items.find((item) => sameRef(item, environmentId, checked.data));
    if (existing) return { ok: true, data: itemView(existing) };
    const count = document.items.filter((item) => item.environmentId === environmentId).length;
    if (count >= WATCH_LIMITS.maxItemsPerEnvironment) {
      return {
        ok: false,
        error: {
          kind: 'not_permitted',
          message: `At most ${WATCH_LIMITS.maxItemsPerEnvironment} objects can be watched per environment: unpin some first.`,
          text: { key: 'watchlist.full', params: { max: WATCH_LIMITS.maxItemsPerEnvironment } },
        },
      };
    }
    // Read once before pinning: an id that names nothing is refused now, not polled for ever.
    const read = await lookupOf(this.#options, target.data, checked.data.kind)(checked.data.id);
    if (!read.ok && REFUSES_PIN.has(read.error.kind)) return read;
    if (read.ok) this.#options.observe?.(environmentId, [{ ...checked.data, summary: read.data }]);
    const at = new Date(this.#options.now()).toISOString();
    const item: StoredItem = {
      environmentId,
      kind: checked.data.kind,
      id: checked.data.id,
      pinnedAt: at,
      status: null,
      lastCheckedAt: at,
      lastChangeAt: null,
      lastError: null,
      alarm: false,
      changes: 0,
      timeline: [],
    };
    applyRead(item, read, at);
    // Raced with another pin of the same object: keep the first.
    const raced = document.items.find((other) => sameRef(other, environmentId, checked.data));
    if (raced) return { ok: true, data: itemView(raced) };
    document.items.push(item);
    const saved = await this.#save();
    if (!saved.ok) {
      document.items.splice(document.items.indexOf(item), 1);
      return saved;
    }
    if (this.#options.polling && this.#polled === null) this.#polled = environmentId;
    if (environmentId === this.#polled && this.#timer === undefined) this.#schedule(this.#firstDelay());
    return { ok: true, data: itemView(item) };
  }

  async unpin(ref: WatchRef): Promise<Result<WatchListView>> {
    const checked = checkRef(ref);
    if (!checked.ok) return checked;
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const active = await this.#options.activeEnvironmentId();
    if (!active.ok) return active;
    const document = loaded.data;
    const index = document.items.findIndex((item) => sameRef(item, active.data, checked.data));
    if (index === -1) {
      return {
        ok: false,
        error: {
          kind: 'not_found',
          field: 'id',
          message: `${ref.kind} ${ref.id} is not on the watchlist.`,
          text: { key: 'watchlist.notWatched', params: { id: ref.id } },
        },
      };
    }
    const [removed] = document.items.splice(index, 1);
    const saved = await this.#save();
    if (!saved.ok) {
      if (removed) document.items.splice(index, 0, removed);
      return saved;
    }
    return { ok: true, data: this.#view(document, active.data) };
  }

  async setInterval(seconds: number): Promise<Result<WatchListView>> {
    const interval = checkIntervalSeconds(seconds);
    if (!interval.ok) return interval;
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const before = loaded.data.intervalSeconds;
    loaded.data.intervalSeconds = seconds;
    const saved = await this.#save();
    if (!saved.ok) {
      loaded.data.intervalSeconds = before;
      return saved;
    }
    this.#schedule();
    return this.list();
  }

  async timeline(ref: WatchRef): Promise<Result<WatchTimeline>> {
    const checked = checkRef(ref);
    if (!checked.ok) return checked;
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const active = await this.#options.activeEnvironmentId();
    if (!active.ok) return active;
    const item = loaded.data.items.find((candidate) => sameRef(candidate, active.data, checked.data));
    if (!item) {
      return {
        ok: false,
        error: {
          kind: 'not_found',
          field: 'id',
          message: `${ref.kind} ${ref.id} is not on the watchlist.`,
          text: { key: 'watchlist.notWatched', params: { id: ref.id } },
        },
      };
    }
    return {
      ok: true,
      data: { item: itemView(item), entries: item.timeline.map((entry) => ({ ...entry })) },
    };
  }

  /** Polls the active environment's pins now (after a poll already running), then restarts the timer. */
  async pollNow(): Promise<Result<WatchListView>> {
    const active = await this.#options.activeEnvironmentId();
    if (!active.ok) return active;
    if (this.#options.polling && this.#polled !== active.data) this.environmentChanged(active.data);
    const polled = await this.#enqueuePoll(active.data);
    if (!polled.ok) return polled;
    this.#schedule();
    return this.list();
  }

  /** Drops the pins of a removed environment. */
  async forgetEnvironment(environmentId: string): Promise<void> {
    const loaded = await this.#load();
    if (!loaded.ok) return;
    const before = loaded.data.items.length;
    loaded.data.items = loaded.data.items.filter((item) => item.environmentId !== environmentId);
    if (loaded.data.items.length !== before) await this.#save();
  }

  /** Stops the timer, aborts a poll in flight and waits for the last write. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pollController?.abort();
    await this.#polls;
    await this.#writes;
  }

  #load(): Promise<Result<WatchDocument>> {
    if (this.#document) return Promise.resolve({ ok: true, data: this.#document });
    this.#loading ??= loadWatchlist(this.#options.filePath, this.#options.now).then(async (loaded) => {
      if (!loaded.ok) {
        this.#loading = null;
        return loaded;
      }
      if (loaded.data.recoveredFrom !== undefined) this.#recoveredFrom = loaded.data.recoveredFrom;
      this.#loading = null;
      this.#document ??= loaded.data.document;
      return { ok: true, data: this.#document };
    });
    return this.#loading;
  }

  /** Writes the document as it is now; writes never overlap and keep their order. */
  #save(document = this.#document): Promise<Result<void>> {
    if (!document) return Promise.resolve({ ok: true, data: undefined });
    const write = this.#writes.then(() => saveWatchlist(this.#options.filePath, document));
    this.#writes = write;
    return write;
  }

  #view(document: WatchDocument, environmentId: string): WatchListView {
    const polling = this.#options.polling && this.#polled === environmentId && this.#timer !== undefined;
    const items = document.items.filter((item) => item.environmentId === environmentId).map(itemView);
    return {
      environmentId,
      intervalSeconds: document.intervalSeconds,
      polling,
      nextPollAt: polling && this.#nextPollAt !== null ? new Date(this.#nextPollAt).toISOString() : null,
      lastPollAt: this.#lastPollAt !== null ? new Date(this.#lastPollAt).toISOString() : null,
      items,
      totals: watchTotals(items),
      ...(this.#recoveredFrom !== undefined && { recoveredFrom: this.#recoveredFrom }),
    };
  }

  #intervalMs(): number {
    if (this.#options.timerIntervalMs !== undefined) return this.#options.timerIntervalMs;
    return (this.#document?.intervalSeconds ?? WATCH_LIMITS.defaultIntervalSeconds) * 1000;
  }

  #firstDelay(): number {
    return Math.round(Math.min(this.#intervalMs(), FIRST_POLL_WITHIN_MS) * (0.5 + this.#random() / 2));
  }

  /** (Re)arms the timer for the polled environment, when it has pins. */
  #schedule(delayMs?: number): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#nextPollAt = null;
    const environmentId = this.#polled;
    if (!this.#options.polling || this.#closed || environmentId === null || !this.#document) return;
    if (!this.#document.items.some((item) => item.environmentId === environmentId)) return;
    const delay = delayMs ?? nextPollDelay(this.#intervalMs(), this.#failuresInARow, this.#random);
    this.#nextPollAt = this.#options.now() + delay;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#enqueuePoll(environmentId).then(() => {
        if (this.#polled === environmentId) this.#schedule();
      });
    }, delay);
    // Never keeps the process alive.
    this.#timer.unref();
  }

  #enqueuePoll(environmentId: string): Promise<Result<void>> {
    const run = this.#polls.then(() => this.#poll(environmentId));
    this.#polls = run;
    return run;
  }

  async #poll(environmentId: string): Promise<Result<void>> {
    if (this.#closed) return { ok: true, data: undefined };
    const loaded = await this.#load();
    if (!loaded.ok) return loaded;
    const items = loaded.data.items.filter((item) => item.environmentId === environmentId);
    if (items.length === 0) return { ok: true, data: undefined };
    const at = (): string => new Date(this.#options.now()).toISOString();
    const target = await this.#options.activeTarget();
    // Switched away meanwhile: the new environment's poll is scheduled already.
    if (target.ok && target.data.environmentId !== environmentId) return { ok: true, data: undefined };
    const controller = new AbortController();
    this.#pollController = controller;
    const changes: WatchChangedEvent[] = [];
    let anyRead = false;
    if (!target.ok) {
      for (const item of items) {
        item.lastCheckedAt = at();
        item.lastError = storedError(target.error);
      }
    } else {
      const reads = await mapLimited(items, POLL_CONCURRENCY, (item) =>
        lookupOf(this.#options, target.data, item.kind)(item.id, controller.signal),
      );
      const answered: WatchRead[] = [];
      items.forEach((item, index) => {
        const read = reads[index] as Result<RecordSummary>;
        if (read.ok) answered.push({ kind: item.kind, id: item.id, summary: read.data });
        // A poll cut short by a switch or close says nothing about the object.
        if (!read.ok && read.error.kind === 'cancelled') return;
        if (read.ok || REFUSES_PIN.has(read.error.kind)) anyRead = true;
        const change = applyRead(item, read, at());
        if (change && loaded.data.items.includes(item)) {
          changes.push({ item: itemView(item), change, severity: change.severity });
        }
      });
      if (answered.length > 0) this.#options.observe?.(environmentId, answered);
    }
    if (this.#pollController === controller) this.#pollController = null;
    this.#lastPollAt = this.#options.now();
    this.#failuresInARow = anyRead ? 0 : this.#failuresInARow + 1;
    const saved = await this.#save();
    for (const change of changes) this.#options.emit(change);
    return saved;
  }
}
