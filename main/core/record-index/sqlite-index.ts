import type { Database as Connection, Statement } from 'better-sqlite3';
import { BATCH_LIMITS } from '../../../shared/contract';
import {
  externalCashoutKey,
  isExternalCashoutKey,
  RecordIndexError,
  type IndexedKind,
  type RecentPage,
  type RecentQuery,
  type RecordIndex,
  type SearchQuery,
} from './port';
import { rankSearchHits, type PrefixHit } from './search-order';
import { indexError } from './sqlite-errors';
import { checkObservations } from './sqlite-observations';
import { toRecord } from './sqlite-rows';
import {
  checkQuery,
  ORDER_BY,
  RECORD_COLUMNS,
  recentQuerySchema,
  RESOLVED_CURRENCY,
  searchQuerySchema,
  SEARCH_COLUMNS,
  searchStatements,
  UPSERT,
} from './sqlite-sql';

// ---------------------------------------------------------------------------------------------
// The index
// ---------------------------------------------------------------------------------------------

type ObservationRow = Record<string, unknown> & {
  environmentId: string;
  kind: IndexedKind;
  id: string;
  externalId: string | null;
};

export function createIndex(db: Connection): RecordIndex {
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
        const exact = statements.flatMap((statement) => statement.exact.all(parameters).map(toRecord));
        const prefixed: PrefixHit[] = statements.flatMap((statement, column) =>
          statement.prefix.all(parameters).map((row) => {
            const matched = (row as Record<string, unknown>)[SEARCH_COLUMNS[column] ?? 'id'];
            return { matched: typeof matched === 'string' ? matched : '', record: toRecord(row) };
          }),
        );
        return rankSearchHits(exact, prefixed, checked.limit);
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
