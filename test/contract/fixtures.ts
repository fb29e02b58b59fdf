/**
 * Contract fixture: the REAL payments client (main/core/payments) against the REAL sandbox
 * (main/sandbox) over HTTP on 127.0.0.1. Nothing is mocked. One sandbox per worker, put back
 * to its seeded state before every test (POST /__sandbox/reset), so files share nothing and
 * two workers never meet; a test that needs other sandbox options starts its own with
 * `withSandbox`.
 */
import { test as base, expect } from '@playwright/test';
import type { ConsoleError, ErrorKind, Result } from '../../shared/contract';
import type { Exchange, PaymentsClient, PaymentsClientOptions, WireRequest } from '../../main/core/payments';
import { createPaymentsClient, httpExchange } from '../../main/core/payments';
import type { SandboxHandle, SandboxOptions } from '../../main/sandbox';
import { startSandbox } from '../../main/sandbox';

export { expect };

/** Fast notification retries (D11) so a receiver that refuses once is retried within the test. */
const SANDBOX_OPTIONS: SandboxOptions = { seed: 20240305, notificationRetryBaseMs: 25 };

/** Short backoff: retries are exercised, not waited for. */
const FAST_RETRY = { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 } as const;

/** A real client for a sandbox; `overrides` may replace credentials, clock, retry… */
export function clientFor(
  sandbox: Pick<SandboxHandle, 'baseUrl' | 'credentials'>,
  overrides: Partial<PaymentsClientOptions> = {},
): PaymentsClient {
  const created = createPaymentsClient({
    baseUrl: sandbox.baseUrl,
    credentials: { ...sandbox.credentials },
    retry: FAST_RETRY,
    timeoutMs: 5_000,
    ...overrides,
  });
  if (!created.ok) throw new Error(`client refused: ${created.error.message}`);
  return created.data;
}

