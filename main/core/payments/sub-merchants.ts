import type { Fetched, Result, SubMerchant } from '../../../shared/contract';
import type { CallOptions, ClientContext } from './calls';
import { ANSWERS } from './schemas';
import type { SignedRead } from './signed-records';
import { getSignedRecord } from './signed-records';

const SUB_MERCHANT: SignedRead<SubMerchant> = {
  endpoint: 'sub-merchant',
  path: '/sub_merchants',
  idField: 'subMerchantId',
  answer: ANSWERS.subMerchant,
};

/** Spec endpoint 9: signed GET (D1), and the path has no /v3 prefix (D10). */
export function getSubMerchant(
  context: ClientContext,
  subMerchantId: number,
  options?: CallOptions,
): Promise<Result<Fetched<SubMerchant>>> {
  return getSignedRecord(context, SUB_MERCHANT, subMerchantId, options);
}
