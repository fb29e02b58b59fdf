import type {
  Fetched,
  RefundCreateBody,
  RefundCreated,
  RefundStatus,
  Result,
} from '../../../shared/contract';
import type { CallOptions, ClientContext, Created, CreateOptions } from './calls';
import { refundCreateBodySchema } from './inputs';
import { ANSWERS } from './schemas';
import type { SignedCreation, SignedRead } from './signed-records';
import { createSignedRecord, getSignedRecord } from './signed-records';

const REFUND_CREATE: SignedCreation<RefundCreateBody, RefundCreated> = {
  endpoint: 'refund-create',
  path: '/v3/refunds',
  body: refundCreateBodySchema,
  answer: ANSWERS.refundCreated,
};

const REFUND_STATUS: SignedRead<RefundStatus> = {
  endpoint: 'refund-status',
  path: '/v3/refunds',
  idField: 'refundId',
  answer: ANSWERS.refundStatus,
};

/** D8: POST /v3/refunds, signed as D1; retried like a deposit creation (D6). */
export function createRefund(
  context: ClientContext,
  body: RefundCreateBody,
  options?: CreateOptions,
): Promise<Result<Created<RefundCreated>>> {
  return createSignedRecord(context, REFUND_CREATE, body, options);
}

/** Spec endpoint 6: signed GET with an empty body (D1). */
export function getRefund(
  context: ClientContext,
  refundId: number,
  options?: CallOptions,
): Promise<Result<Fetched<RefundStatus>>> {
  return getSignedRecord(context, REFUND_STATUS, refundId, options);
}
