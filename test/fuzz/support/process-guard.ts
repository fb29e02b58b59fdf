/**
 * Process-level listeners for the length of a fuzz run: an unhandled rejection or an uncaught
 * exception anywhere in the worker (a promise the code under test forgot, a throw in a timer) is
 * recorded, so the test can fail on it instead of the run going on as if nothing happened.
 */
interface ProcessGuard {
  /** What escaped so far, as `kind: message` lines. */
  escaped(): string[];
  stop(): void;
}

export function guardProcess(): ProcessGuard {
  const escaped: string[] = [];
  const describe = (reason: unknown): string =>
    reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason;
  const onRejection = (reason: unknown): void => {
    escaped.push(`unhandledRejection: ${describe(reason)}`);
  };
  const onException = (error: unknown): void => {
    escaped.push(`uncaughtException: ${describe(error)}`);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    escaped: () => [...escaped],
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

/** Counts by label, printed as `label n, label n`. */
export class Tally {
  readonly #counts = new Map<string, number>();
  add(label: string): void {
    this.#counts.set(label, (this.#counts.get(label) ?? 0) + 1);
  }
  get(label: string): number {
    return this.#counts.get(label) ?? 0;
  }
  toString(): string {
    return [...this.#counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, count]) => `${label} ${count}`)
      .join(', ');
  }
}
