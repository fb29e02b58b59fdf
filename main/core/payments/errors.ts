import type { ConsoleError, ErrorKind } from '../../../shared/contract';

/**
 * The one place where a service answer becomes a ConsoleError. Rows come from the spec's Errors
 * table and the two error tables of decisions.md; everything else falls back on the HTTP status.
 */

/** Every call the client makes, by name: errors, retries and messages are keyed on it. */
export type Endpoint =
  | 'payment-methods'
  | 'crypto-quote'
  | 'banks'
  | 'states'
  | 'fiat-quote'
  | 'deposit-create'
  | 'deposit-status'
  | 'refund-create'
  | 'refund-status'
  | 'cashout-status'
  | 'cashout-cancel'
  | 'sub-merchant';

/** Cashout endpoints answer `{code, message}` in their own code space (decisions, second table). */
type CodeSpace = 'service' | 'cashout';

const codeSpaceOf = (endpoint: Endpoint): CodeSpace =>
  endpoint === 'cashout-status' || endpoint === 'cashout-cancel' ? 'cashout' : 'service';

export interface ServiceErrorRow {
  codeSpace: CodeSpace;
  httpStatus: number;
  /** Absent for the rows whose body is empty. */
  code?: number;
  /** Only the empty-body rows are tied to one endpoint. */
  endpoint?: Endpoint;
  kind: ErrorKind;
  /** What the answer means, as a sentence start. */
  means: string;
}

export const SERVICE_ERROR_TABLE: readonly ServiceErrorRow[] = [
  // decisions.md, errors of the signed and read-only endpoints ({code, description, type})
  {
    codeSpace: 'service',
    httpStatus: 401,
    code: 100,
    kind: 'auth',
    means: 'The service does not accept the key (unknown or inactive)',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 101,
    kind: 'auth',
    means: 'A required authentication header is missing or malformed',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 102,
    kind: 'signature',
    means: 'The service computed a different signature',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 103,
    kind: 'clock_skew',
    means: 'X-Date is more than 5 seconds from the service clock',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 104,
    kind: 'idempotency_conflict',
    means: 'This idempotency key was already used with a different body',
  },
  {
    codeSpace: 'service',
    httpStatus: 401,
    code: 201,
    kind: 'ip_not_allowed',
    means: 'This IP address is not in the account allow-list',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 202,
    kind: 'validation',
    means: 'The service refused the request body',
  },
  {
    codeSpace: 'service',
    httpStatus: 404,
    code: 208,
    kind: 'not_found',
    means: 'The service found no such resource',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 802,
    kind: 'validation',
    means: 'The refund amount is not acceptable',
  },
  // Not in decisions.md: the sandbox's documented code (main/sandbox/README.md) for a refund of
  // a deposit that is not COMPLETED (D8 says only a COMPLETED deposit can be refunded).
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 803,
    kind: 'invalid_state',
    means: 'The deposit is not COMPLETED, so it cannot be refunded',
  },
  // spec Errors table and decisions.md: the answers with an empty body
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'deposit-status',
    kind: 'validation',
    means: 'The service says the deposit id is not valid',
  },
  {
    codeSpace: 'service',
    httpStatus: 404,
    endpoint: 'deposit-status',
    kind: 'not_found',
    means: 'The service found no deposit with this id',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'payment-methods',
    kind: 'validation',
    means: 'The service does not accept this country',
  },
  // D15: the states list and the fiat quote answer an unknown country as payment methods do.
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'states',
    kind: 'validation',
    means: 'The service does not accept this country',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'fiat-quote',
    kind: 'validation',
    means: 'The service does not accept this country',
  },
  // decisions.md, errors of the cashout endpoints ({code, message})
  {
    codeSpace: 'cashout',
    httpStatus: 401,
    code: 401,
    kind: 'auth',
    means: 'The service refused the cashout login or pass',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 302,
    kind: 'signature',
    means: 'The service refused the Payload-Signature',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 502,
    kind: 'validation',
    means: 'The service could not read the request body',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 300,
    kind: 'validation',
    means: 'The service refused a field of the request',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 412,
    code: 509,
    kind: 'not_found',
    means: 'The service found no cashout with these identifiers',
  },
  // decisions.md's 201 applies to every endpoint once an allow-list is configured; the cashout
  // endpoints answer it in their own {code, message} shape (main/sandbox/README.md).
  {
    codeSpace: 'cashout',
    httpStatus: 401,
    code: 201,
    kind: 'ip_not_allowed',
    means: 'This IP address is not in the account allow-list',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 412,
    code: 510,
    kind: 'invalid_state',
    means: 'The cashout is no longer pending, so it cannot be cancelled',
  },
];

