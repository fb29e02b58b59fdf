import type { Answer } from './answer';

/**
 * Every error the sandbox answers, in one place. Signed and read-only endpoints use
 * `{code, description, type}` (decisions.md, errors table); the cashout endpoints use
 * `{code, message}` (decisions.md, cashout table).
 */
const SERVICE_ERRORS = {
  /** D4/D1: unknown or missing read-only key, unknown X-Login. */
  invalidCredentials: { status: 401, code: 100, type: 'INVALID_CREDENTIALS' },
  /** A required header is missing or malformed (D1, D2). */
  missingHeader: { status: 400, code: 101, type: 'MISSING_REQUIRED_HEADER' },
  /** D1: Authorization does not match. */
  invalidSignature: { status: 400, code: 102, type: 'INVALID_SIGNATURE' },
  /** D2: X-Date more than 5 s from the sandbox clock. */
  invalidDateRange: { status: 400, code: 103, type: 'INVALID_DATE_RANGE' },
  /** D6: a used key with a different body. */
  idempotencyKeyUsed: { status: 400, code: 104, type: 'IDEMPOTENCY_KEY_ALREADY_USED' },
  /** Caller IP not in the configured allow-list. */
  invalidIp: { status: 401, code: 201, type: 'INVALID_IP' },
  /** Malformed JSON or a field breaking a rule; the description names the field path. */
  invalidBody: { status: 400, code: 202, type: 'INVALID_REQUEST_BODY' },
  /** Refund or sub-merchant not found; refund creation for an unknown deposit. */
  notFound: { status: 404, code: 208, type: 'RESOURCE_NOT_FOUND' },
  /** D8: refund amount ≤ 0, more than 2 decimals, or above what is left. */
  invalidRefundAmount: { status: 400, code: 802, type: 'INVALID_AMOUNT_TO_REFUND' },
  /**
   * Settled here (neither the spec nor D8 gives a code): a refund of a deposit that is not
   * COMPLETED. A dedicated code so a client can tell a state refusal from a field error.
   */
  depositNotRefundable: { status: 400, code: 803, type: 'INVALID_DEPOSIT_STATUS' },
  /** An answer of fault injection; a real 500 has the same shape. */
  internal: { status: 500, code: 500, type: 'INTERNAL_SERVER_ERROR' },
} as const;

type ServiceErrorName = keyof typeof SERVICE_ERRORS;

export function serviceError(name: ServiceErrorName, description: string): Answer {
  const { status, code, type } = SERVICE_ERRORS[name];
  return { status, body: { code, description, type } };
}

/** `{code:100, description}` plus the type, which decisions.md gives for every 401/100. */
export const invalidCredentials = (): Answer => serviceError('invalidCredentials', 'Invalid credentials');

const CASHOUT_ERRORS = {
  badLogin: { status: 401, code: 401, message: 'Invalid credentials' },
  badSignature: { status: 400, code: 302, message: 'Invalid Payload-Signature' },
  malformedJson: { status: 400, code: 502, message: 'Malformed JSON body' },
  fieldRule: { status: 400, code: 300, message: 'Invalid field' },
  notFound: { status: 412, code: 509, message: 'Cashout not found with this ID' },
  notPending: { status: 412, code: 510, message: 'Invalid status transition' },
  invalidIp: { status: 401, code: 201, message: 'IP address not allowed' },
  internal: { status: 500, code: 500, message: 'Internal server error' },
} as const;

type CashoutErrorName = keyof typeof CASHOUT_ERRORS;

/** `{code, message}`; `detail` (e.g. the field path) is appended to the standard message. */
export function cashoutError(name: CashoutErrorName, detail?: string): Answer {
  const { status, code, message } = CASHOUT_ERRORS[name];
  return { status, body: { code, message: detail ? `${message}: ${detail}` : message } };
}
