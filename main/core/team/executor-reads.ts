import { z } from 'zod';
import { ERROR_KINDS, type Result } from '../../../shared/contract';
import type { TeamClient } from './client';
import { checkedRow, checkedRows, runStatement } from './rows';

/**
 * Signed reads answered by the team's executor (migrations/0003-executor-reads.ts; docs/architecture.md,
 * "Team mode: approvals"): a desk with no service credentials asks, the executor of the account
 * answers with the service's answer as it came, and the asker takes it once. The database decides
 * who may do each; these functions call it and check what it answers.
 */

export const READ_KINDS = ['deposit', 'refund', 'sub-merchant', 'cashout'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

/** What a read names: a record's id; a cashout's id, external id or both (D7). */
export interface ReadId {
  recordId: number | null;
  externalId: string | null;
}

const idText = z.string().regex(/^\d+$/);

/**
 * The accounts of the service at `origin` as the team's executor names them (the one last heard
 * from, in an environment it alone signs; its cashout account when it holds that login), or null:
 * what a desk with no credentials of its own acts under.
 */
export async function executorAccount(
  client: TeamClient,
  origin: string,
): Promise<Result<{ payments: string; cashouts: string | null } | null>> {
  const named = await checkedRow(
    client,
    {
      text: 'SELECT paydesk.executor_account($1) AS payments, paydesk.executor_cashouts_account($1) AS cashouts',
      values: [origin],
    },
    z.object({ payments: z.string().min(1).nullable(), cashouts: z.string().min(1).nullable() }),
    'executor account',
  );
  if (!named.ok) return named;
  const { payments, cashouts } = named.data;
  return { ok: true, data: payments === null ? null : { payments, cashouts } };
}

/**
 * Asks the executor of the service at `origin` for a record; answers the request's id, or null when
 * no environment of the team naming `origin` is signed by the executor (`ask_read` refuses that
 * with PD004, its only `not_found`): then the desk has no executor to ask and reads directly.
 */
export async function askRead(
  client: TeamClient,
  input: { origin: string; kind: ReadKind; id: ReadId },
): Promise<Result<string | null>> {
  const asked = await checkedRow(
    client,
    {
      text: 'SELECT paydesk.ask_read($1, $2, $3, $4)::text AS id',
      values: [input.origin, input.kind, input.id.recordId, input.id.externalId],
    },
    z.object({ id: idText }),
    'read request',
  );
  if (!asked.ok) return asked.error.kind === 'not_found' ? { ok: true, data: null } : asked;
  return { ok: true, data: asked.data.id };
}

const answerRowSchema = z.union([
  z.object({
    answer: z.record(z.string(), z.unknown()),
    error_kind: z.null(),
    error_message: z.null(),
    answered_by: z.string(),
  }),
  z.object({
    answer: z.null(),
    error_kind: z.enum(ERROR_KINDS),
    error_message: z.string(),
    answered_by: z.string(),
  }),
]);

/** What the executor answered: the service's JSON answer, or why its read failed. */
type ReadAnswer =
  | { answered: true; by: string; answer: Record<string, unknown> }
  | { answered: true; by: string; error: { kind: (typeof ERROR_KINDS)[number]; message: string } };

/**
 * Takes the answer to one's own request, waiting up to `waitMs` (the database caps it at a
 * second): null while none came. Taking it deletes it, so it is taken once.
 */
export async function takeReadAnswer(
  client: TeamClient,
  requestId: string,
  waitMs: number,
): Promise<Result<ReadAnswer | null>> {
  const rows = await checkedRows(
    client,
    {
      text: 'SELECT answer, error_kind, error_message, answered_by FROM paydesk.take_read_answer($1, $2)',
      values: [requestId, Math.round(waitMs)],
    },
    answerRowSchema,
    'read answer',
  );
  if (!rows.ok) return rows;
  const [row] = rows.data;
  if (row === undefined) return { ok: true, data: null };
  return {
    ok: true,
    data:
      row.answer === null
        ? { answered: true, by: row.answered_by, error: { kind: row.error_kind, message: row.error_message } }
        : { answered: true, by: row.answered_by, answer: row.answer },
  };
}

const claimedRowSchema = z
  .object({
    id: idText,
    kind: z.enum(READ_KINDS),
    record_id: z.coerce.number().int().positive().nullable(),
    external_id: z.string().min(1).nullable(),
  })
  .refine((row) => row.record_id !== null || row.external_id !== null, {
    message: 'a read names neither an id nor an external id',
  })
  .transform(({ id, kind, record_id, external_id }) => ({
    id,
    kind,
    named: { recordId: record_id, externalId: external_id } satisfies ReadId,
  }));
type ClaimedRead = z.output<typeof claimedRowSchema>;

/**
 * Takes up to `limit` reads waiting for the executor of `account` to answer them (only an executor
 * heard for it takes any); another executor does not take them while they are fresh.
 */
export function claimReads(
  client: TeamClient,
  account: string,
  limit: number,
): Promise<Result<ClaimedRead[]>> {
  return checkedRows(
    client,
    {
      text: 'SELECT id::text AS id, kind, record_id::text AS record_id, external_id FROM paydesk.claim_reads($1, $2)',
      values: [account, limit],
    },
    claimedRowSchema,
    'read to answer',
  );
}

/** The executor's answer: the service's JSON answer, or the kind and message of its refusal. */
export function answerRead(
  client: TeamClient,
  requestId: string,
  answer: { answer: unknown } | { error: { kind: string; message: string } },
): Promise<Result<void>> {
  const values =
    'answer' in answer
      ? [requestId, JSON.stringify(answer.answer), null, null]
      : [requestId, null, answer.error.kind, answer.error.message.slice(0, 1000)];
  return runStatement(client, 'SELECT paydesk.answer_read($1, $2::jsonb, $3, $4)', values);
}
