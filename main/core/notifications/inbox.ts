import type { NotificationSubject, ReceivedNotification, Result } from '../../../shared/contract';

/** One notification taken: whose account (D19), which record, the status read for it. */
export interface ReceivedEntry {
  account: string;
  environmentId: string;
  subject: NotificationSubject;
  status: string;
  at: Date;
}

/** Where received notifications are kept once per (account, record, status). */
export interface NotificationInbox {
  /** Counts the notification; `count` 1 means this is the first: act on it, and only then. */
  record(entry: ReceivedEntry): Result<ReceivedNotification>;
  /** The latest first. */
  latest(limit: number): Result<ReceivedNotification[]>;
  close(): void;
}

/**
 * The inbox's starter for the runtime: better-sqlite3 is loaded on the first notification or
 * list, not when the console starts.
 */
export function sqliteNotificationInbox(dataDir: string): () => Promise<Result<NotificationInbox>> {
  return async () => (await import('./inbox-sqlite')).openSqliteNotificationInbox(dataDir);
}
