import type {
  Fetched,
  RefundCreateBody,
  RefundCreated,
  RefundStatus,
  Result,
} from '../../../shared/contract';
import type { CallOptions, ClientContext, Created, CreateOptions } from './calls';
import { fetchRecord, intentKey, pathWithId, signedAuth } from './calls';
import { checkId, checkInput, refundCreateBodySchema } from './inputs';
import { ANSWERS } from './schemas';

/** D8: POST /v3/refunds, signed as D1; retried like a deposit creation (D6). */
export async function createRefund(
  context: ClientContext,
  body: RefundCreateBody,
  options: CreateOptions = {},
): Promise<Result<Created<RefundCreated>>> {
  const checked = checkInput(refundCreateBodySchema, body);
  if (!checked.ok) return checked;
  const key = intentKey(options);
  if (!key.ok) return key;
  const auth = await signedAuth(context);
  if (!auth.ok) return { ok: false, error: { ...auth.error, idempotencyKey: key.data } };
  const created = await fetchRecord(context, ANSWERS.refundCreated, {
    endpoint: 'refund-create',
    method: 'POST',
    path: '/v3/refunds',
    body: JSON.stringify(checked.data),
    auth: auth.data,
    retry: 'create',
    idempotency: { key: key.data },
    ...(options.signal && { signal: options.signal }),
  });
  return created.ok ? { ok: true, data: { ...created.data, idempotencyKey: key.data } } : created;
}

/** Spec endpoint 6: signed GET with an empty body (D1). */
export async function getRefund(
  context: ClientContext,
  refundId: number,
  options: CallOptions = {},
): Promise<Result<Fetched<RefundStatus>>> {
  const checked = checkId(refundId, 'refundId');
  if (!checked.ok) return checked;
  const auth = await signedAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, ANSWERS.refundStatus, {
    endpoint: 'refund-status',
    method: 'GET',
    path: pathWithId('/v3/refunds', checked.data),
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
