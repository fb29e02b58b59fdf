import { z } from 'zod';
import type { Result } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';

/**
 * The rows a statement answers, each checked by `schema` (zod where data enters, the database
 * included): a refusal is said in the console's error kinds (errors.ts), an unexpected row as
 * `bad_response` naming `what` was expected.
 */
export async function checkedRows<Schema extends z.ZodType>(
  client: TeamClient,
  query: { text: string; values?: unknown[] },
  schema: Schema,
  what: string,
): Promise<Result<Array<z.infer<Schema>>>> {
  let rows: unknown[];
  try {
    ({ rows } = await client.query(query.text, query.values ?? []));
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
  const parsed = z.array(schema).safeParse(rows);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : {
        ok: false,
        error: {
          kind: 'bad_response',
          message: `The team database answered an unexpected ${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
        },
      };
}

/** The one row a function answers: none is as unexpected as a malformed one (`bad_response`). */
export async function checkedRow<Schema extends z.ZodType>(
  client: TeamClient,
  query: { text: string; values?: unknown[] },
  schema: Schema,
  what: string,
): Promise<Result<z.infer<Schema>>> {
  const rows = await checkedRows(client, query, schema, what);
  if (!rows.ok) return rows;
  const [row] = rows.data;
  return row === undefined
    ? { ok: false, error: { kind: 'bad_response', message: `The team database answered no ${what}.` } }
    : { ok: true, data: row };
}

/** Runs a statement whose answer carries nothing (a function that changes and journals); its refusal typed. */
export async function runStatement(
  client: TeamClient,
  text: string,
  values: unknown[],
): Promise<Result<void>> {
  try {
    await client.query(text, values);
    return { ok: true, data: undefined };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}
