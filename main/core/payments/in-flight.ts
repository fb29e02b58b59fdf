import type { StopHook } from './wire';

/**
 * One attempt in flight: its time limit (headers and body included) and the means to stop it,
 * at the limit or when the caller's signal fires. Stopping drops the request's connection and
 * ends the exchange at once (wire.ts).
 *
 * No AbortController per attempt: a batch makes thousands of attempts, and the caller's one
 * signal reaches them through CallerSignals, the limit through Deadlines.
 */
export class InFlight implements StopHook {
  /** performance.now() at which the limit is reached. */
  readonly expiresAt: number;
  /** The limit was reached. */
  expired = false;
  /** Stopped by the limit or by the caller's signal. */
  stopped = false;
  #onStop: (() => void) | undefined;

  constructor(expiresAt: number) {
    this.expiresAt = expiresAt;
  }

  whenStopped(stop: () => void): void {
    if (this.stopped) stop();
    else this.#onStop = stop;
  }

  expire(): void {
    this.expired = true;
    this.stop();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.#onStop?.();
  }
}

/**
 * The attempts in flight under each caller's signal. A batch passes one signal to thousands of
 * calls: one abort listener per signal (added on its first call, for the signal's lifetime) and
 * a Set of its attempts cost far less than adding and removing a listener on every attempt.
 */
export class CallerSignals {
  readonly #attempts = new WeakMap<AbortSignal, Set<InFlight>>();

  watch(signal: AbortSignal, inFlight: InFlight): void {
    let attempts = this.#attempts.get(signal);
    if (!attempts) {
      const watched = new Set<InFlight>();
      attempts = watched;
      this.#attempts.set(signal, watched);
      signal.addEventListener(
        'abort',
        () => {
          for (const attempt of watched) attempt.stop();
          watched.clear();
        },
        { once: true },
      );
    }
    attempts.add(inFlight);
  }

  unwatch(signal: AbortSignal, inFlight: InFlight): void {
    this.#attempts.get(signal)?.delete(inFlight);
  }
}

/**
 * The attempts in flight of one transport, by time limit. They all have the same length, so they
 * expire in the order they started, and one timer armed for the oldest serves them all. A timer
 * per attempt is a visible share of the client's overhead on a fast local read (Node builds and
 * tears down its timer list every time; docs/performance.md). The timer keeps the process alive
 * only while an attempt runs.
 */
export class Deadlines {
  readonly #ms: number;
  /** In start order, which is expiry order. */
  readonly #running = new Set<InFlight>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  start(): InFlight {
    const inFlight = new InFlight(performance.now() + this.#ms);
    this.#running.add(inFlight);
    if (this.#timer === undefined) this.#timer = setTimeout(() => this.#sweep(), this.#ms);
    else if (this.#running.size === 1) this.#timer.ref();
    return inFlight;
  }

  finish(inFlight: InFlight): void {
    this.#running.delete(inFlight);
    if (this.#running.size === 0) this.#timer?.unref();
  }

  #sweep(): void {
    this.#timer = undefined;
    const now = performance.now();
    const expired: InFlight[] = [];
    for (const inFlight of this.#running) {
      if (inFlight.expiresAt > now) {
        this.#timer = setTimeout(() => this.#sweep(), inFlight.expiresAt - now);
        break;
      }
      this.#running.delete(inFlight);
      expired.push(inFlight);
    }
    for (const inFlight of expired) inFlight.expire();
  }
}
