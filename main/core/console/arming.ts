import type { ArmingState, EnvironmentProfile } from '../../../shared/contract';

/** Production arming lapses after this long without a mutating action. */
export const ARMING_IDLE_MS = 10 * 60_000;

interface ProductionArmingOptions {
  /** Epoch ms; injected so tests can let ten minutes pass at once. */
  now: () => number;
  /** Told on every change, including a lapse. */
  onChange: (state: ArmingState) => void;
}

/**
 * Production opens read-only; arming it allows mutating actions until it has been idle for
 * ARMING_IDLE_MS. At most one environment is armed at a time (the active one): switching
 * environment resets it. Anything that is not production is always armed.
 *
 * A lapse is noticed both by a timer (so the banner changes on its own) and on every read (so an
 * injected clock that jumps ahead is honoured without waiting for the timer).
 */
export class ProductionArming {
  readonly #now: () => number;
  readonly #onChange: (state: ArmingState) => void;
  #armed: { environmentId: string; lastActivityAt: number } | null = null;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: ProductionArmingOptions) {
    this.#now = options.now;
    this.#onChange = options.onChange;
  }

  state(profile: Pick<EnvironmentProfile, 'id' | 'kind'>): ArmingState {
    if (profile.kind !== 'production') return { environmentId: profile.id, armed: true, expiresAt: null };
    this.#lapseIfIdle();
    const armed = this.#armed?.environmentId === profile.id ? this.#armed : null;
    return {
      environmentId: profile.id,
      armed: armed !== null,
      expiresAt: armed ? new Date(armed.lastActivityAt + ARMING_IDLE_MS).toISOString() : null,
    };
  }

  isArmed(profile: Pick<EnvironmentProfile, 'id' | 'kind'>): boolean {
    return this.state(profile).armed;
  }

  /** Arms a production profile (the caller has checked the typed confirmation). */
  arm(profile: Pick<EnvironmentProfile, 'id' | 'kind'>): ArmingState {
    if (profile.kind !== 'production') return this.state(profile);
    this.#armed = { environmentId: profile.id, lastActivityAt: this.#now() };
    this.#schedule();
    const state = this.state(profile);
    this.#onChange(state);
    return state;
  }

  /** A mutating action in an armed production environment: the idle time starts again. */
  touch(profile: Pick<EnvironmentProfile, 'id' | 'kind'>): void {
    if (profile.kind !== 'production' || !this.isArmed(profile) || !this.#armed) return;
    this.#armed.lastActivityAt = this.#now();
    this.#schedule();
  }

  /** Disarms whatever is armed; tells listeners only when something was. */
  disarm(): void {
    const was = this.#armed;
    this.#armed = null;
    this.#cancelTimer();
    if (was) this.#onChange({ environmentId: was.environmentId, armed: false, expiresAt: null });
  }

  /** Disarms only when `environmentId` is the armed one (its profile changed or was removed). */
  disarmEnvironment(environmentId: string): void {
    if (this.#armed?.environmentId === environmentId) this.disarm();
  }

  close(): void {
    this.#armed = null;
    this.#cancelTimer();
  }

  #lapseIfIdle(): void {
    if (this.#armed && this.#now() - this.#armed.lastActivityAt >= ARMING_IDLE_MS) this.disarm();
  }

  #schedule(): void {
    this.#cancelTimer();
    if (!this.#armed) return;
    const remaining = Math.max(0, this.#armed.lastActivityAt + ARMING_IDLE_MS - this.#now());
    // Never keeps the process alive (the CLI exits with its command).
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#lapseIfIdle();
      if (this.#armed) this.#schedule();
    }, remaining + 50);
    this.#timer.unref();
  }

  #cancelTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
