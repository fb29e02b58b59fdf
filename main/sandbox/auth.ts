import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Answer } from './answer';
import { isWithinXDateWindow, parseXDate } from './clock';
import type { SandboxCredentials } from './credentials';
import { cashoutError, invalidCredentials, serviceError } from './errors';
import { readRequestBody } from './request-body';

/**
 * Authentication of the three kinds of the spec, written from decisions.md D1–D4 alone:
 * read-only bearer (D4), signed headers (D1, D2) and cashout Payload-Signature (D3).
 * Each check answers the first failure, in the order a careful server would find it:
 * missing or malformed headers (101), unknown key (100), signature (102), clock (103).
 */

/** A header's value; a repeated header counts as its first. */
export const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Compares secrets without leaking where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;.*)?$/i;

export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && JSON_CONTENT_TYPE.test(value);
}

/** D4: `Authorization: Bearer <read-only key>`; anything else is 401/100. */
export function checkBearer(headers: IncomingHttpHeaders, readOnlyKey: string): Answer | undefined {
  const match = /^Bearer (\S+)$/.exec(single(headers.authorization) ?? '');
  return match?.[1] !== undefined && sameSecret(match[1], readOnlyKey) ? undefined : invalidCredentials();
}

/** D1: lowercase hex HMAC-SHA256(secret, X-Date + X-Login + exact body bytes). */
function signRequest(secret: string, xDate: string, xLogin: string, body: Buffer): string {
  return createHmac('sha256', secret)
    .update(xDate + xLogin, 'utf8')
    .update(body)
    .digest('hex');
}

/** D3: lowercase hex HMAC-SHA256(cashout secret, exact body bytes). */
function signCashoutPayload(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Optional X-Idempotency-Key: when sent it must be a usable key. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): { ok: true; key?: string } | { ok: false } {
  const key = single(headers['x-idempotency-key']);
  if (key === undefined) return { ok: true };
  return key.trim().length > 0 && key.length <= 255 ? { ok: true, key } : { ok: false };
}

interface SignedRequest {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** POSTs carry a JSON body and must say so (spec: Content-Type application/json). */
  hasBody: boolean;
  /** The Content-Type as the client sent it. */
  contentType: string | undefined;
}

/** D1/D2 signed headers. Undefined when the request is authentic and on time. */
export function checkSigned(
  request: SignedRequest,
  credentials: SandboxCredentials,
  authNowMs: number,
): Answer | undefined {
  const { headers } = request;
  const xLogin = single(headers['x-login']);
  const xDate = single(headers['x-date']);
  const authorization = single(headers.authorization);
  const missing = (name: string): Answer =>
    serviceError('missingHeader', `${name}: required header is missing`);
  if (!xLogin) return missing('X-Login');
  if (!xDate) return missing('X-Date');
  if (!authorization) return missing('Authorization');
  const xDateMs = parseXDate(xDate);
  if (xDateMs === undefined) {
    return serviceError('missingHeader', 'X-Date: must be a UTC time written yyyy-MM-ddTHH:mm:ssZ');
  }
  const signature = /^SVC (\S+)$/.exec(authorization)?.[1];
  if (signature === undefined) {
    return serviceError(
      'missingHeader',
      'Authorization: must be the word SVC, one space, then the signature',
    );
  }
  if (request.hasBody && !isJsonContentType(request.contentType)) {
    return serviceError('missingHeader', 'Content-Type: must be application/json');
  }
  if (!idempotencyKeyOf(headers).ok) {
    return serviceError('missingHeader', 'X-Idempotency-Key: must be 1 to 255 characters when sent');
  }
  if (!sameSecret(xLogin, credentials.apiKey)) return invalidCredentials();
  if (!sameSecret(signature, signRequest(credentials.apiSecret, xDate, xLogin, request.rawBody))) {
    return serviceError('invalidSignature', 'Authorization: the signature does not match the request');
  }
  if (!isWithinXDateWindow(authNowMs, xDateMs)) {
    return serviceError('invalidDateRange', 'X-Date: more than 5 seconds away from the server time');
  }
  return undefined;
}

/**
 * D3 Payload-Signature over the exact body, then the body itself as JSON (502 when it is not),
 * its null fields read as absent only now, after the signature was checked (D17).
 * login/pass are checked by the caller once the body's field rules hold.
 */
export function checkCashoutEnvelope(
  request: Omit<SignedRequest, 'hasBody'>,
  cashoutSecret: string,
): { ok: true; body: unknown } | { ok: false; answer: Answer } {
  const signature = single(request.headers['payload-signature']);
  if (!signature)
    return { ok: false, answer: cashoutError('badSignature', 'Payload-Signature header is missing') };
  if (!sameSecret(signature, signCashoutPayload(cashoutSecret, request.rawBody))) {
    return { ok: false, answer: cashoutError('badSignature') };
  }
  if (!isJsonContentType(request.contentType)) {
    return { ok: false, answer: cashoutError('fieldRule', 'Content-Type must be application/json') };
  }
  const body = readRequestBody(request.rawBody);
  if (body.ok) return { ok: true, body: body.value };
  return {
    ok: false,
    answer:
      body.problem === 'not_an_object'
        ? cashoutError('malformedJson', 'the body must be a JSON object')
        : cashoutError('malformedJson'),
  };
}

/** Wrong cashout login or pass → 401/401 (decisions, cashout table). */
export function checkCashoutLogin(
  body: { login: string; pass: string },
  credentials: SandboxCredentials,
): Answer | undefined {
  const loginOk = sameSecret(body.login, credentials.cashoutLogin);
  const passOk = sameSecret(body.pass, credentials.cashoutPass);
  return loginOk && passOk ? undefined : cashoutError('badLogin');
}

/** Node writes IPv4 callers of a dual-stack socket as `::ffff:a.b.c.d`. */
export function normaliseIp(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function isLoopback(address: string | undefined): boolean {
  const ip = normaliseIp(address);
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}
