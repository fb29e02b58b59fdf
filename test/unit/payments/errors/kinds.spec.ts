import { expect, test } from '@playwright/test';
import type { ConsoleError, ErrorKind, Result } from '../../../../shared/contract';
import type { PaymentsClient } from '../../../../main/core/payments';
import type { ServiceDouble } from '../http-double';
import { UUID_V4, sendEmpty, sendJson, startDouble } from '../http-double';
import { clientFor } from '../client-for';
import { listBanks } from '../../../../main/core/payments/banks';
import { getCryptoQuote } from '../../../../main/core/payments/crypto';
import { listPaymentMethods } from '../../../../main/core/payments/payment-methods';

/**
 * Every row of the spec's Errors table and of decisions.md's two error tables, answered by a
 * double, becomes the right kind with the service's code, type, status and text.
 */

type Call = (client: PaymentsClient) => Promise<Result<unknown>>;

const calls = {
  paymentMethods: (client) => client.read(listPaymentMethods, 'BR'),
  cryptoQuote: (client) => client.read(getCryptoQuote, { currency: 'USD', crypto: 'USDT' }),
  banks: (client) => client.read(listBanks, 'BR'),
  depositCreate: (client) => client.createDeposit({ amount: 10, country: 'BR' }),
  depositStatus: (client) => client.getDeposit(5),
  refundCreate: (client) => client.createRefund({ deposit_id: 5, invoice_id: 'INV-5' }),
  refundStatus: (client) => client.getRefund(5),
  cashoutStatus: (client) => client.getCashoutStatus({ cashoutId: 5 }),
  cashoutCancel: (client) => client.cancelCashout({ cashoutId: 5, externalId: 'x-5' }),
  subMerchant: (client) => client.getSubMerchant(5),
} satisfies Record<string, Call>;

interface Row {
  source: string;
  call: keyof typeof calls;
  httpStatus: number;
  /** undefined: empty body. */
  body?: Record<string, unknown>;
  kind: ErrorKind;
}

