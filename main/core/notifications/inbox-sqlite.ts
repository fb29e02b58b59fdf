import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database, { type Database as Connection } from 'better-sqlite3';
import type { ReceivedNotification, Result } from '../../../shared/contract';
import type { NotificationInbox, ReceivedEntry } from './inbox';

/**
 * The notification inbox on SQLite, `notifications.sqlite` in the data folder: one row per
 * (account, kind, record, status), so a notification acts once however often it comes (the
 * spec's "release a deposit only once per deposit_id"). A file of its own, not the record index:
 * the index is derived data a rebuild may drop, and "already acted on" must outlive that.
 * WAL with synchronous=FULL: a row answered with 2xx survives a power loss, since the service
 * will not send that notification again. The app and the CLI may share the file; SQLite's own
 * lock makes the insert-or-count one step between them.
 */

const NOTIFICATION_INBOX_FILE_NAME = 'notifications.sqlite';
const SCHEMA_VERSION = 1;
const BUSY_TIMEOUT_MS = 5_000;

interface Row {
  environment_id: string;
  kind: string;
  record_id: number;
  status: string;
  count: number;
  first_at: string;
  last_at: string;
}

const toReceived = (row: Row): ReceivedNotification => ({
  environmentId: row.environment_id,
  subject: { kind: row.kind === 'refund' ? 'refund' : 'deposit', id: row.record_id },
  status: row.status,
  count: row.count,
  firstAt: row.first_at,
  lastAt: row.last_at,
});

function migrate(db: Connection): void {
  if ((db.pragma('user_version', { simple: true }) as number) >= SCHEMA_VERSION) return;
  db.exec(`
    CREATE TABLE IF NOT EXISTS received (
      account TEXT NOT NULL,
      environment_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      record_id INTEGER NOT NULL,
      status TEXT NOT NULL,
      count INTEGER NOT NULL,
      first_at TEXT NOT NULL,
      last_at TEXT NOT NULL,
      PRIMARY KEY (account, kind, record_id, status)
    );
    CREATE INDEX IF NOT EXISTS received_recent ON received (last_at);
    PRAGMA user_version = ${SCHEMA_VERSION};
  `);
}

const failed = (message: string): { ok: false; error: { kind: 'storage'; message: string } } => ({
  ok: false,
  error: { kind: 'storage', message },
});

export async function openSqliteNotificationInbox(dataDir: string): Promise<Result<NotificationInbox>> {
  let db: Connection;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    db = new Database(join(dataDir, NOTIFICATION_INBOX_FILE_NAME), { timeout: BUSY_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    migrate(db);
  } catch {
    return failed('The notification inbox (notifications.sqlite) could not be opened.');
  }
  const upsert = db.prepare<[string, string, string, number, string, string, string], Row>(`
    INSERT INTO received (account, environment_id, kind, record_id, status, count, first_at, last_at)
    VALUES (?, ?, ?, ?, ?, 1, ?, ?)
    ON CONFLICT (account, kind, record_id, status)
    DO UPDATE SET count = count + 1, last_at = excluded.last_at
    RETURNING environment_id, kind, record_id, status, count, first_at, last_at
  `);
  const latest = db.prepare<[number], Row>(
    'SELECT environment_id, kind, record_id, status, count, first_at, last_at FROM received ORDER BY last_at DESC, rowid DESC LIMIT ?',
  );
  return {
    ok: true,
    data: {
      record(entry: ReceivedEntry) {
        try {
          const at = entry.at.toISOString();
          const row = upsert.get(
            entry.account,
            entry.environmentId,
            entry.subject.kind,
            entry.subject.id,
            entry.status,
            at,
            at,
          );
          if (row === undefined)
            return failed('The notification could not be recorded in notifications.sqlite.');
          return { ok: true, data: toReceived(row) };
        } catch {
          return failed('The notification could not be recorded in notifications.sqlite.');
        }
      },
      latest(limit: number) {
        try {
          return { ok: true, data: latest.all(limit).map(toReceived) };
        } catch {
          return failed('The notification inbox (notifications.sqlite) could not be read.');
        }
      },
      close: () => db.close(),
    },
  };
}
