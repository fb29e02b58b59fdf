import type { ConsoleError, ErrorKind } from '../../../shared/contract';

/** A failed Result. `extra` adds the optional ConsoleError fields (field, code, httpStatus…). */
export function failure(
  kind: ErrorKind,
  message: string,
  extra: Omit<ConsoleError, 'kind' | 'message'> = {},
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind, message, ...extra } };
}

/** A call that came after the console began to close (the app quitting, a bridge closing). */
export const consoleClosed = (): { ok: false; error: ConsoleError } =>
  failure('internal', 'The console is closed.', { text: { key: 'console.closed' } });
