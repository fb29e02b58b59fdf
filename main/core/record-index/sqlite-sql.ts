import type { Database as Connection } from 'better-sqlite3';
import { z } from 'zod';
import { INDEXED_KINDS, RECENT_SORTS, RecordIndexError } from './port';
import { seenTime, text } from './sqlite-observations';

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

export const UPSERT = `
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
export const RESOLVED_CURRENCY = `CASE WHEN records.kind = 'refund' THEN COALESCE(
    (SELECT deposit.currency FROM records AS deposit WHERE deposit.environment_id = records.environment_id
      AND deposit.kind = 'deposit' AND deposit.id = records.deposit_id),
    records.currency)
  ELSE records.currency END`;

/** Every column of a record as the row schema reads it, the currency resolved. */
export const RECORD_COLUMNS = `records.environment_id, records.kind, records.id, records.invoice_id,
  records.external_id, records.deposit_id, records.status, records.amount,
  ${RESOLVED_CURRENCY} AS currency, records.country, records.payment_method, records.first_seen,
  records.last_seen, records.source, records.intent_key, records.instructions_json,
  records.instructions_expires_at, records.account`;

/** The columns search looks in, each with an index on (environment_id, column). */
export const SEARCH_COLUMNS = ['id', 'invoice_id', 'external_id'] as const;

/**
 * Prefixes as a range over the column's index (`>= text AND < text || x'ff'`): no LIKE, so a `%`
 * or `_` the user typed matches only itself, and case stays as typed. 0xFF never occurs in UTF-8,
 * so every text starting with the prefix sorts below the bound.
 */
export const searchStatements = (db: Connection, kinds: string) =>
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

export const ORDER_BY: Record<(typeof RECENT_SORTS)[number], string> = {
  newest: 'last_seen DESC, id DESC',
  oldest: 'last_seen ASC, id ASC',
  amount_desc: 'amount DESC NULLS LAST, last_seen DESC, id DESC',
  amount_asc: 'amount ASC NULLS LAST, last_seen DESC, id DESC',
};

export const recentQuerySchema = z.object({
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

export const searchQuerySchema = z.object({
  environmentId: text,
  text: z.string().trim().min(1).max(500),
  kinds: z.array(z.enum(INDEXED_KINDS)).readonly().optional(),
  limit: z.number().int().min(1).max(1_000),
});

export function checkQuery<T>(schema: z.ZodType<T>, query: unknown, what: string): T {
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