const ROWS: Row[] = [
  // spec Errors table
  { source: 'spec', call: 'paymentMethods', httpStatus: 400, kind: 'validation' },
  { source: 'spec', call: 'depositStatus', httpStatus: 400, kind: 'validation' },
  {
    source: 'spec',
    call: 'paymentMethods',
    httpStatus: 401,
    body: { code: 100, description: 'Invalid credentials' },
    kind: 'auth',
  },
  {
    source: 'spec',
    call: 'cryptoQuote',
    httpStatus: 401,
    body: { code: 100, description: 'Invalid credentials' },
    kind: 'auth',
  },
  {
    source: 'spec',
    call: 'banks',
    httpStatus: 401,
    body: { code: 100, description: 'Invalid credentials', type: 'INVALID_CREDENTIALS' },
    kind: 'auth',
  },
  { source: 'spec', call: 'depositStatus', httpStatus: 404, kind: 'not_found' },
  {
    source: 'spec',
    call: 'refundStatus',
    httpStatus: 404,
    body: { code: 208, description: 'Refund not found', type: 'RESOURCE_NOT_FOUND' },
    kind: 'not_found',
  },
  {
    source: 'spec',
    call: 'cashoutCancel',
    httpStatus: 412,
    body: { code: 510, message: 'Invalid status transition' },
    kind: 'invalid_state',
  },
  {
    source: 'spec (status not given)',
    call: 'cashoutCancel',
    httpStatus: 404,
    body: { code: 509, message: 'Cashout not found with this ID' },
    kind: 'not_found',
  },
  // decisions.md, signed and read-only endpoints
  {
    source: 'decisions',
    call: 'subMerchant',
    httpStatus: 401,
    body: { code: 100, description: 'Invalid credentials', type: 'INVALID_CREDENTIALS' },
    kind: 'auth',
  },
  {
    source: 'decisions',
    call: 'depositStatus',
    httpStatus: 400,
    body: { code: 101, description: 'X-Date missing', type: 'MISSING_REQUIRED_HEADER' },
    kind: 'auth',
  },
  {
    source: 'decisions',
    call: 'depositCreate',
    httpStatus: 400,
    body: { code: 102, description: 'Bad signature', type: 'INVALID_SIGNATURE' },
    kind: 'signature',
  },
  {
    source: 'decisions',
    call: 'refundStatus',
    httpStatus: 400,
    body: { code: 103, description: 'Date out of range', type: 'INVALID_DATE_RANGE' },
    kind: 'clock_skew',
  },
  {
    source: 'decisions',
    call: 'depositCreate',
    httpStatus: 400,
    body: { code: 104, description: 'Key used', type: 'IDEMPOTENCY_KEY_ALREADY_USED' },
    kind: 'idempotency_conflict',
  },
  {
    source: 'decisions',
    call: 'subMerchant',
    httpStatus: 401,
    body: { code: 201, description: 'IP not allowed', type: 'INVALID_IP' },
    kind: 'ip_not_allowed',
  },
  {
    source: 'decisions',
    call: 'depositCreate',
    httpStatus: 400,
    body: { code: 202, description: 'payer.email: invalid', type: 'INVALID_REQUEST_BODY' },
    kind: 'validation',
  },
  {
    source: 'decisions',
    call: 'refundCreate',
    httpStatus: 404,
    body: { code: 208, description: 'Deposit not found', type: 'RESOURCE_NOT_FOUND' },
    kind: 'not_found',
  },
  {
    source: 'decisions',
    call: 'refundCreate',
    httpStatus: 400,
    body: { code: 802, description: 'Amount too high', type: 'INVALID_AMOUNT_TO_REFUND' },
    kind: 'validation',
  },
  // decisions.md, cashout endpoints ({code, message})
  {
    source: 'decisions',
    call: 'cashoutStatus',
    httpStatus: 401,
    body: { code: 401, message: 'Invalid credentials' },
    kind: 'auth',
  },
  {
    source: 'decisions',
    call: 'cashoutStatus',
    httpStatus: 400,
    body: { code: 302, message: 'Invalid signature' },
    kind: 'signature',
  },
  {
    source: 'decisions',
    call: 'cashoutCancel',
    httpStatus: 400,
    body: { code: 502, message: 'Malformed JSON' },
    kind: 'validation',
  },
  {
    source: 'decisions',
    call: 'cashoutStatus',
    httpStatus: 400,
    body: { code: 300, message: 'external_id too long' },
    kind: 'validation',
  },
  {
    source: 'decisions',
    call: 'cashoutStatus',
    httpStatus: 412,
    body: { code: 509, message: 'Cashout not found' },
    kind: 'not_found',
  },
  {
    source: 'decisions',
    call: 'cashoutCancel',
    httpStatus: 412,
    body: { code: 509, message: 'Cashout not found' },
    kind: 'not_found',
  },
  {
    source: 'decisions',
    call: 'cashoutCancel',
    httpStatus: 412,
    body: { code: 510, message: 'Invalid status transition' },
    kind: 'invalid_state',
  },
  // not in decisions.md: the sandbox's documented answers (main/sandbox/README.md)
  {
    source: 'sandbox',
    call: 'refundCreate',
    httpStatus: 400,
    body: {
      code: 803,
      description: 'deposit_id: only a COMPLETED deposit can be refunded',
      type: 'INVALID_DEPOSIT_STATUS',
    },
    kind: 'invalid_state',
  },
  {
    source: 'sandbox',
    call: 'cashoutStatus',
    httpStatus: 401,
    body: { code: 201, message: 'IP address not allowed' },
    kind: 'ip_not_allowed',
  },
  // by HTTP status alone
  { source: 'HTTP', call: 'depositStatus', httpStatus: 429, kind: 'rate_limited' },
  {
    source: 'HTTP',
    call: 'depositCreate',
    httpStatus: 429,
    body: { message: 'slow down' },
    kind: 'rate_limited',
  },
  { source: 'HTTP', call: 'banks', httpStatus: 500, kind: 'server' },
  // D16: a 5xx to a creation may come after the service acted.
  {
    source: 'HTTP',
    call: 'refundCreate',
    httpStatus: 503,
    body: { code: 999, description: 'maintenance' },
    kind: 'outcome_unknown',
  },
  { source: 'HTTP', call: 'subMerchant', httpStatus: 403, kind: 'auth' },
];

let double: ServiceDouble;
let current: Row;

test.beforeAll(async () => {
  double = await startDouble((_request, response) =>
    current.body === undefined
      ? sendEmpty(response, current.httpStatus)
      : sendJson(response, current.httpStatus, current.body),
  );
});
test.afterAll(() => double.close());

for (const row of ROWS) {
  const code = row.body?.code;
  test(`${row.source}: ${row.call} HTTP ${row.httpStatus}${code === undefined ? (row.body ? '' : ' empty') : ` code ${String(code)}`} → ${row.kind}`, async () => {
    current = row;
    const result = await calls[row.call](clientFor(double.baseUrl, { retry: { attempts: 1 } }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const error: ConsoleError = result.error;
    expect(error.kind).toBe(row.kind);
    expect(error.httpStatus).toBe(row.httpStatus);
    expect(error.code).toBe(code);
    expect(error.type).toBe(row.body?.type);
    const text = row.body?.description ?? row.body?.message;
    expect(error.serviceMessage).toBe(text);
    // The service's text travels in serviceMessage; the message is ours and never the raw body.
    if (typeof text === 'string') expect(error.message).not.toContain(text);
    expect(error.message).not.toContain('{');
    const posts = row.call === 'depositCreate' || row.call === 'refundCreate';
    if (posts) expect(error.idempotencyKey).toMatch(UUID_V4);
    else expect(error.idempotencyKey).toBeUndefined();
  });
}

test('an unexpected redirect is a bad_response, never followed', async () => {
  const redirecting = await startDouble((_request, response) => {
    response.writeHead(302, { Location: 'https://elsewhere.example/' });
    response.end();
  });
  try {
    const result = await clientFor(redirecting.baseUrl).getDeposit(5);
    expect(result.ok || result.error.kind).toBe('bad_response');
    expect(redirecting.requests).toHaveLength(1);
  } finally {
    await redirecting.close();
  }
});
