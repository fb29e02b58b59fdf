import type { Bank, Fetched, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, readOnlyAuth } from './calls';
import { checkInput, countrySchema } from './inputs';
import { answerOf, integerLike, listAnswer, text } from './schemas';

export const BANKS_ANSWER = answerOf<Bank[]>()(listAnswer('banks', { code: integerLike, name: text }));

/** Spec endpoint 3: banks of a country (read-only key, D4). */
export async function listBanks(
  context: ClientContext,
  country: string,
  options: CallOptions = {},
): Promise<Result<Fetched<Bank[]>>> {
  const checked = checkInput(countrySchema, country, 'country');
  if (!checked.ok) return checked;
  const auth = await readOnlyAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, BANKS_ANSWER, {
    endpoint: 'banks',
    method: 'GET',
    path: '/v3/banks',
    query: { country: checked.data },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
