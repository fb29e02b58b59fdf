import type {
  DepositCreateBody,
  DepositCreated,
  DepositStatus,
  Fetched,
  Result,
} from '../../../shared/contract';
import type { CallOptions, ClientContext, Created, CreateOptions } from './calls';
import { fetchRecord, intentKey, pathWithId, signedAuth } from './calls';
import { checkId, checkInput, depositCreateBodySchema } from './inputs';
import { ANSWERS } from './schemas';

/**
 * Spec endpoint 4, signed (D1). Retried only when the answer was lost, under the same key (D6);
 * a lost final answer is `outcome_unknown`: read the deposit before creating it again.
 */
export async function createDeposit(
  context: ClientContext,
  body: DepositCreateBody,
  options: CreateOptions = {},
): Promise<Result<Created<DepositCreated>>> {
  const checked = checkInput(depositCreateBodySchema, body);
  if (!checked.ok) return checked;
  const key = intentKey(options);
  if (!key.ok) return key;
  const auth = await signedAuth(context);
  if (!auth.ok) return { ok: false, error: { ...auth.error, idempotencyKey: key.data } };
  const created = await fetchRecord(context, ANSWERS.depositCreated, {
    endpoint: 'deposit-create',
    method: 'POST',
    path: '/v3/deposits',
    body: JSON.stringify(checked.data),
    auth: auth.data,
    retry: 'create',
    idempotency: { key: key.data },
    ...(options.signal && { signal: options.signal }),
  });
  return created.ok ? { ok: true, data: { ...created.data, idempotencyKey: key.data } } : created;
}

/** Spec endpoint 5: signed GET with an empty body (D1). */
export async function getDeposit(
  context: ClientContext,
  depositId: number,
  options: CallOptions = {},
): Promise<Result<Fetched<DepositStatus>>> {
  const checked = checkId(depositId, 'depositId');
  if (!checked.ok) return checked;
  const auth = await signedAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, ANSWERS.depositStatus, {
    endpoint: 'deposit-status',
    method: 'GET',
    path: pathWithId('/v3/deposits', checked.data),
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
