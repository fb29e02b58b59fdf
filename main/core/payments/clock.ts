import type { ClockState, ClockStatus } from '../../../shared/contract';
import { formatXDate } from './signer';

export type { ClockStatus };

/**
 * D2: the service refuses an X-Date more than 5 s away from its own clock (103). The client keeps
 * an estimate of the service's offset from the `Date` header of every answer and, when the local
 * clock is clearly off, writes X-Date on the service's time instead.
 *
 * Estimation: a `Date` header D (1 s resolution, truncated) generated between our send time s and
 * receive time r bounds the offset to [D − r, D + 1000 − s]. Intersecting the intervals of recent
 * samples narrows it below the header's 1 s resolution; an empty intersection means a clock
 * stepped, so the newest sample wins.
 */

const CLOCK_LIMITS = {
  /** Above this estimated offset, X-Date is written on the service's time (D2, brief). */
  correctAboveMs: 2000,
  /** The service's own tolerance (D2). */
  serviceToleranceMs: 5000,
  /** Above this offset, with no usable correction, mutating actions should wait (later UI). */
  blockMutationsAboveMs: 4000,
  /** A correction whose uncertainty exceeds this cannot keep X-Date inside the service's window. */
  maxUsableUncertaintyMs: 2500,
} as const;

export interface ServerClockOptions {
  /** The local clock; only the clock's own tests replace it. */
  localNow?: () => number;
  /** Allow X-Date correction (default true). When false an off clock is reported as `uncorrectable`. */
  correct?: boolean;
  /** How many recent samples are intersected (default 8). */
  window?: number;
}

interface OffsetInterval {
  low: number;
  high: number;
}

export type ClockListener = (status: ClockStatus) => void;

/** One per client (and so per environment): the offset belongs to one service. */
export class ServerClock {
  readonly #localNow: () => number;
  readonly #correct: boolean;
  readonly #window: number;
  #intervals: OffsetInterval[] = [];
  #samples = 0;
  #lastSampleAt: number | null = null;
  #estimate: OffsetInterval | null = null;
  readonly #listeners = new Set<ClockListener>();
  #lastXDate = { second: Number.NaN, text: '' };
  #correctionMs = 0;
  #lastDateHeader = { text: '', epochMs: Number.NaN };
  #lastReported: { state: ClockState; offsetMs: number | null } = { state: 'unmeasured', offsetMs: null };

  constructor(options: ServerClockOptions = {}) {
    this.#localNow = options.localNow ?? Date.now;
    this.#correct = options.correct ?? true;
    this.#window = Math.max(1, options.window ?? 8);
  }

  /** The local clock, for measuring send and receive times around a call. */
  localNow(): number {
    return this.#localNow();
  }

  /** X-Date for a request about to be sent (D2): built now, corrected when the status says so. */
  xDate(): string {
    const second = Math.floor((this.#localNow() + this.#correctionMs) / 1000);
    if (second !== this.#lastXDate.second) this.#lastXDate = { second, text: formatXDate(second * 1000) };
    return this.#lastXDate.text;
  }

  /**
   * Feeds one answer's `Date` header, with the local times just before the request went out and
   * when its headers came back. Returns false when the header is missing or unreadable.
   */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): boolean {
    const interval = this.#intervalFrom(dateHeader, sentAt, receivedAt);
    if (!interval) return false;
    this.#intervals.push(interval);
    if (this.#intervals.length > this.#window) this.#intervals.shift();
    this.#estimate = intersect(this.#intervals);
    if (!this.#estimate) {
      this.#intervals = [interval];
      this.#estimate = interval;
    }
    this.#recordSample(receivedAt);
    return true;
  }

  /**
   * After a 103 the previous estimate is evidently wrong: forget it and start again from this
   * answer alone. Returns false when the answer carries no usable `Date` header.
   */
  remeasure(dateHeader: string | null, sentAt: number, receivedAt: number): boolean {
    const interval = this.#intervalFrom(dateHeader, sentAt, receivedAt);
    if (!interval) return false;
    this.#intervals = [interval];
    this.#estimate = interval;
    this.#recordSample(receivedAt);
    return true;
  }

  status(): ClockStatus {
    const estimate = this.#estimate;
    if (!estimate) {
      return {
        state: 'unmeasured',
        offsetMs: null,
        uncertaintyMs: null,
        samples: 0,
        lastSampleAt: null,
        correctionActive: false,
        blocksMutations: false,
      };
    }
    const offsetMs = Math.round((estimate.low + estimate.high) / 2);
    const uncertaintyMs = Math.round((estimate.high - estimate.low) / 2);
    const off = Math.abs(offsetMs) > CLOCK_LIMITS.correctAboveMs;
    const usable = this.#correct && uncertaintyMs <= CLOCK_LIMITS.maxUsableUncertaintyMs;
    const state: ClockState = !off ? 'in_sync' : usable ? 'corrected' : 'uncorrectable';
    return {
      state,
      offsetMs,
      uncertaintyMs,
      samples: this.#samples,
      lastSampleAt: this.#lastSampleAt,
      correctionActive: state === 'corrected',
      blocksMutations: state === 'uncorrectable' && Math.abs(offsetMs) > CLOCK_LIMITS.blockMutationsAboveMs,
    };
  }

  /** Called when the state changes or the estimate moves by half a second or more. */
  subscribe(listener: ClockListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #intervalFrom(dateHeader: string | null, sentAt: number, receivedAt: number): OffsetInterval | null {
    if (!dateHeader) return null;
    // Answers of the same second carry the same header: parse it once.
    if (dateHeader !== this.#lastDateHeader.text) {
      this.#lastDateHeader = { text: dateHeader, epochMs: Date.parse(dateHeader) };
    }
    const serverSecond = this.#lastDateHeader.epochMs;
    if (!Number.isFinite(serverSecond) || receivedAt < sentAt) return null;
    return { low: serverSecond - receivedAt, high: serverSecond + 1000 - sentAt };
  }

  #recordSample(receivedAt: number): void {
    this.#samples += 1;
    this.#lastSampleAt = receivedAt;
    const status = this.status();
    // Kept ready for xDate(), which runs on every signed call.
    this.#correctionMs = status.correctionActive && status.offsetMs !== null ? status.offsetMs : 0;
    const previous = this.#lastReported;
    const moved =
      status.offsetMs !== null &&
      (previous.offsetMs === null || Math.abs(status.offsetMs - previous.offsetMs) >= 500);
    if (status.state !== previous.state || moved) {
      this.#lastReported = { state: status.state, offsetMs: status.offsetMs };
      for (const listener of this.#listeners) {
        try {
          listener(status);
        } catch {
          // A listener's failure must not break the call that produced the sample.
        }
      }
    }
  }
}

function intersect(intervals: OffsetInterval[]): OffsetInterval | null {
  let low = -Infinity;
  let high = Infinity;
  for (const interval of intervals) {
    low = Math.max(low, interval.low);
    high = Math.min(high, interval.high);
  }
  return low <= high ? { low, high } : null;
}
