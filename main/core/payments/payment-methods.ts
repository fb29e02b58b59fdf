import type { Fetched, PaymentMethod, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, readOnlyAuth } from './calls';
import { checkInput, countrySchema } from './inputs';
import { answerOf, listAnswer, optionalNumber, text } from './schemas';

export const PAYMENT_METHODS_ANSWER = answerOf<PaymentMethod[]>()(
  listAnswer('payment methods', {
    country: text,
    code: text,
    name: text,
    type: text,
    status: text,
    logo: text,
    daily_average: optionalNumber,
    monthly_average: optionalNumber,
  }),
);

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
  return fetchRecord(context, PAYMENT_METHODS_ANSWER, {
    endpoint: 'payment-methods',
    method: 'GET',
    path: '/v3/payment_methods',
    query: { country: checked.data },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
