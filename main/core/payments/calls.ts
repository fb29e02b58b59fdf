import { randomUUID } from 'node:crypto';
import type { Fetched, Result } from '../../../shared/contract';
import type { CredentialsOf, CredentialsReader } from './credentials';
import { checkInput, idempotencyKeySchema } from './inputs';
import type { AnswerSpec } from './schemas';
import { parseAnswer } from './schemas';
import type { Auth, ServiceRequest, Transport } from './transport';

/** What every resource function needs: one per client. */
export interface ClientContext {
  transport: Transport;
  credentials: CredentialsReader;
}

export interface CallOptions {
  /** Cancels the call (kind `cancelled`), the backoff between retries included. */
  signal?: AbortSignal;
}

/**
 * A signed read of one endpoint (payments/<endpoint>.ts): the client runs any of them with
 * `client.read(listStates, 'BR')`, so a new lookup needs no method on the client.
 */
export type SignedRead<Input, Answer> = (
  context: ClientContext,
  input: Input,
  options?: CallOptions,
) => Promise<Result<Fetched<Answer>>>;

export interface CreateOptions extends CallOptions {
  /**
   * D6: the key of this user intent (a v4 UUID). Pass the one the audit journal recorded before
   * the call, and the same one again to repeat the intent; the client makes one otherwise.
   */
  idempotencyKey?: string;
}

/** A created resource, with the idempotency key its creation was sent under (D6). */
export type Created<T> = Fetched<T> & { idempotencyKey: string };

/**
 * The Auth of a call, without an await when the credentials are a plain object (the reader
 * then answers at once): `await` takes both.
 */
export function signedAuth(context: ClientContext): Result<Auth> | Promise<Result<Auth>> {
  const found = context.credentials.read('signed');
  return found instanceof Promise ? found.then(asSignedAuth) : asSignedAuth(found);
}

export function readOnlyAuth(context: ClientContext): Result<Auth> | Promise<Result<Auth>> {
  const found = context.credentials.read('readOnly');
  return found instanceof Promise ? found.then(asBearerAuth) : asBearerAuth(found);
}

const asSignedAuth = (found: Result<CredentialsOf<'signed'>>): Result<Auth> =>
  found.ok ? { ok: true, data: { scheme: 'signed', ...found.data } } : found;

const asBearerAuth = (found: Result<CredentialsOf<'readOnly'>>): Result<Auth> =>
  found.ok ? { ok: true, data: { scheme: 'bearer', ...found.data } } : found;

/** The caller's key (checked) or a new one: made once per intent, before the first attempt. */
export function intentKey(options: CreateOptions): Result<string> {
  if (options.idempotencyKey === undefined) return { ok: true, data: randomUUID() };
  return checkInput(idempotencyKeySchema, options.idempotencyKey, 'idempotencyKey');
}

/** Sends and reads a 2xx with its schema. */
export function fetchRecord<T>(
  context: ClientContext,
  spec: AnswerSpec<T>,
  request: ServiceRequest,
): Promise<Result<Fetched<T>>> {
  return context.transport.send(request, (answer) => readRecord(spec, request, answer.bodyText));
}

/** A parse failure keeps the call's idempotency key. */
function readRecord<T>(spec: AnswerSpec<T>, request: ServiceRequest, bodyText: string): Result<Fetched<T>> {
  const parsed = parseAnswer(spec, bodyText);
  if (parsed.ok || typeof request.idempotency !== 'object') return parsed;
  return { ok: false, error: { ...parsed.error, idempotencyKey: request.idempotency.key } };
}

/**
 * `/v3/deposits/12`. Every id that comes here passed checkId, and a positive safe integer prints
 * as plain digits, which a path carries as they are (encodeURIComponent, a runtime call on every
 * status read, would change nothing).
 */
export const pathWithId = (prefix: string, id: number): string => `${prefix}/${id}`;
