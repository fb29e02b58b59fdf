import type { RecordIndexStarter } from './records';

/**
 * The record index's starter for the composition roots (the app, the CLI, the web bridge): the
 * SQLite adapter, and better-sqlite3 with it, is loaded by the first call, not when the root is,
 * so `paydesk --help` and a command that never touches the index never pay for it.
 */
export function sqliteRecordIndexStarter(dataDir: string): RecordIndexStarter {
  return async () => (await import('../record-index/sqlite')).openSqliteRecordIndex({ dataDir });
}
