import type { z } from 'zod';
import type { Fetched, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext, Created, CreateOptions } from './calls';
import { fetchRecord, intentKey, pathWithId, signedAuth } from './calls';
import type { Endpoint } from './errors';
import { checkId, checkInput } from './inputs';
import type { AnswerSpec } from './schemas';

/**
 * The two signed calls (D1) that deposits, refunds and sub-merchants share: create with a POST of
 * a checked body, read with a GET of `<path>/<id>`. Each resource describes its calls once, as a
 * constant, and these functions do the rest the same way for all of them.
 */

export interface SignedCreation<Body, T> {
  endpoint: Endpoint;
  /** e.g. `/v3/deposits`. */
  path: string;
  /** The caller's body is sent only once it passed this schema, and as this schema outputs it. */
  body: z.ZodType<Body>;
  answer: AnswerSpec<T>;
}

export interface SignedRead<T> {
  endpoint: Endpoint;
  /** The prefix of `<path>/<id>`, e.g. `/v3/deposits`. */
  path: string;
  /** Names the id in a validation error (`depositId`). */
  idField: string;
  answer: AnswerSpec<T>;
}

/**
 * A signed creation. Retried only when the answer was lost, under the same key (D6); a lost final
 * answer is `outcome_unknown` (D16). Every failure after the key is made carries it, so the
 * caller can read the resource before creating it again.
 */
export async function createSignedRecord<Body, T>(
  context: ClientContext,
  call: SignedCreation<Body, T>,
  body: Body,
  options: CreateOptions = {},
): Promise<Result<Created<T>>> {
  const checked = checkInput(call.body, body);
  if (!checked.ok) return checked;
  const key = intentKey(options);
  if (!key.ok) return key;
  const auth = await signedAuth(context);
  if (!auth.ok) return { ok: false, error: { ...auth.error, idempotencyKey: key.data } };
  const created = await fetchRecord(context, call.answer, {
    endpoint: call.endpoint,
    method: 'POST',
    path: call.path,
    body: JSON.stringify(checked.data),
    auth: auth.data,
    retry: 'create',
    idempotency: { key: key.data },
    ...(options.signal && { signal: options.signal }),
  });
  return created.ok ? { ok: true, data: { ...created.data, idempotencyKey: key.data } } : created;
}

/** A signed GET with an empty body (D1), retried as a read. */
export async function getSignedRecord<T>(
  context: ClientContext,
  call: SignedRead<T>,
  id: number,
  options: CallOptions = {},
): Promise<Result<Fetched<T>>> {
  const checked = checkId(id, call.idField);
  if (!checked.ok) return checked;
  const auth = await signedAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, call.answer, {
    endpoint: call.endpoint,
    method: 'GET',
    path: pathWithId(call.path, checked.data),
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
