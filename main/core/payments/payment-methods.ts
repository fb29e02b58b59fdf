import type { Fetched, PaymentMethod, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, readOnlyAuth } from './calls';
import { checkInput, countrySchema } from './inputs';
import { ANSWERS } from './schemas';

/** Spec endpoint 1: the methods enabled for the account in a country (read-only key, D4). */
export async function listPaymentMethods(
  context: ClientContext,
  country: string,
  options: CallOptions = {},
): Promise<Result<Fetched<PaymentMethod[]>>> {
  const checked = checkInput(countrySchema, country, 'country');
  if (!checked.ok) return checked;
  const auth = await readOnlyAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, ANSWERS.paymentMethods, {
    endpoint: 'payment-methods',
    method: 'GET',
    path: '/v3/payment_methods',
    query: { country: checked.data },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