/** Kept short: the service's text is shown to staff, it is not a place for documents. */
const MAX_SERVICE_MESSAGE = 500;

interface ErrorBody {
  code?: number;
  type?: string;
  text?: string;
  empty: boolean;
}

function readErrorBody(text: string): ErrorBody {
  if (text.trim() === '') return { empty: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { empty: false };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { empty: false };
  const body = parsed as Record<string, unknown>;
  const code =
    typeof body.code === 'number'
      ? body.code
      : typeof body.code === 'string' && /^\d+$/.test(body.code)
        ? Number(body.code)
        : undefined;
  const rawText = typeof body.description === 'string' ? body.description : body.message;
  return {
    empty: false,
    ...(code !== undefined && { code }),
    ...(typeof body.type === 'string' && { type: body.type }),
    ...(typeof rawText === 'string' && { text: rawText.slice(0, MAX_SERVICE_MESSAGE) }),
  };
}

function findRow(endpoint: Endpoint, httpStatus: number, body: ErrorBody): ServiceErrorRow | undefined {
  const codeSpace = codeSpaceOf(endpoint);
  if (body.code !== undefined) {
    const sameCode = SERVICE_ERROR_TABLE.filter(
      (row) => row.codeSpace === codeSpace && row.code === body.code,
    );
    // The code names the cause even when the status differs (the spec leaves 509's status open).
    return sameCode.find((row) => row.httpStatus === httpStatus) ?? sameCode[0];
  }
  if (body.empty) {
    return SERVICE_ERROR_TABLE.find(
      (row) => row.endpoint === endpoint && row.httpStatus === httpStatus && row.code === undefined,
    );
  }
  return undefined;
}

function fallbackKind(httpStatus: number): { kind: ErrorKind; means: string } {
  if (httpStatus === 429) return { kind: 'rate_limited', means: 'The service is limiting the request rate' };
  if (httpStatus >= 500) return { kind: 'server', means: 'The service failed to handle the request' };
  if (httpStatus === 401 || httpStatus === 403)
    return { kind: 'auth', means: 'The service refused the credentials' };
  if (httpStatus === 404) return { kind: 'not_found', means: 'The service found no such resource' };
  if (httpStatus === 409 || httpStatus === 412)
    return { kind: 'invalid_state', means: 'The service says the current state forbids this' };
  if (httpStatus >= 400) return { kind: 'validation', means: 'The service refused the request' };
  return { kind: 'bad_response', means: 'The service gave an answer the spec does not describe' };
}

/**
 * Whether a non-2xx answer is one the spec's error tables describe for this endpoint. An answer
 * that is not (a gateway's HTML page, an empty 403) says nothing about whether the service acted.
 */
export function isSpecifiedErrorAnswer(endpoint: Endpoint, httpStatus: number, bodyText: string): boolean {
  return findRow(endpoint, httpStatus, readErrorBody(bodyText)) !== undefined;
}

/** Maps a non-2xx answer. `bodyText` is read here only; it never reaches the message. */
export function serviceError(
  endpoint: Endpoint,
  httpStatus: number,
  bodyText: string,
  idempotencyKey?: string,
): ConsoleError {
  const body = readErrorBody(bodyText);
  const row = findRow(endpoint, httpStatus, body);
  const { kind, means } = row ?? fallbackKind(httpStatus);
  const where = body.code === undefined ? `HTTP ${httpStatus}` : `HTTP ${httpStatus}, code ${body.code}`;
  return {
    kind,
    message: `${means} (${where}).`,
    httpStatus,
    ...(body.code !== undefined && { code: body.code }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.text !== undefined && { serviceMessage: body.text }),
    ...(idempotencyKey !== undefined && { idempotencyKey }),
  };
}

/** A ConsoleError made on our side (no service answer behind it). */
export function localError(
  kind: ErrorKind,
  message: string,
  extra: Pick<ConsoleError, 'field' | 'idempotencyKey'> = {},
): ConsoleError {
  return { kind, message, ...extra };
}
