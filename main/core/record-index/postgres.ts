import { z } from 'zod';
import type { ConsoleError } from '../../../shared/contract';
import type { ServiceAccount } from '../payments/account';
import type { TeamClient } from '../team/client';
import { teamError } from '../team/errors';
import {
  INDEXED_KINDS,
  RecordIndexError,
  type IndexedKind,
  type IndexedRecord,
  type RecentPage,
  type RecordIndex,
} from './port';
import { rankSearchHits, type PrefixHit } from './search-order';
import { checkObservations } from './sqlite-observations';
import { recordRowSchema } from './sqlite-rows';
import { checkQuery, recentQuerySchema, searchQuerySchema } from './sqlite-sql';

/**
 * The record index shared by a team (docs/architecture.md, "Team mode: shared records"): the
 * `paydesk.records` table of the team's database, written only through `observe_records` and read
 * through `records_view`, over the desk's session as its person. One of these serves ONE joined
 * environment: the port's queries name the environment, the table is keyed by the merchant's
 * account at the service (D19), so a desk finds what any desk of the same account saw, and the
 * records it answers name the environment that asked.
 */

interface TeamRecordScope {
  environmentId: string;
  /** The environment's account now: deposits, refunds and sub-merchants by the API key, cashouts by the login. */
  accounts: ServiceAccount;
}

const accountOf = (accounts: ServiceAccount, kind: IndexedKind): string | null =>
  kind === 'cashout' ? accounts.cashouts : accounts.payments;

/** What the view answers: timestamptz as Date, double precision as number, the rest text. */
const teamRowSchema = z.looseObject({
  account: z.string().min(1),
  first_seen: z.date(),
  last_seen: z.date(),
  instructions_expires_at: z.date().nullable(),
});

const unreadable = (field: string): RecordIndexError =>
  new RecordIndexError({
    kind: 'bad_response',
    message: `The team's record index answered a record this Paydesk cannot read${field}.`,
  });

function toTeamRecord(row: unknown, environmentId: string): IndexedRecord {
  const team = teamRowSchema.safeParse(row);
  if (!team.success) throw unreadable(` (${team.error.issues[0]?.path.join('.') ?? 'row'})`);
  const record = recordRowSchema.safeParse({
    ...team.data,
    environment_id: environmentId,
    first_seen: team.data.first_seen.toISOString(),
    last_seen: team.data.last_seen.toISOString(),
    instructions_expires_at: team.data.instructions_expires_at?.toISOString() ?? null,
  });
  if (!record.success) throw unreadable(` (${record.error.issues[0]?.path.join('.') ?? 'row'})`);
  return record.data;
}

/**
 * Search as the embedded index does it (sqlite-sql.ts searchStatements), in the database's
 * `search_records` (run as the owner, docs/performance.md "Team mode: search"): per column, exact
 * matches newest first and prefixes in byte order, a prefix being the byte-wise range
 * [text, text + U+10FFFF) the text_pattern_ops indexes serve in order; no LIKE, so a `%` or `_`
 * matches only itself.
 */
const SEARCH_SQL = 'SELECT * FROM paydesk.search_records($1, $2::text[], $3, $4)';

const hitSchema = z.looseObject({ exact: z.boolean(), part: z.number().int(), matched: z.string() });

