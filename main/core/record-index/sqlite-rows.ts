import { z } from 'zod';
import { OBSERVATION_SOURCES, INDEXED_KINDS, RecordIndexError, type IndexedRecord } from './port';
import { REBUILD_HINT } from './sqlite-errors';

// ---------------------------------------------------------------------------------------------
// Rows, checked where they come back from the file (a hand-edited database is not a crash)
// ---------------------------------------------------------------------------------------------

const optionalText = z
  .string()
  .nullable()
  .transform((value) => value ?? undefined);
export const isoTime = z.iso.datetime({ offset: true });
/** Exactly what `seenTime` stores (Date#toISOString): the recent lists' order relies on it. */
const storedTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** A row with the records table's columns (its times as stored text), as the port's record. */
export const recordRowSchema = z
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

export function toRecord(row: unknown): IndexedRecord {
  const parsed = recordRowSchema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  throw new RecordIndexError({
    kind: 'storage',
    message: `The record index holds a record it cannot read${field}; ${REBUILD_HINT}.`,
  });
}
