/**
 * An independent client of the payments service, written only from the spec and
 * decisions.md (node:crypto HMAC and raw fetch), plus a Playwright fixture that starts a fresh
 * sandbox per test. It deliberately imports nothing from the sandbox but `startSandbox`.
 */
import { test as base } from '@playwright/test';
import { createHmac, randomUUID } from 'node:crypto';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../main/sandbox/index';

interface Reply {
  status: number;
  text: string;
  headers: Headers;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
}

export type JsonRecord = Record<string, unknown>;

async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, headers: response.headers, json };
}

/** D2: `yyyy-MM-ddTHH:mm:ssZ`, whole seconds. */
export const xDateOf = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** D1: lowercase hex HMAC-SHA256(secret, X-Date + X-Login + body). */
export const d1Signature = (secret: string, xDate: string, xLogin: string, body: string): string =>
  createHmac('sha256', secret).update(`${xDate}${xLogin}${body}`, 'utf8').digest('hex');

/** D3: lowercase hex HMAC-SHA256(cashout secret, body). */
export const d3Signature = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

interface SignedOptions {
  xDate?: string;
  login?: string;
  secret?: string;
  /** Replace the Authorization header entirely. */
  authorization?: string;
  idempotencyKey?: string;
  contentType?: string | null;
  /** Headers to leave out. */
  omit?: Array<'X-Date' | 'X-Login' | 'Authorization'>;
  /** Sign this body but send `body` (tampering). */
  signedBody?: string;
}

export class ServiceClient {
  /**
   * The sandbox's authentication clock minus the local clock, as this client believes it (D13:
   * the skew option; time travel leaves it alone).
   */
  clockSkewMs = 0;

  constructor(readonly sandbox: SandboxHandle) {}

  get credentials() {
    return this.sandbox.credentials;
  }

  nowXDate(extraMs = 0): string {
    return xDateOf(Date.now() + this.clockSkewMs + extraMs);
  }

  async signed(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: SignedOptions = {},
  ): Promise<Reply> {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const xDate = options.xDate ?? this.nowXDate();
    const login = options.login ?? this.credentials.apiKey;
    const signature = d1Signature(
      options.secret ?? this.credentials.apiSecret,
      xDate,
      login,
      options.signedBody ?? text,
    );
    const omitted = new Set<string>(options.omit ?? []);
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries({
        'X-Date': xDate,
        'X-Login': login,
        Authorization: options.authorization ?? `SVC ${signature}`,
      }).filter(([name]) => !omitted.has(name)),
    );
    if (options.contentType !== null) headers['Content-Type'] = options.contentType ?? 'application/json';
    if (options.idempotencyKey !== undefined) headers['X-Idempotency-Key'] = options.idempotencyKey;
    const response = await fetch(`${this.sandbox.baseUrl}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: text } : {}),
    });
    return toReply(response);
  }

  async readOnly(
    path: string,
    authorization: string | null = `Bearer ${this.credentials.readOnlyKey}`,
  ): Promise<Reply> {
    const headers: Record<string, string> = authorization === null ? {} : { Authorization: authorization };
    return toReply(await fetch(`${this.sandbox.baseUrl}${path}`, { headers }));
  }

  /** A cashout call (D3): login/pass in the body, Payload-Signature over the exact bytes. */
  async cashout(
    method: 'POST' | 'DELETE',
    path: string,
    body: unknown,
    options: {
      signature?: string | null;
      secret?: string;
      idempotencyKey?: string;
      contentType?: string;
    } = {},
  ): Promise<Reply> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { 'Content-Type': options.contentType ?? 'application/json' };
    const signature =
      options.signature === undefined
        ? d3Signature(options.secret ?? this.credentials.cashoutSecret, text)
        : options.signature;
    if (signature !== null) headers['Payload-Signature'] = signature;
    if (options.idempotencyKey !== undefined) headers['X-Idempotency-Key'] = options.idempotencyKey;
    return toReply(await fetch(`${this.sandbox.baseUrl}${path}`, { method, headers, body: text }));
  }

  cashoutCredentials(): { login: string; pass: string } {
    return { login: this.credentials.cashoutLogin, pass: this.credentials.cashoutPass };
  }

  async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    return toReply(
      await fetch(`${this.sandbox.controlUrl}${path}`, {
        method,
        // The control API takes changes only as JSON, bodiless ones (reset) included.
        ...(method === 'POST' && { headers: { 'Content-Type': 'application/json' } }),
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
  }

  /** Time travel: moves the business clock on; X-Date stays on the authentication clock (D13). */
  async advance(seconds: number): Promise<void> {
    const reply = await this.control('POST', '/clock/advance', { seconds });
    if (reply.status !== 200) throw new Error(`clock advance refused: ${reply.text}`);
  }

  async deposit(id: number): Promise<JsonRecord> {
    const reply = await this.signed('GET', `/v3/deposits/${id}`);
    if (reply.status !== 200) throw new Error(`deposit ${id}: ${reply.status}`);
    return reply.json as JsonRecord;
  }

  async createDeposit(body: JsonRecord, options: SignedOptions = {}): Promise<JsonRecord> {
    const reply = await this.signed('POST', '/v3/deposits', body, options);
    if (reply.status !== 200) throw new Error(`create deposit: ${reply.status} ${reply.text}`);
    return reply.json as JsonRecord;
  }

  async transition(kind: 'deposits' | 'refunds' | 'cashouts', id: number, body: JsonRecord): Promise<Reply> {
    return this.control('POST', `/${kind}/${id}/transition`, body);
  }
}

/** A complete payer (D9 needs document, email, first and last name for ONE_SHOT). */
export const FULL_PAYER = {
  id: 'cust42',
  document: '84932568207',
  document_type: 'CPF',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Souza',
};

export const newKey = (): string => randomUUID();

/** Playwright fixtures: a fresh sandbox (seed 1, fast notification retries) and a client for it. */
export const test = base.extend<{
  sandboxOptions: SandboxOptions;
  sandbox: SandboxHandle;
  client: ServiceClient;
}>({
  sandboxOptions: [{ seed: 1, notificationRetryBaseMs: 20 }, { option: true }],
  sandbox: async ({ sandboxOptions }, use) => {
    const sandbox = await startSandbox(sandboxOptions);
    await use(sandbox);
    await sandbox.close();
  },
  client: async ({ sandbox, sandboxOptions }, use) => {
    const client = new ServiceClient(sandbox);
    client.clockSkewMs = sandboxOptions.clockSkewMs ?? 0;
    await use(client);
  },
});

export { expect } from '@playwright/test';

/** Seeded record ids the brief names. */
export const SEEDED = {
  completedCardDeposit: 300000001,
  pendingVoucherDeposit: 300000002,
  createdHostedDeposit: 300000003,
  expiredDeposit: 300000004,
  cancelledDeposit: 300000005,
  refundedBankDeposit: 300000006,
  earlyReleasedDeposit: 300000007,
  forReviewDeposit: 300000008,
  quickPayBonusDeposit: 300000009,
  refund: 17,
  refundWithoutAmount: 18,
  cashout: 11954,
  cashoutExternalId: 'payout-7781',
  subMerchant: 18703,
} as const;
