import type {
  DepositCreateBody,
  DepositCreated,
  DepositStatus,
  Fetched,
  Result,
} from '../../../shared/contract';
import type { CallOptions, ClientContext, Created, CreateOptions } from './calls';
import { depositCreateBodySchema } from './inputs';
import { ANSWERS } from './schemas';
import type { SignedCreation, SignedRead } from './signed-records';
import { createSignedRecord, getSignedRecord } from './signed-records';

const DEPOSIT_CREATE: SignedCreation<DepositCreateBody, DepositCreated> = {
  endpoint: 'deposit-create',
  path: '/v3/deposits',
  body: depositCreateBodySchema,
  answer: ANSWERS.depositCreated,
};

const DEPOSIT_STATUS: SignedRead<DepositStatus> = {
  endpoint: 'deposit-status',
  path: '/v3/deposits',
  idField: 'depositId',
  answer: ANSWERS.depositStatus,
};

/**
 * Spec endpoint 4, signed (D1). A lost final answer is `outcome_unknown`: read the deposit before
 * creating it again.
 */
export function createDeposit(
  context: ClientContext,
  body: DepositCreateBody,
  options?: CreateOptions,
): Promise<Result<Created<DepositCreated>>> {
  return createSignedRecord(context, DEPOSIT_CREATE, body, options);
}

/** Spec endpoint 5: signed GET with an empty body (D1). */
export function getDeposit(
  context: ClientContext,
  depositId: number,
  options?: CallOptions,
): Promise<Result<Fetched<DepositStatus>>> {
  return getSignedRecord(context, DEPOSIT_STATUS, depositId, options);
}
