import type { CashoutRef, CashoutStatus, Fetched, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord } from './calls';
import { cashoutCancelSchema, cashoutRefSchema, checkCashoutCredentials, checkInput } from './inputs';
import { ANSWERS } from './schemas';
import type { Auth } from './transport';

interface CashoutAccess {
  auth: Auth;
  login: string;
  pass: string;
}

/** D3: login and pass go in the body (checked against the 32-character limit), the secret signs it. */
async function cashoutAccess(context: ClientContext): Promise<Result<CashoutAccess>> {
  const found = await context.credentials.read('cashout');
  if (!found.ok) return found;
  const limits = checkCashoutCredentials(found.data);
  if (!limits.ok) return limits;
  const { cashoutLogin, cashoutPass, cashoutSecret } = found.data;
  return {
    ok: true,
    data: { auth: { scheme: 'payload', cashoutSecret }, login: cashoutLogin, pass: cashoutPass },
  };
}

/**
 * Spec endpoint 7: a read sent as POST, so retried like a read. It carries an idempotency key
 * like every POST (D6), a new one per attempt (see the transport's `per-attempt`).
 */
export async function getCashoutStatus(
  context: ClientContext,
  ref: CashoutRef,
  options: CallOptions = {},
): Promise<Result<Fetched<CashoutStatus>>> {
  const checked = checkInput(cashoutRefSchema, ref);
  if (!checked.ok) return checked;
  const access = await cashoutAccess(context);
  if (!access.ok) return access;
  const { cashoutId, externalId } = checked.data;
  const body = {
    login: access.data.login,
    pass: access.data.pass,
    ...(cashoutId !== undefined && { cashout_id: cashoutId }),
    ...(externalId !== undefined && { external_id: externalId }),
  };
  return fetchRecord(context, ANSWERS.cashoutStatus, {
    endpoint: 'cashout-status',
    method: 'POST',
    path: '/v3/cashout/status',
    body: JSON.stringify(body),
    auth: access.data.auth,
    retry: 'read',
    idempotency: 'per-attempt',
    ...(options.signal && { signal: options.signal }),
  });
}

/**
 * Spec endpoint 8: DELETE with a JSON body naming both ids. Never repeated: when the request may
 * have arrived but the answer was lost the result is `outcome_unknown`, and the caller re-reads
 * the status instead of cancelling again.
 */
export async function cancelCashout(
  context: ClientContext,
  ids: { cashoutId: number; externalId: string },
  options: CallOptions = {},
): Promise<Result<Fetched<CashoutStatus>>> {
  const checked = checkInput(cashoutCancelSchema, ids);
  if (!checked.ok) return checked;
  const access = await cashoutAccess(context);
  if (!access.ok) return access;
  const body = {
    login: access.data.login,
    pass: access.data.pass,
    cashout_id: checked.data.cashoutId,
    external_id: checked.data.externalId,
  };
  return fetchRecord(context, ANSWERS.cashoutStatus, {
    endpoint: 'cashout-cancel',
    method: 'DELETE',
    path: '/v3/cashout/cancel',
    body: JSON.stringify(body),
    auth: access.data.auth,
    retry: 'never',
    ...(options.signal && { signal: options.signal }),
  });
}
