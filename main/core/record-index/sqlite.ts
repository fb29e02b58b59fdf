import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database, { SqliteError, type Database as Connection, type Statement } from 'better-sqlite3';
import { z } from 'zod';
import { BATCH_LIMITS, type ConsoleError, type Result } from '../../../shared/contract';
import { storageError } from '../storage/storage-error';
import { RECORD_INDEX_SCHEMA_VERSION, migrate, userVersion, type RecordIndexMigration } from './migrations';
import {
  externalCashoutKey,
  INDEXED_KINDS,
  isExternalCashoutKey,
  OBSERVATION_SOURCES,
  RECENT_SORTS,
  RecordIndexError,
  type IndexedKind,
  type IndexedRecord,
  type RecentPage,
  type RecentQuery,
  type RecordIndex,
  type RecordObservation,
  type SearchQuery,
} from './port';

/**
 * The record index on SQLite (better-sqlite3), in the data folder the app and the CLI share.
 *
 * WAL lets the app and the CLI read while the other writes; writers wait for each other up to
 * `busyTimeoutMs`. synchronous=NORMAL: in WAL mode it never corrupts the file and keeps every
 * commit through a process crash; a power loss may drop the last commits, which `paydesk index
 * rebuild` restores, since the index is derived data.
 */

export const RECORD_INDEX_FILE_NAME = 'record-index.sqlite';
/** Long enough for the other process's longest write (a page of batch rows), short enough to notice. */
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export const REBUILD_HINT = 'run `paydesk index rebuild`';

export type SetAsideReason = 'corrupt' | 'newer';

/** A database that could not be used and was renamed, so a fresh one could take its place. */
export interface RecordIndexSetAside {
  reason: SetAsideReason;
  /** Where the old file is now (its -wal and -shm beside it, with the same name). */
  movedTo: string;
  /** One sentence for the user. */
  message: string;
}

export interface OpenedRecordIndex {
  index: RecordIndex;
  /** The database file. */
  location: string;
  /** Present when the file found was set aside and the index starts empty. */
  setAside?: RecordIndexSetAside;
}

export interface OpenSqliteRecordIndexOptions {
  /** The data folder (main/core/data-dir.ts); created (0700) when missing. */
  dataDir: string;
  busyTimeoutMs?: number;
  now?: () => Date;
  /** Tests only: another list of schema steps, to check the migration runner on old versions. */
  migrations?: readonly RecordIndexMigration[];
}

export const recordIndexPath = (dataDir: string): string => join(dataDir, RECORD_INDEX_FILE_NAME);

const setAsideMessage = (reason: SetAsideReason): string =>
  reason === 'corrupt'
    ? `The record index was damaged and has been set aside; it will be rebuilt from the journal: ${REBUILD_HINT}.`
    : `The record index was written by a newer version of Paydesk and has been set aside; it will be rebuilt from the journal: ${REBUILD_HINT}.`;

/** SQLite's answers for bytes that are not (or no longer) a database. */
const isDamage = (error: unknown): boolean =>
  error instanceof SqliteError && /^SQLITE_(NOTADB|CORRUPT)/.test(error.code);

