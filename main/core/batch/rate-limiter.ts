/**
 * A token bucket, as the generic cell rate algorithm: one token every `1 / ratePerSecond`
 * seconds, at most `burst` saved up. Each caller is given its own slot in time when it asks, so
 * waiting callers never race for the same token and the order of asking is the order of sending.
 * Over any window of T seconds at most `burst + T × ratePerSecond` calls start.
 */
interface TokenBucketOptions {
  ratePerSecond: number;
  /** Tokens saved up while idle; default 1 (evenly spaced calls). */
  burst?: number;
  /** Epoch ms (performance.now() is fine: only differences are used). */
  now?: () => number;
}

export class TokenBucket {
  readonly #intervalMs: number;
  readonly #burstMs: number;
  readonly #now: () => number;
  /** When the bucket would be empty again if every granted slot were used (GCRA's "TAT"). */
  #theoreticalArrival = Number.NEGATIVE_INFINITY;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError('ratePerSecond must be > 0');
    this.#intervalMs = 1000 / options.ratePerSecond;
    this.#burstMs = (Math.max(1, Math.floor(options.burst ?? 1)) - 1) * this.#intervalMs;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * Resolves when the caller may send: true at its slot, false when `signal` fired first (its
   * slot is then left unused, which only makes later callers more conservative).
   */
  take(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    const waitMs = this.#reserve();
    return waitMs <= 0 ? Promise.resolve(true) : this.#wait(waitMs, signal);
  }

  /**
   * The same as take(), without a promise when the caller may send at once (the common case
   * below the cap): true, or the promise to wait for.
   */
  takeNow(signal?: AbortSignal): true | Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    const waitMs = this.#reserve();
    return waitMs <= 0 ? true : this.#wait(waitMs, signal);
  }

  /**
   * Takes a token only when one is there now, and books nothing otherwise: a server refusing a
   * flood (main/core/notifications/receiver.ts) answers at once instead of queueing.
   */
  tryTake(): boolean {
    const now = this.#now();
    const arrival = Math.max(this.#theoreticalArrival, now);
    if (arrival - this.#burstMs - now > 0) return false;
    this.#theoreticalArrival = arrival + this.#intervalMs;
    return true;
  }

  /** Books the next slot; answers how long until it, in ms (≤ 0: now). */
  #reserve(): number {
    const now = this.#now();
    const arrival = Math.max(this.#theoreticalArrival, now);
    this.#theoreticalArrival = arrival + this.#intervalMs;
    return arrival - this.#burstMs - now;
  }

  #wait(waitMs: number, signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      }, Math.ceil(waitMs));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