/** Byte order of ASCII and the order JS compares strings in: what search-order.ts sorts by. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const ORDER_BY: Record<z.infer<typeof recentQuerySchema>['sort'], string> = {
  newest: 'last_seen DESC, id COLLATE "C" DESC',
  oldest: 'last_seen ASC, id COLLATE "C" ASC',
  amount_desc: 'amount DESC NULLS LAST, last_seen DESC, id COLLATE "C" DESC',
  amount_asc: 'amount ASC NULLS LAST, last_seen DESC, id COLLATE "C" DESC',
};

export function createTeamRecordIndex(client: TeamClient, scope: TeamRecordScope): RecordIndex {
  /** Runs one operation, turning whatever the database or the checks throw into a RecordIndexError. */
  const run = async <T>(what: string, operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof RecordIndexError) throw error;
      const failed: ConsoleError = teamError(error);
      throw new RecordIndexError({ ...failed, message: `${what}: ${failed.message}` });
    }
  };
  const own = (environmentId: string): void => {
    if (environmentId !== scope.environmentId) {
      throw new RecordIndexError({
        kind: 'internal',
        message: `The team's record index of ${scope.environmentId} was asked about ${environmentId}.`,
      });
    }
  };
  const rows = async (text: string, values: unknown[]): Promise<IndexedRecord[]> => {
    const { rows: found } = await client.query(text, values);
    return found.map((row) => toTeamRecord(row, scope.environmentId));
  };

  return {
    observe: (observations) =>
      run('The team record index could not be updated', async () => {
        const observed = checkObservations(observations).flatMap((observation) => {
          own(observation.environmentId);
          // Seen in an account, kept under it; a cashout of an environment without a cashout login has none.
          const account = observation.account ?? accountOf(scope.accounts, observation.kind);
          if (account === null) return [];
          return [
            {
              account,
              kind: observation.kind,
              id: observation.id,
              invoice_id: observation.invoiceId ?? null,
              external_id: observation.externalId ?? null,
              deposit_id: observation.depositId ?? null,
              status: observation.status ?? null,
              amount: observation.amount ?? null,
              currency: observation.currency ?? null,
              country: observation.country ?? null,
              payment_method: observation.paymentMethod ?? null,
              first_seen: observation.seenAt,
              last_seen: observation.seenAt,
              source: observation.source,
              intent_key: observation.intentKey ?? null,
              instructions_json: observation.instructions?.json ?? null,
              instructions_expires_at: observation.instructions?.expiresAt ?? null,
            },
          ];
        });
        if (observed.length === 0) return;
        // One function call: every sighting of the call or none (the function is one transaction).
        await client.query('SELECT paydesk.observe_records($1::jsonb)', [JSON.stringify(observed)]);
      }),

    search: (query) =>
      run('The team record index could not be searched', async () => {
        const checked = checkQuery(searchQuerySchema, query, 'search');
        own(checked.environmentId);
        const kinds = checked.kinds ?? INDEXED_KINDS;
        // The account is per kind (cashouts have their own), so one statement per account.
        const groups = new Map<string, IndexedKind[]>();
        for (const kind of new Set(kinds)) {
          const account = accountOf(scope.accounts, kind);
          if (account !== null) groups.set(account, [...(groups.get(account) ?? []), kind]);
        }
        const hits: Array<{ exact: boolean; part: number; matched: string; record: IndexedRecord }> = [];
        for (const [account, groupKinds] of groups) {
          const { rows: found } = await client.query(SEARCH_SQL, [
            account,
            groupKinds,
            checked.text,
            checked.limit,
          ]);
          for (const row of found) {
            const hit = hitSchema.safeParse(row);
            if (!hit.success) throw unreadable('');
            hits.push({ ...hit.data, record: toTeamRecord(row, scope.environmentId) });
          }
        }
        // Each statement's own order, column by column, as search-order.ts expects.
        hits.sort(
          (a, b) =>
            a.part - b.part || byText(a.record.kind, b.record.kind) || byText(a.record.id, b.record.id),
        );
        const exact = hits.filter((hit) => hit.exact).map((hit) => hit.record);
        const prefixed: PrefixHit[] = hits.filter((hit) => !hit.exact);
        return rankSearchHits(exact, prefixed, checked.limit);
      }),

    recent: (query) =>
      run('The team record index could not list the recent records', async (): Promise<RecentPage> => {
        const checked = checkQuery(recentQuerySchema, query, 'list');
        own(checked.environmentId);
        const account = accountOf(scope.accounts, checked.kind);
        if (account === null) return { total: 0, records: [] };
        const values: unknown[] = [account, checked.kind];
        const where = ['account = $1', 'kind = $2'];
        const filter = (condition: (parameter: string) => string, value: unknown): void => {
          values.push(value);
          where.push(condition(`$${values.length}`));
        };
        if (checked.status !== undefined) filter((p) => `status = ${p}`, checked.status);
        if (checked.from !== undefined) filter((p) => `last_seen >= ${p}::timestamptz`, checked.from);
        if (checked.to !== undefined) filter((p) => `last_seen < ${p}::timestamptz`, checked.to);
        if (checked.minAmount !== undefined) filter((p) => `amount >= ${p}`, checked.minAmount);
        if (checked.maxAmount !== undefined) filter((p) => `amount <= ${p}`, checked.maxAmount);
        if (checked.currency !== undefined) filter((p) => `currency = ${p}`, checked.currency);
        const conditions = where.join(' AND ');
        const counted = await client.query(
          `SELECT count(*)::integer AS total FROM paydesk.records_view WHERE ${conditions}`,
          values,
        );
        const total = z.object({ total: z.number().int() }).safeParse(counted.rows[0]);
        if (!total.success) throw unreadable('');
        const records = await rows(
          `SELECT * FROM paydesk.records_view WHERE ${conditions} ORDER BY ${ORDER_BY[checked.sort]}
           LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
          [...values, checked.limit, checked.offset],
        );
        return { total: total.data.total, records };
      }),

    get: (environmentId, kind, id) =>
      run('The team record index could not be read', async () => {
        own(environmentId);
        const account = accountOf(scope.accounts, kind);
        if (account === null) return null;
        const found = await rows(
          'SELECT * FROM paydesk.records_view WHERE account = $1 AND kind = $2 AND id = $3',
          [account, kind, id],
        );
        return found[0] ?? null;
      }),

    refundsOf: (environmentId, depositId) =>
      run("The team record index could not read the deposit's refunds", async () => {
        own(environmentId);
        return rows(
          `SELECT * FROM paydesk.records_view WHERE account = $1 AND kind = 'refund' AND deposit_id = $2
           ORDER BY last_seen DESC, id COLLATE "C" DESC`,
          [scope.accounts.payments, depositId],
        );
      }),

    // Forgetting an environment is a desk's own act (a rebuild, a removed profile): the team's
    // records are every desk's, so none is deleted here; a rebuild merges what it reads again.
    forgetEnvironment: (environmentId) =>
      run('The team record index could not be cleared', () => {
        own(environmentId);
        return Promise.resolve();
      }),

    // The session is the desk's (team/desk-sessions.ts), shared with the money moves: not closed here.
    close: () => Promise.resolve(),
  };
}
