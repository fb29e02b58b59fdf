import type { ConsoleError, Result } from '../../../shared/contract';

/**
 * The one error type react-query sees: a thrown wrapper around the ConsoleError that main
 * answered, so `query.error.error.kind` is always there for ErrorNotice to phrase.
 */
export class ConsoleFailure extends Error {
  readonly error: ConsoleError;

  constructor(error: ConsoleError) {
    super(error.message);
    this.name = 'ConsoleFailure';
    this.error = error;
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  throw new ConsoleFailure(result.error);
}

/** Any thrown value as a ConsoleError; something that is not ours is a bug (`internal`). */
export function toConsoleError(thrown: unknown): ConsoleError {
  if (thrown instanceof ConsoleFailure) return thrown.error;
  return {
    kind: 'internal',
    message: 'The console failed unexpectedly while handling this answer.',
  };
}
