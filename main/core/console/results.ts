import type { ConsoleError, ErrorKind, Result } from '../../../shared/contract';

/** A failed Result. `extra` adds the optional ConsoleError fields (field, code, httpStatus…). */
export function failure(
  kind: ErrorKind,
  message: string,
  extra: Omit<ConsoleError, 'kind' | 'message'> = {},
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind, message, ...extra } };
}

export const success = <T>(data: T): { ok: true; data: T } => ({ ok: true, data });

/** Maps the data of a successful Result; a failure passes through. */
export function mapResult<T, U>(result: Result<T>, map: (data: T) => U): Result<U> {
  return result.ok ? { ok: true, data: map(result.data) } : result;
}
