import { randomUUID } from 'node:crypto';
import { SandboxClock } from './clock';
import type { SandboxCredentials } from './credentials';
import { expireDeposits } from './deposits';
import { FaultInjector } from './faults';
import { IdempotencyStore } from './idempotency';
import { Notifier, type NotificationSubject } from './notifier';
import { seededState } from './seed-data';
import type { SandboxState } from './state';
import type { World } from './world';

interface SandboxCoreOptions {
  seed: number;
  credentials: SandboxCredentials;
  allowIps: readonly string[];
  /** Authentication clock minus real clock at start (D13): tests the 5-second rule. */
  clockSkewMs: number;
  notificationRetryBaseMs: number;
  notificationTimeoutMs: number;
  /** Extra deterministic deposits on top of the seeded records (benchmarks). */
  bulkDeposits?: number;
}

/**
 * The running sandbox without its HTTP face: clocks, records, idempotency store, notifier and
 * fault settings. Routes read and change it; reset puts it back to the seeded state.
 */
export class SandboxCore implements World {
  readonly seed: number;
  readonly bulkDeposits: number;
  readonly credentials: SandboxCredentials;
  readonly allowIps: readonly string[];
  /** D13: what time travel moves (expiry, 7-day cancel, created_at, record dates). */
  readonly businessClock = new SandboxClock();
  /** D13: wall time plus the skew; the X-Date window and the `Date` header. */
  readonly authClock: SandboxClock;
  readonly idempotency = new IdempotencyStore();
  readonly faults = new FaultInjector();
  readonly notifier: Notifier;
  baseUrl = 'http://127.0.0.1';
  /**
   * Names this world: new at every start and every reset, because the same seed then gives the
   * same ids to other records. The console keys the embedded sandbox's account by it (D19).
   */
  #worldId = randomUUID();
  #state: SandboxState;
  /** Business time of the next expiry or 7-day cancel; nothing to sweep before it. */
  #nextDue = 0;

  constructor(options: SandboxCoreOptions) {
    this.seed = options.seed;
    this.bulkDeposits = options.bulkDeposits ?? 0;
    this.credentials = options.credentials;
    this.allowIps = options.allowIps;
    this.authClock = new SandboxClock(options.clockSkewMs);
    this.notifier = new Notifier({
      businessClock: this.businessClock,
      authClock: this.authClock,
      credentials: options.credentials,
      retryBaseMs: options.notificationRetryBaseMs,
      attemptTimeoutMs: options.notificationTimeoutMs,
    });
    this.#state = seededState(this.seed, this.businessClock.now(), this.bulkDeposits);
  }

  get state(): SandboxState {
    return this.#state;
  }

  get worldId(): string {
    return this.#worldId;
  }

  notify(subject: NotificationSubject, recordId: number, status: string, url: string | undefined): void {
    if (url) this.notifier.send(subject, recordId, status, url);
  }

  depositsChanged(): void {
    this.#nextDue = 0;
  }

  /** Applies every time-driven move that is due on the business clock. */
  sweep(): void {
    if (this.businessClock.now() < this.#nextDue) return;
    this.#nextDue = expireDeposits(this);
  }

  /** Time travel: the business clock only (D13). */
  advanceClock(ms: number): void {
    this.businessClock.advance(ms);
    this.sweep();
  }

  /**
   * Back to the seeded state: records, both clocks (the skew to its start value), idempotency,
   * notifications, faults.
   */
  reset(): void {
    this.notifier.reset();
    this.idempotency.clear();
    this.faults.reset();
    this.businessClock.reset();
    this.authClock.reset();
    this.#state = seededState(this.seed, this.businessClock.now(), this.bulkDeposits);
    this.#worldId = randomUUID();
    this.#nextDue = 0;
  }

  close(): void {
    this.notifier.reset();
  }
}
