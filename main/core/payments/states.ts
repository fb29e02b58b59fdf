import type { CountryState, Fetched, Result } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, readOnlyAuth } from './calls';
import { checkInput, countrySchema } from './inputs';
import { answerOf, listAnswer, text } from './schemas';

/** D15. */
const STATES_ANSWER = answerOf<CountryState[]>()(listAnswer('states', { iso: text, name: text }));

/** D15: the ISO 3166-2 subdivisions of a country (read-only key, D4), for payer.address.state. */
export async function listStates(
  context: ClientContext,
  country: string,
  options: CallOptions = {},
): Promise<Result<Fetched<CountryState[]>>> {
  const checked = checkInput(countrySchema, country, 'country');
  if (!checked.ok) return checked;
  const auth = await readOnlyAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, STATES_ANSWER, {
    endpoint: 'states',
    method: 'GET',
    path: '/v3/states',
    query: { country: checked.data },
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
