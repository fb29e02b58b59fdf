/**
 * A merchant's client written from the service's specification and docs/decisions.md
 * alone, as an outside integration would write it: its own D1 signing, its own X-Date from
 * Date.now(), no clock correction. It imports nothing from main/ (spec-only-client.spec.ts
 * checks that), so a misreading shared by the console's client and the sandbox cannot hide here.
 */
import { createHmac } from 'node:crypto';

export interface SpecReply {
  status: number;
  /** The parsed JSON body; undefined when the body is empty. */
  json: unknown;
  headers: Headers;
}

export interface SpecCredentials {
  apiKey: string;
  apiSecret: string;
  readOnlyKey: string;
  cashoutSecret: string;
}

/** D2: UTC, whole seconds, literal Z. */
export function specXDate(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}

const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

async function replyOf(response: Response): Promise<SpecReply> {
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

export class SpecOnlyClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: SpecCredentials,
  ) {}

  /** Signed call (D1): `SVC ` + hex HMAC-SHA256(secret, X-Date + X-Login + body), X-Date from this machine's clock. */
  async signed(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<SpecReply> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const xDate = specXDate(Date.now());
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Date': xDate,
      'X-Login': this.credentials.apiKey,
      Authorization: `SVC ${hmacHex(this.credentials.apiSecret, xDate + this.credentials.apiKey + text)}`,
    };
    if (idempotencyKey !== undefined) headers['X-Idempotency-Key'] = idempotencyKey;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: text } : {}),
    });
    return replyOf(response);
  }

  /** Read-only bearer call (D4). */
  async readOnly(path: string): Promise<SpecReply> {
    return replyOf(
      await fetch(`${this.baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${this.credentials.readOnlyKey}` },
      }),
    );
  }

  /** Cashout call (D3): Payload-Signature over the exact body bytes; login and pass in the body. */
  async cashout(method: 'POST' | 'DELETE', path: string, body: unknown): Promise<SpecReply> {
    const text = JSON.stringify(body);
    return replyOf(
      await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'Payload-Signature': hmacHex(this.credentials.cashoutSecret, text),
        },
        body: text,
      }),
    );
  }
}