/** Starts a sandbox with its own options for one test, and always closes it. */
export async function withSandbox<T>(
  options: SandboxOptions,
  body: (sandbox: SandboxHandle) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandbox({ ...SANDBOX_OPTIONS, ...options });
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

interface ControlReply {
  status: number;
  json: unknown;
}

/** The sandbox control API (/__sandbox/…): plain fetch, never the client. */
export async function control(
  sandbox: Pick<SandboxHandle, 'controlUrl'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ControlReply> {
  const response = await fetch(`${sandbox.controlUrl}${path}`, {
    method,
    // The control API takes changes only as JSON, bodiless ones (reset) included.
    ...(method === 'POST' && { headers: { 'Content-Type': 'application/json' } }),
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Control calls that must succeed (setup steps): a refusal fails the test with the reason. */
export async function controlOk(
  sandbox: Pick<SandboxHandle, 'controlUrl'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const reply = await control(sandbox, method, path, body);
  if (reply.status !== 200) {
    throw new Error(`control ${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  }
  return reply.json as Record<string, unknown>;
}

/** The sandbox's business clock (epoch ms), which time travel moves and expiry follows (D13). */
export async function sandboxNow(sandbox: Pick<SandboxHandle, 'controlUrl'>): Promise<number> {
  const clock = await controlOk(sandbox, 'GET', '/clock');
  return clock.now_ms as number;
}

/** The sandbox's authentication clock (epoch ms): the X-Date window and `Date` header (D13). */
export async function sandboxAuthNow(sandbox: Pick<SandboxHandle, 'controlUrl'>): Promise<number> {
  const clock = await controlOk(sandbox, 'GET', '/clock');
  return (clock.authentication as { now_ms: number }).now_ms;
}

/** Time travel: moves the business clock only (D13). */
export async function advanceClock(
  sandbox: Pick<SandboxHandle, 'controlUrl'>,
  seconds: number,
): Promise<void> {
  await controlOk(sandbox, 'POST', '/clock/advance', { seconds });
}

/** The data of an ok Result; a failure ends the test with the error it carried. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.data;
}

interface ExpectedError {
  kind: ErrorKind;
  code?: number;
  httpStatus?: number;
  type?: string;
}

/**
 * The failure a Result must carry: kind, code and httpStatus exactly (absent means absent), and
 * a message that quotes no credential of the sandbox.
 */
export function expectError(
  result: Result<unknown>,
  expected: ExpectedError,
  credentials?: Record<string, string>,
): ConsoleError {
  if (result.ok) throw new Error(`expected a ${expected.kind} error, got ok: ${JSON.stringify(result.data)}`);
  const { error } = result;
  expect({ kind: error.kind, code: error.code, httpStatus: error.httpStatus }).toEqual({
    kind: expected.kind,
    code: expected.code,
    httpStatus: expected.httpStatus,
  });
  if (expected.type !== undefined) expect(error.type).toBe(expected.type);
  for (const secret of Object.values(credentials ?? {})) {
    expect(JSON.stringify(error)).not.toContain(secret);
  }
  return error;
}

/** D9: the payer fields a ONE_SHOT needs (document, email, first and last name). */
export const FULL_PAYER = {
  id: 'cust4242',
  document: '84932568207',
  document_type: 'CPF',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Souza',
} as const;

/**
 * Seeded records, as main/sandbox/README.md documents them ("deposits 300000001–300000011 (one
 * per status), refunds 17–19, cashouts 11954–11959, sub-merchants 18703–18705"). The statuses
 * are read back through the client in endpoints.spec.ts, so a changed seed fails loudly there.
 */
export const SEEDED = {
  completedCardDeposit: 300_000_001,
  pendingVoucherDeposit: 300_000_002,
  createdHostedDeposit: 300_000_003,
  expiredDeposit: 300_000_004,
  cancelledDeposit: 300_000_005,
  completedBankDeposit: 300_000_006,
  earlyReleasedDeposit: 300_000_007,
  forReviewDeposit: 300_000_008,
  quickPayBonusDeposit: 300_000_009,
  pendingEarlyReleaseDeposit: 300_000_010,
  completedRefund: 17,
  pendingRefundWithoutAmount: 18,
  deliveredRefund: 19,
  pendingCashout: { cashoutId: 11954, externalId: 'payout-7781' },
  onHoldCashout: { cashoutId: 11955, externalId: 'payout-7782' },
  deliveredCashout: { cashoutId: 11956, externalId: 'payout-7783' },
  completedCashout: { cashoutId: 11957, externalId: 'payout-7784' },
  rejectedCashout: { cashoutId: 11958, externalId: 'payout-7785' },
  cancelledCashout: { cashoutId: 11959, externalId: 'payout-7786' },
  activeSubMerchant: 18703,
} as const;

/**
 * `sandbox`: one per worker. `client`: a real client with its own ServerClock for each test.
 * Every test starts from the seeded state.
 */
export const test = base.extend<
  { client: PaymentsClient; freshState: undefined },
  { sandbox: SandboxHandle }
>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const sandbox = await startSandbox(SANDBOX_OPTIONS);
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  freshState: [
    async ({ sandbox }, use) => {
      await controlOk(sandbox, 'POST', '/reset');
      await use(undefined);
    },
    { auto: true },
  ],
  client: async ({ sandbox }, use) => {
    await use(clientFor(sandbox));
  },
});

/** What a wire rewrite may change in one outgoing request. */
/** A request on the wire, its body as text (the rewrites below edit JSON). */
interface WireTextRequest {
  url: string;
  method: WireRequest['method'];
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * An exchange for the client's documented test hook (PaymentsClientOptions.exchange) that
 * rewrites a request on the wire, like a broken proxy would, and then really sends it. Only for
 * error rows the client itself never produces (it checks its input and builds well-formed
 * requests): the real answer of the real sandbox then still goes through the client's transport
 * and mapping.
 */
export function rewritingExchange(rewrite: (request: WireTextRequest) => WireTextRequest): Exchange {
  return (request, maxResponseBytes, attempt) => {
    const changed = rewrite({
      url: request.url,
      method: request.method,
      headers: { ...request.headers },
      body: request.body?.toString('utf8'),
    });
    const wire: WireRequest = { url: changed.url, method: changed.method, headers: changed.headers };
    if (changed.body !== undefined) wire.body = Buffer.from(changed.body, 'utf8');
    return httpExchange(wire, maxResponseBytes, attempt);
  };
}
