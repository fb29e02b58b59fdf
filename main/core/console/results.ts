import type { ConsoleError, ErrorKind } from '../../../shared/contract';

/** A failed Result. `extra` adds the optional ConsoleError fields (field, code, httpStatus…). */
export function failure(
  kind: ErrorKind,
  message: string,
  extra: Omit<ConsoleError, 'kind' | 'message'> = {},
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind, message, ...extra } };
}
