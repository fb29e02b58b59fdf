import type { Database } from 'better-sqlite3';

/**
 * The record index's schema, one step per version: `RECORD_INDEX_MIGRATIONS[n]` turns a
 * version-n database (PRAGMA user_version) into version n+1. Steps are only ever appended: a
 * released step is never edited, since databases written by it exist.
 */
export type RecordIndexMigration = (db: Database) => void;

export const RECORD_INDEX_MIGRATIONS: readonly RecordIndexMigration[] = [
  /** 0 → 1: one row per (environment, kind, id), and the indexes search and the recent lists use. */
  (db) => {
    db.exec(`
      CREATE TABLE records (
        environment_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        invoice_id TEXT,
        external_id TEXT,
        deposit_id TEXT,
        status TEXT,
        amount REAL,
        currency TEXT,
        country TEXT,
        payment_method TEXT,
        first_seen TEXT NOT NULL,
        last_seen TEXT NOT NULL,
        source TEXT NOT NULL,
        intent_key TEXT,
        instructions_json TEXT,
        instructions_expires_at TEXT,
        PRIMARY KEY (environment_id, kind, id)
      );
      CREATE INDEX records_by_id ON records (environment_id, id);
      CREATE INDEX records_by_invoice_id ON records (environment_id, invoice_id) WHERE invoice_id IS NOT NULL;
      CREATE INDEX records_by_external_id ON records (environment_id, external_id) WHERE external_id IS NOT NULL;
      CREATE INDEX records_by_deposit_id ON records (environment_id, deposit_id) WHERE deposit_id IS NOT NULL;
      CREATE INDEX records_recent ON records (environment_id, kind, last_seen, id);
      CREATE INDEX records_recent_by_status ON records (environment_id, kind, status, last_seen, id);
      CREATE INDEX records_by_amount ON records (environment_id, kind, amount);
    `);
  },
  /**
   * 1 → 2: the service account each record was seen in (D19), so that refund arithmetic counts only
   * the account's own refunds. The embedded sandbox's rows go: each of its starts was a world of
   * its own, now gone, whose ids the next world gives to other records.
   */
  (db) => {
    db.exec(`
      ALTER TABLE records ADD COLUMN account TEXT;
      DELETE FROM records WHERE environment_id = 'local-sandbox';
    `);
  },
];

export const RECORD_INDEX_SCHEMA_VERSION = RECORD_INDEX_MIGRATIONS.length;

export const userVersion = (db: Database): number => db.pragma('user_version', { simple: true }) as number;

/**
 * Brings the database to `steps.length`, each step in a write transaction of its own that also
 * sets user_version: a crash or a failing step leaves the previous version whole. The version is
 * read again inside the transaction, so two processes opening a fresh file at once migrate it once.
 * Answers the version found before migrating.
 */
export function migrate(
  db: Database,
  steps: readonly RecordIndexMigration[] = RECORD_INDEX_MIGRATIONS,
): number {
  const found = userVersion(db);
  for (;;) {
    const advanced = db
      .transaction((): boolean => {
        const version = userVersion(db);
        const step = steps[version];
        if (step === undefined) return false;
        step(db);
        db.pragma(`user_version = ${version + 1}`);
        return true;
      })
      .immediate();
    if (!advanced) return found;
  }
}
