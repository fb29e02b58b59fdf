import type { ConsoleError, ErrorKind, MessageKey } from '../../../shared/contract';

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

interface ServiceErrorRow {
  codeSpace: CodeSpace;
  httpStatus: number;
  /** Absent for the rows whose body is empty. */
  code?: number;
  /** Only the empty-body rows are tied to one endpoint. */
  endpoint?: Endpoint;
  kind: ErrorKind;
  /** What the answer means, as a sentence start: the English `message` of the CLI and the logs. */
  means: string;
  /** The same meaning as a text key (errors.json `text.service.*`), so screens say it in the user's language. */
  key: MessageKey;
}

export const SERVICE_ERROR_TABLE: readonly ServiceErrorRow[] = [
  // decisions.md, errors of the signed and read-only endpoints ({code, description, type})
  {
    codeSpace: 'service',
    httpStatus: 401,
    code: 100,
    kind: 'auth',
    means: 'The service does not accept the key (unknown or inactive)',
    key: 'service.keyRefused',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 101,
    kind: 'auth',
    means: 'A required authentication header is missing or malformed',
    key: 'service.authMissing',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 102,
    kind: 'signature',
    means: 'The service computed a different signature',
    key: 'service.signatureMismatch',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 103,
    kind: 'clock_skew',
    means: 'X-Date is more than 5 seconds from the service clock',
    key: 'service.clockSkew',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 104,
    kind: 'idempotency_conflict',
    means: 'This idempotency key was already used with a different body',
    key: 'service.requestKeyReused',
  },
  {
    codeSpace: 'service',
    httpStatus: 401,
    code: 201,
    kind: 'ip_not_allowed',
    means: 'This IP address is not in the account allow-list',
    key: 'service.ipNotAllowed',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 202,
    kind: 'validation',
    means: 'The service refused the request body',
    key: 'service.bodyRefused',
  },
  {
    codeSpace: 'service',
    httpStatus: 404,
    code: 208,
    kind: 'not_found',
    means: 'The service found no such resource',
    key: 'service.notFound',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 802,
    kind: 'validation',
    means: 'The refund amount is not acceptable',
    key: 'service.refundAmount',
  },
  // Not in decisions.md: the sandbox's documented code (main/sandbox/README.md) for a refund of
  // a deposit that is not COMPLETED (D8 says only a COMPLETED deposit can be refunded).
  {
    codeSpace: 'service',
    httpStatus: 400,
    code: 803,
    kind: 'invalid_state',
    means: 'The deposit is not COMPLETED, so it cannot be refunded',
    key: 'service.depositNotCompleted',
  },
  // spec Errors table and decisions.md: the answers with an empty body
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'deposit-status',
    kind: 'validation',
    means: 'The service says the deposit id is not valid',
    key: 'service.depositIdInvalid',
  },
  {
    codeSpace: 'service',
    httpStatus: 404,
    endpoint: 'deposit-status',
    kind: 'not_found',
    means: 'The service found no deposit with this id',
    key: 'service.depositNotFound',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'payment-methods',
    kind: 'validation',
    means: 'The service does not accept this country',
    key: 'service.countryRefused',
  },
  // D15: the states list and the fiat quote answer an unknown country as payment methods do.
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'states',
    kind: 'validation',
    means: 'The service does not accept this country',
    key: 'service.countryRefused',
  },
  {
    codeSpace: 'service',
    httpStatus: 400,
    endpoint: 'fiat-quote',
    kind: 'validation',
    means: 'The service does not accept this country',
    key: 'service.countryRefused',
  },
  // decisions.md, errors of the cashout endpoints ({code, message})
  {
    codeSpace: 'cashout',
    httpStatus: 401,
    code: 401,
    kind: 'auth',
    means: 'The service refused the cashout login or pass',
    key: 'service.cashoutLoginRefused',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 302,
    kind: 'signature',
    means: 'The service refused the Payload-Signature',
    key: 'service.cashoutSignatureMismatch',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 502,
    kind: 'validation',
    means: 'The service could not read the request body',
    key: 'service.bodyUnreadable',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 400,
    code: 300,
    kind: 'validation',
    means: 'The service refused a field of the request',
    key: 'service.fieldRefused',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 412,
    code: 509,
    kind: 'not_found',
    means: 'The service found no cashout with these identifiers',
    key: 'service.cashoutNotFound',
  },
  // decisions.md's 201 applies to every endpoint once an allow-list is configured; the cashout
  // endpoints answer it in their own {code, message} shape (main/sandbox/README.md).
  {
    codeSpace: 'cashout',
    httpStatus: 401,
    code: 201,
    kind: 'ip_not_allowed',
    means: 'This IP address is not in the account allow-list',
    key: 'service.ipNotAllowed',
  },
  {
    codeSpace: 'cashout',
    httpStatus: 412,
    code: 510,
    kind: 'invalid_state',
    means: 'The cashout is no longer pending, so it cannot be cancelled',
    key: 'service.cashoutNotPending',
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

type Meaning = Pick<ServiceErrorRow, 'kind' | 'means' | 'key'>;

function fallbackKind(httpStatus: number): Meaning {
  if (httpStatus === 429)
    return {
      kind: 'rate_limited',
      means: 'The service is limiting the request rate',
      key: 'service.rateLimited',
    };
  if (httpStatus >= 500)
    return { kind: 'server', means: 'The service failed to handle the request', key: 'service.failed' };
  if (httpStatus === 401 || httpStatus === 403)
    return { kind: 'auth', means: 'The service refused the credentials', key: 'service.credentialsRefused' };
  if (httpStatus === 404)
    return { kind: 'not_found', means: 'The service found no such resource', key: 'service.notFound' };
  if (httpStatus === 409 || httpStatus === 412)
    return {
      kind: 'invalid_state',
      means: 'The service says the current state forbids this',
      key: 'service.stateForbids',
    };
  if (httpStatus >= 400)
    return { kind: 'validation', means: 'The service refused the request', key: 'service.requestRefused' };
  return {
    kind: 'bad_response',
    means: 'The service gave an answer the spec does not describe',
    key: 'service.unexpectedAnswer',
  };
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
  const { kind, means, key } = row ?? fallbackKind(httpStatus);
  const where = body.code === undefined ? `HTTP ${httpStatus}` : `HTTP ${httpStatus}, code ${body.code}`;
  return {
    kind,
    message: `${means} (${where}).`,
    text: { key, params: { httpStatus, ...(body.code !== undefined && { code: body.code }) } },
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
  extra: Pick<ConsoleError, 'field' | 'idempotencyKey' | 'text'> = {},
): ConsoleError {
  return { kind, message, ...extra };
}
