import { SqliteError } from 'better-sqlite3';
import type { ConsoleError } from '../../../shared/contract';
import { storageError } from '../storage/storage-error';
import { RecordIndexError } from './port';

/** How the SQLite record index says what went wrong, in the user's words. */

export const REBUILD_HINT = 'run `paydesk index rebuild`';

/** SQLite's answers for bytes that are not (or no longer) a database. */
export const isDamage = (error: unknown): boolean =>
  error instanceof SqliteError && /^SQLITE_(NOTADB|CORRUPT)/.test(error.code);

/** The error a caller shows: what failed, in the user's words, and SQLite's code (never a value). */
export function indexError(what: string, error: unknown): ConsoleError {
  if (error instanceof RecordIndexError) return error.error;
  if (error instanceof SqliteError) {
    if (error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED')) {
      return {
        kind: 'storage',
        message: `${what}: another Paydesk window or command kept the record index busy; try again.`,
      };
    }
    if (isDamage(error)) {
      return { kind: 'storage', message: `${what}: the record index is damaged; ${REBUILD_HINT}.` };
    }
    return { kind: 'storage', message: `${what} (${error.code}).` };
  }
  return storageError(what, error);
}
