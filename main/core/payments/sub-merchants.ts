import type { Fetched, Result, SubMerchant } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { fetchRecord, pathWithId, signedAuth } from './calls';
import { checkId } from './inputs';
import { ANSWERS } from './schemas';

/** Spec endpoint 9: signed GET (D1), and the path has no /v3 prefix (D10). */
export async function getSubMerchant(
  context: ClientContext,
  subMerchantId: number,
  options: CallOptions = {},
): Promise<Result<Fetched<SubMerchant>>> {
  const checked = checkId(subMerchantId, 'subMerchantId');
  if (!checked.ok) return checked;
  const auth = await signedAuth(context);
  if (!auth.ok) return auth;
  return fetchRecord(context, ANSWERS.subMerchant, {
    endpoint: 'sub-merchant',
    method: 'GET',
    path: pathWithId('/sub_merchants', checked.data),
    auth: auth.data,
    retry: 'read',
    ...(options.signal && { signal: options.signal }),
  });
}
