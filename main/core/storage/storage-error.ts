import type { ConsoleError } from '../../../shared/contract';

/** A `storage` error naming what failed and the system's error code, never file contents. */
export function storageError(what: string, cause?: unknown): ConsoleError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return {
    kind: 'storage',
    message: code ? `${what} (${code}).` : `${what}.`,
    // `what` is English; on screens the kind's sentence says it and the code stays for support.
    text: code ? { key: 'storage.failedCode', params: { reason: code } } : { key: 'storage.failed' },
  };
}