/** The error a caller shows: what failed, in the user's words, and SQLite's code (never a value). */
function indexError(what: string, error: unknown): ConsoleError {
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

// ---------------------------------------------------------------------------------------------
// Rows, checked where they come back from the file (a hand-edited database is not a crash)
// ---------------------------------------------------------------------------------------------

const optionalText = z
  .string()
  .nullable()
  .transform((value) => value ?? undefined);
const isoTime = z.iso.datetime({ offset: true });
/** Exactly what `seenTime` stores (Date#toISOString): the recent lists' order relies on it. */
const storedTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

const rowSchema = z
  .object({
    environment_id: z.string().min(1),
    kind: z.enum(INDEXED_KINDS),
    id: z.string().min(1),
    invoice_id: optionalText,
    external_id: optionalText,
    deposit_id: optionalText,
    status: optionalText,
    amount: z
      .number()
      .nullable()
      .transform((value) => value ?? undefined),
    currency: optionalText,
    country: optionalText,
    payment_method: optionalText,
    first_seen: storedTime,
    last_seen: storedTime,
    source: z.enum(OBSERVATION_SOURCES),
    intent_key: optionalText,
    instructions_json: optionalText,
    instructions_expires_at: storedTime.nullable().transform((value) => value ?? undefined),
    account: optionalText,
  })
  .transform((row): IndexedRecord => {
    const record: IndexedRecord = {
      environmentId: row.environment_id,
      kind: row.kind,
      id: row.id,
      firstSeen: row.first_seen,
      lastSeen: row.last_seen,
      source: row.source,
    };
    const optional = {
      invoiceId: row.invoice_id,
      externalId: row.external_id,
      depositId: row.deposit_id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      country: row.country,
      paymentMethod: row.payment_method,
      intentKey: row.intent_key,
      account: row.account,
    };
    for (const [key, value] of Object.entries(optional)) {
      if (value !== undefined) Object.assign(record, { [key]: value });
    }
    if (row.instructions_json !== undefined) {
      record.instructions =
        row.instructions_expires_at === undefined
          ? { json: row.instructions_json }
          : { json: row.instructions_json, expiresAt: row.instructions_expires_at };
    }
    return record;
  });

function toRecord(row: unknown): IndexedRecord {
  const parsed = rowSchema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  throw new RecordIndexError({
    kind: 'storage',
    message: `The record index holds a record it cannot read${field}; ${REBUILD_HINT}.`,
  });
}

// ---------------------------------------------------------------------------------------------
// Observations, checked where they come in
// ---------------------------------------------------------------------------------------------

const text = z.string().min(1).max(500);
/** Any ISO time with an offset, stored as UTC with milliseconds so that text order is time order. */
const seenTime = isoTime.transform((value) => new Date(value).toISOString());

const observationSchema = z.object({
  environmentId: text,
  kind: z.enum(INDEXED_KINDS),
  id: text,
  invoiceId: text.optional(),
  externalId: text.optional(),
  depositId: text.optional(),
  status: text.optional(),
  amount: z.number().finite().optional(),
  currency: text.optional(),
  country: text.optional(),
  paymentMethod: text.optional(),
  seenAt: seenTime,
  source: z.enum(OBSERVATION_SOURCES),
  intentKey: text.optional(),
  account: text.optional(),
  instructions: z
    .object({
      json: z.string().refine((value) => {
        try {
          JSON.parse(value);
          return true;
        } catch {
          return false;
        }
      }, 'not JSON'),
      expiresAt: seenTime.optional(),
    })
    .optional(),
});

function checkObservations(observations: readonly RecordObservation[]): z.infer<typeof observationSchema>[] {
  return observations.map((observation, position) => {
    const parsed = observationSchema.safeParse(observation);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    throw new RecordIndexError({
      kind: 'internal',
      message: `A record observation was refused: ${path || 'the observation'}: ${issue?.message ?? 'invalid'}.`,
      field: `${position}${path ? `.${path}` : ''}`,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------------------------

/**
 * An observation at least as new as the record's lastSeen overwrites the fields it carries; an
 * older one (a batch answer that arrived late, a rebuild) only fills fields still unknown.
 */
const merged = (column: string): string =>
  `${column} = CASE WHEN excluded.last_seen >= records.last_seen
     THEN COALESCE(excluded.${column}, records.${column})
     ELSE COALESCE(records.${column}, excluded.${column}) END`;

const UPSERT = `
  INSERT INTO records (environment_id, kind, id, invoice_id, external_id, deposit_id, status, amount,
    currency, country, payment_method, first_seen, last_seen, source, intent_key, instructions_json,
    instructions_expires_at, account)
  VALUES (:environmentId, :kind, :id, :invoiceId, :externalId, :depositId, :status, :amount,
    :currency, :country, :paymentMethod, :seenAt, :seenAt, :source, :intentKey, :instructionsJson,
    :instructionsExpiresAt, :account)
  ON CONFLICT (environment_id, kind, id) DO UPDATE SET
    ${['invoice_id', 'external_id', 'deposit_id', 'status', 'amount', 'currency', 'country', 'payment_method', 'intent_key', 'account'].map(merged).join(',\n    ')},
    instructions_json = CASE WHEN excluded.instructions_json IS NOT NULL
        AND (excluded.last_seen >= records.last_seen OR records.instructions_json IS NULL)
      THEN excluded.instructions_json ELSE records.instructions_json END,
    instructions_expires_at = CASE WHEN excluded.instructions_json IS NOT NULL
        AND (excluded.last_seen >= records.last_seen OR records.instructions_json IS NULL)
      THEN excluded.instructions_expires_at ELSE records.instructions_expires_at END,
    source = CASE
      WHEN records.source = 'created' OR excluded.source = 'created' THEN 'created'
      WHEN excluded.first_seen < records.first_seen THEN excluded.source
      ELSE records.source END,
    first_seen = MIN(records.first_seen, excluded.first_seen),
    last_seen = MAX(records.last_seen, excluded.last_seen)`;

/**
 * A refund's currency is its deposit's (D8) and the service's refund record does not carry it, so
 * it is read from the indexed deposit of the same environment when the row is read: right whether
 * the deposit was seen before or after the refund, and in a file written before this rule. A
 * refund whose deposit is not indexed keeps what it was observed with (none, usually): unknown
 * stays unknown.
 */
const RESOLVED_CURRENCY = `CASE WHEN records.kind = 'refund' THEN COALESCE(
    (SELECT deposit.currency FROM records AS deposit WHERE deposit.environment_id = records.environment_id
      AND deposit.kind = 'deposit' AND deposit.id = records.deposit_id),
    records.currency)
  ELSE records.currency END`;

/** Every column of a record as the row schema reads it, the currency resolved. */
const RECORD_COLUMNS = `records.environment_id, records.kind, records.id, records.invoice_id,
  records.external_id, records.deposit_id, records.status, records.amount,
  ${RESOLVED_CURRENCY} AS currency, records.country, records.payment_method, records.first_seen,
  records.last_seen, records.source, records.intent_key, records.instructions_json,
  records.instructions_expires_at, records.account`;

/** The columns search looks in, each with an index on (environment_id, column). */
const SEARCH_COLUMNS = ['id', 'invoice_id', 'external_id'] as const;

/**
 * Prefixes as a range over the column's index (`>= text AND < text || x'ff'`): no LIKE, so a `%`
 * or `_` the user typed matches only itself, and case stays as typed. 0xFF never occurs in UTF-8,
 * so every text starting with the prefix sorts below the bound.
 */
const searchStatements = (db: Connection, kinds: string) =>
  SEARCH_COLUMNS.map((column) => ({
    exact: db.prepare(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE environment_id = :env AND ${column} = :text ${kinds}
       ORDER BY last_seen DESC, kind, id LIMIT :limit`,
    ),
    prefix: db.prepare(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE environment_id = :env AND ${column} > :text
         AND ${column} < (:text || x'ff') ${kinds}
       ORDER BY ${column}, kind, id LIMIT :limit`,
    ),
  }));

const ORDER_BY: Record<(typeof RECENT_SORTS)[number], string> = {
  newest: 'last_seen DESC, id DESC',
  oldest: 'last_seen ASC, id ASC',
  amount_desc: 'amount DESC NULLS LAST, last_seen DESC, id DESC',
  amount_asc: 'amount ASC NULLS LAST, last_seen DESC, id DESC',
};

const recentQuerySchema = z.object({
  environmentId: text,
  kind: z.enum(INDEXED_KINDS),
  status: text.optional(),
  from: seenTime.optional(),
  to: seenTime.optional(),
  minAmount: z.number().finite().optional(),
  maxAmount: z.number().finite().optional(),
  currency: text.optional(),
  sort: z.enum(RECENT_SORTS).default('newest'),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(1_000),
});

const searchQuerySchema = z.object({
  environmentId: text,
  text: z.string().trim().min(1).max(500),
  kinds: z.array(z.enum(INDEXED_KINDS)).readonly().optional(),
  limit: z.number().int().min(1).max(1_000),
});

function checkQuery<T>(schema: z.ZodType<T>, query: unknown, what: string): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? issue.path.join('.') : '';
  throw new RecordIndexError({
    kind: 'validation',
    message: `The ${what} was refused: ${path || 'the query'}: ${issue?.message ?? 'invalid'}.`,
    ...(path ? { field: path } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Opening
// ---------------------------------------------------------------------------------------------

/** `record-index.sqlite` → `record-index.sqlite.corrupt-2024-03-05T14-07-09-123Z` (no colons: Windows). */
async function setAside(path: string, reason: SetAsideReason, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const target = `${path}.${reason}-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    const taken = await stat(target).then(
      () => true,
      () => false,
    );
    if (taken) continue;
    await rename(path, target);
    // The WAL may hold commits of the old file: it goes with it, under the matching name.
    for (const suffix of ['-wal', '-shm']) {
      await rename(`${path}${suffix}`, `${target}${suffix}`).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    }
    return target;
  }
  throw new Error('too many earlier copies');
}

type Verdict = { usable: true; db: Connection } | { usable: false; reason: SetAsideReason };

/** Opens and checks the file; a file that is not a usable database of ours closes again. */
function openChecked(path: string, busyTimeoutMs: number, schemaVersion: number): Verdict {
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    // Checked before anything is changed, so a file set aside is left as it was found.
    if (userVersion(db) > schemaVersion) {
      db.close();
      return { usable: false, reason: 'newer' };
    }
    if (db.pragma('quick_check', { simple: true }) !== 'ok') {
      db.close();
      return { usable: false, reason: 'corrupt' };
    }
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    return { usable: true, db };
  } catch (error) {
    db.close();
    if (isDamage(error)) return { usable: false, reason: 'corrupt' };
    throw error;
  }
}

/**
 * Opens (creating, migrating or replacing) the record index of a data folder. A damaged file, or
 * one a newer Paydesk wrote, is set aside and a fresh index returned with `setAside` saying so;
 * only a folder that cannot be written at all, or a file another process keeps locked, answers
 * an error (the caller then runs without the index).
 */
export async function openSqliteRecordIndex(
  options: OpenSqliteRecordIndexOptions,
): Promise<Result<OpenedRecordIndex>> {
  const now = options.now ?? (() => new Date());
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const steps = options.migrations ?? undefined;
  const schemaVersion = steps?.length ?? RECORD_INDEX_SCHEMA_VERSION;
  const location = recordIndexPath(options.dataDir);
  const failed = (error: unknown): Result<OpenedRecordIndex> => ({
    ok: false,
    error: indexError(`The record index ${location} could not be opened`, error),
  });

  try {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return failed(error);
  }

  let setAsideReport: RecordIndexSetAside | undefined;
  let db: Connection | undefined;
  // A second round only after setting a file aside: the fresh file must then pass.
  for (let round = 0; round < 2 && db === undefined; round += 1) {
    let verdict: Verdict;
    try {
      verdict = openChecked(location, busyTimeoutMs, schemaVersion);
    } catch (error) {
      return failed(error);
    }
    if (verdict.usable) {
      db = verdict.db;
      break;
    }
    if (round > 0) return failed(new Error('a fresh file failed its check'));
    try {
      const movedTo = await setAside(location, verdict.reason, now());
      setAsideReport = { reason: verdict.reason, movedTo, message: setAsideMessage(verdict.reason) };
    } catch (error) {
      return { ok: false, error: indexError(`The record index ${location} could not be set aside`, error) };
    }
  }
  if (db === undefined) return failed(new Error('no database'));

  try {
    migrate(db, steps);
  } catch (error) {
    db.close();
    return failed(error);
  }
  const index = createIndex(db);
  return {
    ok: true,
    data: { index, location, ...(setAsideReport ? { setAside: setAsideReport } : {}) },
  };
}

// ---------------------------------------------------------------------------------------------
// The index
// ---------------------------------------------------------------------------------------------

type ObservationRow = Record<string, unknown> & {
  environmentId: string;
  kind: IndexedKind;
  id: string;
  externalId: string | null;
};

function createIndex(db: Connection): RecordIndex {
  const upsert = db.prepare(UPSERT);
  const getOne = db.prepare(
    `SELECT ${RECORD_COLUMNS} FROM records WHERE environment_id = ? AND kind = ? AND id = ?`,
  );
  const cashoutByExternalId = db.prepare(
    `SELECT id FROM records WHERE environment_id = ? AND kind = 'cashout' AND external_id = ?
       AND substr(id, 1, ${BATCH_LIMITS.externalIdPrefix.length}) <> ?
     ORDER BY last_seen DESC LIMIT 1`,
  );
  const dropOne = db.prepare('DELETE FROM records WHERE environment_id = ? AND kind = ? AND id = ?');
  /** The first sighting, and how it came, of a row taken in (right-hand sides read the old row). */
  const keepFirstSeen = db.prepare(
    `UPDATE records SET
       source = CASE WHEN source <> 'created' AND :first < first_seen THEN :source ELSE source END,
       first_seen = MIN(first_seen, :first)
     WHERE environment_id = :env AND kind = 'cashout' AND id = :id`,
  );
  /**
   * A cashout keyed by its external id alone (port.ts externalCashoutKey) until its cashout id is
   * known: an external-only sighting of a cashout whose id the index has goes to that row; a
   * sighting with both ids takes the external-only row in (its first sighting, and what it knew
   * that this one does not) and removes it, so the cashout is listed once.
   */
  const observeOne = (row: ObservationRow): void => {
    if (row.kind !== 'cashout' || row.externalId === null) {
      upsert.run(row);
      return;
    }
    if (isExternalCashoutKey(row.id)) {
      const known = cashoutByExternalId.get(
        row.environmentId,
        row.externalId,
        BATCH_LIMITS.externalIdPrefix,
      ) as { id: unknown } | undefined;
      upsert.run(typeof known?.id === 'string' ? { ...row, id: known.id } : row);
      return;
    }
    upsert.run(row);
    const provisional = getOne.get(row.environmentId, 'cashout', externalCashoutKey(row.externalId));
    if (provisional === undefined) return;
    const earlier = toRecord(provisional);
    upsert.run({
      ...row,
      status: earlier.status ?? null,
      seenAt: earlier.lastSeen,
      source: earlier.source,
      intentKey: earlier.intentKey ?? null,
      account: earlier.account ?? null,
    });
    keepFirstSeen.run({
      first: earlier.firstSeen,
      source: earlier.source,
      env: row.environmentId,
      id: row.id,
    });
    dropOne.run(row.environmentId, 'cashout', earlier.id);
  };
  const observeAll = db.transaction((rows: readonly ObservationRow[]) => {
    for (const row of rows) observeOne(row);
  });
  const refunds = db.prepare(
    `SELECT ${RECORD_COLUMNS} FROM records WHERE environment_id = ? AND deposit_id = ? AND kind = 'refund'
     ORDER BY last_seen DESC, id DESC`,
  );
  const forget = db.prepare('DELETE FROM records WHERE environment_id = ?');
  const searchByKinds = new Map<string, ReturnType<typeof searchStatements>>();
  const searchFor = (kinds: readonly IndexedKind[] | undefined) => {
    // The kinds come from INDEXED_KINDS (checked), so they can be written into the SQL.
    const key = kinds === undefined ? '*' : [...new Set(kinds)].sort().join(',');
    let statements = searchByKinds.get(key);
    if (!statements) {
      const clause =
        kinds === undefined
          ? ''
          : kinds.length === 0
            ? 'AND 0'
            : `AND kind IN (${key
                .split(',')
                .map((kind) => `'${kind}'`)
                .join(', ')})`;
      statements = searchStatements(db, clause);
      searchByKinds.set(key, statements);
    }
    return statements;
  };
  // The recent lists' statements, one per filter combination (a statement binds every named
  // parameter it has, so the filters present decide its text), prepared once.
  const recentStatements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let statement = recentStatements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      recentStatements.set(sql, statement);
    }
    return statement;
  };
  let closed = false;

  /** Runs one operation, turning whatever SQLite throws into a RecordIndexError. */
  const run = <T>(what: string, operation: () => T): Promise<T> => {
    if (closed) {
      return Promise.reject(
        new RecordIndexError({ kind: 'internal', message: `${what}: the record index is closed.` }),
      );
    }
    try {
      return Promise.resolve(operation());
    } catch (error) {
      return Promise.reject(new RecordIndexError(indexError(what, error)));
    }
  };

  return {
    observe: (observations) =>
      run('The record index could not be updated', () => {
        const rows = checkObservations(observations).map((observation) => ({
          environmentId: observation.environmentId,
          kind: observation.kind,
          id: observation.id,
          invoiceId: observation.invoiceId ?? null,
          externalId: observation.externalId ?? null,
          depositId: observation.depositId ?? null,
          status: observation.status ?? null,
          amount: observation.amount ?? null,
          currency: observation.currency ?? null,
          country: observation.country ?? null,
          paymentMethod: observation.paymentMethod ?? null,
          seenAt: observation.seenAt,
          source: observation.source,
          intentKey: observation.intentKey ?? null,
          instructionsJson: observation.instructions?.json ?? null,
          instructionsExpiresAt: observation.instructions?.expiresAt ?? null,
          account: observation.account ?? null,
        }));
        // IMMEDIATE: take the write lock (waiting for the other process) before reading anything.
        if (rows.length > 0) observeAll.immediate(rows);
      }),

    search: (query: SearchQuery) =>
      run('The record index could not be searched', () => {
        const checked = checkQuery(searchQuerySchema, query, 'search');
        const statements = searchFor(checked.kinds);
        const parameters = { env: checked.environmentId, text: checked.text, limit: checked.limit };
        const found = new Map<string, IndexedRecord>();
        const add = (records: IndexedRecord[]): void => {
          for (const record of records) {
            const key = `${record.kind}\u0000${record.id}`;
            if (!found.has(key) && found.size < checked.limit) found.set(key, record);
          }
        };
        // Exact matches on any id kind first, newest first; then prefixes in the matched text's order.
        const exact = statements.flatMap((statement) => statement.exact.all(parameters).map(toRecord));
        exact.sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
        add(exact);
        const prefixed: Array<{ matched: string; row: unknown }> = [];
        statements.forEach((statement, column) => {
          for (const row of statement.prefix.all(parameters)) {
            const matched = (row as Record<string, unknown>)[SEARCH_COLUMNS[column] ?? 'id'];
            prefixed.push({ matched: typeof matched === 'string' ? matched : '', row });
          }
        });
        prefixed.sort((a, b) => (a.matched < b.matched ? -1 : a.matched > b.matched ? 1 : 0));
        add(prefixed.map((entry) => toRecord(entry.row)));
        return [...found.values()];
      }),

    recent: (query: RecentQuery) =>
      run('The recent records could not be read', (): RecentPage => {
        const checked = checkQuery(recentQuerySchema, query, 'list');
        const where = ['environment_id = :environmentId', 'kind = :kind'];
        if (checked.status !== undefined) where.push('status = :status');
        if (checked.from !== undefined) where.push('last_seen >= :from');
        if (checked.to !== undefined) where.push('last_seen < :to');
        if (checked.minAmount !== undefined) where.push('amount >= :minAmount');
        if (checked.maxAmount !== undefined) where.push('amount <= :maxAmount');
        if (checked.currency !== undefined) where.push(`${RESOLVED_CURRENCY} = :currency`);
        const { sort, ...parameters } = checked;
        const filter = where.join(' AND ');
        const total = prepared(`SELECT COUNT(*) AS total FROM records WHERE ${filter}`).get(parameters) as {
          total: number;
        };
        const rows = prepared(
          `SELECT ${RECORD_COLUMNS} FROM records WHERE ${filter} ORDER BY ${ORDER_BY[sort]} LIMIT :limit OFFSET :offset`,
        ).all(parameters);
        return { total: total.total, records: rows.map(toRecord) };
      }),

    get: (environmentId, kind, id) =>
      run('The record index could not be read', () => {
        const row: unknown = getOne.get(environmentId, kind, id);
        return row === undefined ? null : toRecord(row);
      }),

    refundsOf: (environmentId, depositId) =>
      run("The deposit's refunds could not be read", () =>
        refunds.all(environmentId, depositId).map(toRecord),
      ),

    forgetEnvironment: (environmentId) =>
      run('The record index could not be cleared', () => {
        db.transaction(() => forget.run(environmentId)).immediate();
      }),

    close: () => {
      if (closed) return Promise.resolve();
      closed = true;
      try {
        db.close();
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(
          new RecordIndexError(indexError('The record index could not be closed', error)),
        );
      }
    },
  };
}
