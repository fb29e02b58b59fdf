import { withFileLock } from '../../main/core/storage/file-lock';

/**
 * A process that takes a file lock the way the console does (withFileLock) when its parent asks,
 * tells it over IPC once it holds it, and never lets go: test/support/money-model.ts SIGKILLs it
 * while it holds the journal's lock, as a crashed app or CLI would be, to show the kernel hands the
 * lock on. It starts ahead of the ask, so a model run does not wait for a process start each time.
 */

const lockPath = process.argv[2];
if (lockPath === undefined) throw new Error('usage: lock-holder <lock path>');

/**
 * Never called, but kept reachable (by the timer below): a critical section waiting on a promise
 * nobody can settle is garbage, and collecting it closes the lock's SQLite connection, which
 * would let the lock go before the kill this process is for.
 */
let release: (() => void) | undefined;
const alive = setInterval(() => release, 60_000);

async function hold(path: string): Promise<void> {
  const held = await withFileLock(path, { timeoutMs: 10_000 }, async () => {
    process.send?.({ held: true });
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { ok: true, data: undefined };
  });
  // Reached only when the lock could not be taken: the parent fails the command on this.
  process.send?.({ held: false, error: held.ok ? 'released' : held.error.message });
  clearInterval(alive);
}

// Loaded now, not at the first lock: the parent waits for the lock, not for the addon.
await import('better-sqlite3');

process.once('message', () => {
  void hold(lockPath);
});
// A test that died before its kill leaves no process behind.
process.once('disconnect', () => process.exit(1));
process.send?.({ ready: true });
