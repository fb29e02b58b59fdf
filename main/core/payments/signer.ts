import { createHmac } from 'node:crypto';

/**
 * The two signatures of the service. Both hash bytes, never strings, so that what is signed is
 * exactly what is sent ("serialise once, sign those bytes, send those bytes", D1).
 */

type SignableBody = string | Uint8Array;

const toBytes = (body: SignableBody): Uint8Array =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

function hmacHex(secret: string, ...parts: SignableBody[]): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  for (const part of parts) hmac.update(toBytes(part));
  return hmac.digest('hex');
}

/**
 * D1: `Authorization` of a signed call: `SVC ` + lowercase hex HMAC-SHA256 (secret as UTF-8)
 * over X-Date + X-Login + body, no separators; the body is empty for GETs.
 */
export function signedAuthorization(input: {
  secret: string;
  xDate: string;
  login: string;
  body: SignableBody;
}): string {
  return `SVC ${hmacHex(input.secret, input.xDate, input.login, input.body)}`;
}

/** D3: `Payload-Signature` of a cashout call: lowercase hex HMAC-SHA256 over the body bytes, no prefix. */
export function payloadSignature(secret: string, body: SignableBody): string {
  return hmacHex(secret, body);
}

/** D2: `yyyy-MM-ddTHH:mm:ssZ`, UTC, whole seconds (truncated), literal `Z`. */
export function formatXDate(epochMs: number): string {
  return `${new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}
