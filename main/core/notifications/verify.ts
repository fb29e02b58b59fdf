import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type {
  NotificationDate,
  NotificationProblem,
  NotificationSubject,
  NotificationVerdict,
} from '../../../shared/contract';
import { signedAuthorization } from '../payments/signer';
import { NOTIFICATION_TEXT_MAX_BYTES } from '../../../shared/contract';

/**
 * Is a notification genuine (D11)? The service signs it as a D1 request: `SVC ` + HMAC-SHA256,
 * keyed with the API secret, over X-Date + X-Login + the raw body. Pure: the caller hands the
 * request's bytes, the keys of the environments it knows and its clock.
 */

/** D11 bodies are `{"deposit_id":N}` or `{"refund_id":N}`: anything near this size is not one. */
export const NOTIFICATION_BODY_MAX_BYTES = 4096;
/**
 * How far, either way, an X-Date may be from this desk's clock. The service signs every attempt
 * afresh (D11 retries, as the sandbox's notifier does), so an older one is a replay; five minutes
 * leave room for a desk's clock that is off, which D2's five seconds would not.
 */
const NOTIFICATION_MAX_AGE_SECONDS = 300;

/** One environment's notification key: the API key the service sends as X-Login, and the secret it signs with. */
export interface NotificationKey {
  environmentId: string;
  login: string;
  secret: string;
}

/** A notification as received: each header's values by lower-case name, and the body's exact bytes. */
export interface NotificationRequest {
  headers: Readonly<Record<string, readonly string[] | undefined>>;
  body: Uint8Array;
}

type Malformed = Extract<NotificationVerdict, { verdict: 'malformed' }>;
type Parsed<T> = { ok: true; data: T } | { ok: false; verdict: Malformed };

const malformedVerdict = (problem: NotificationProblem, message: string): Malformed => ({
  verdict: 'malformed',
  problem,
  message,
});

const malformed = (problem: NotificationProblem, message: string): { ok: false; verdict: Malformed } => ({
  ok: false,
  verdict: malformedVerdict(problem, message),
});

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/\d(\.\d)?$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * A notification pasted or saved as text: an HTTP request (request line, headers, blank line,
 * body), or only its headers and body. The body is taken to Content-Length when one is given;
 * without one, to the end, less one line ending an editor adds when it saves the file.
 */
export function parseNotificationText(text: string): Parsed<NotificationRequest> {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > NOTIFICATION_TEXT_MAX_BYTES) {
    return malformed(
      'too_large',
      `The text is larger than ${NOTIFICATION_TEXT_MAX_BYTES} bytes: no notification is.`,
    );
  }
  const split = /\r?\n\r?\n/.exec(text);
  if (split === null)
    return malformed(
      'request',
      'No blank line ends the headers: paste the headers, a blank line, then the body.',
    );
  const lines = text.slice(0, split.index).split(/\r?\n/);
  if (lines[0] !== undefined && REQUEST_LINE.test(lines[0])) lines.shift();
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const header = HEADER_LINE.exec(line);
    if (header === null)
      return malformed('request', 'A line before the blank line is not a header (Name: value).');
    const name = (header[1] ?? '').toLowerCase();
    (headers[name] ??= []).push(header[2] ?? '');
  }
  let body = Buffer.from(text.slice(split.index + split[0].length), 'utf8');
  const length = headers['content-length'];
  if (length !== undefined) {
    const declared =
      length.length === 1 && /^\d{1,9}$/.test(length[0] ?? '') ? Number(length[0]) : Number.NaN;
    if (Number.isNaN(declared) || declared > body.length) {
      return malformed('request', 'Content-Length does not fit the body that follows the headers.');
    }
    // What follows the declared length (a newline an editor added) was never sent.
    body = body.subarray(0, declared);
  } else {
    const ending = /\r?\n$/.exec(body.toString('latin1'));
    if (ending) body = body.subarray(0, body.length - ending[0].length);
  }
  return { ok: true, data: { headers, body } };
}

const X_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const AUTHORIZATION = /^SVC ([0-9a-fA-F]{64})$/;

/** One value of a header the signature covers: a missing or repeated one cannot be checked. */
function single(request: NotificationRequest, name: string): Parsed<string> {
  const values = request.headers[name.toLowerCase()];
  if (values === undefined || values.length === 0)
    return malformed('headers', `The ${name} header is missing.`);
  if (values.length > 1) return malformed('headers', `The ${name} header is given ${values.length} times.`);
  return { ok: true, data: values[0] ?? '' };
}

/** D2's form, and a real instant (`2024-02-30T…` is refused rather than rolled over). */
function epochOfXDate(xDate: string): number | null {
  if (!X_DATE.test(xDate)) return null;
  const epoch = Date.parse(xDate);
  return Number.isNaN(epoch) || new Date(epoch).toISOString().slice(0, 19) !== xDate.slice(0, 19)
    ? null
    : epoch;
}

const positiveId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER)),
]);
/**
 * D11's body. A field the service may add is ignored, as in every answer (D12); both ids, or
 * neither, is not a notification this desk can act on.
 */
const notificationBodySchema = z
  .object({ deposit_id: positiveId.optional(), refund_id: positiveId.optional() })
  .transform((body, context): NotificationSubject => {
    if (body.deposit_id !== undefined && body.refund_id === undefined)
      return { kind: 'deposit', id: body.deposit_id };
    if (body.refund_id !== undefined && body.deposit_id === undefined)
      return { kind: 'refund', id: body.refund_id };
    context.addIssue({ code: 'custom', message: 'exactly one of deposit_id and refund_id' });
    return z.NEVER;
  });

/** The record a notification's body names (D11), or why it names none. */
function notificationSubject(body: Uint8Array): Parsed<NotificationSubject> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return malformed('body', 'The body is not JSON in UTF-8.');
  }
  const parsed = notificationBodySchema.safeParse(json);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : malformed(
        'body',
        'The body is not {"deposit_id":N} or {"refund_id":N} with N a positive whole number.',
      );
}

const sameHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));

/**
 * The verdict on one notification. The signature is checked before the body is read, so a body
 * nobody signed is never parsed; the date is judged only once the signature holds, since an
 * unsigned date proves nothing.
 */
export function verifyNotification(
  request: NotificationRequest,
  keys: readonly NotificationKey[],
  now: number,
  maxAgeSeconds: number = NOTIFICATION_MAX_AGE_SECONDS,
): NotificationVerdict {
  if (request.body.length > NOTIFICATION_BODY_MAX_BYTES) {
    return malformedVerdict(
      'too_large',
      `The body is larger than ${NOTIFICATION_BODY_MAX_BYTES} bytes: no notification is.`,
    );
  }
  const xDate = single(request, 'X-Date');
  if (!xDate.ok) return xDate.verdict;
  const login = single(request, 'X-Login');
  if (!login.ok) return login.verdict;
  const authorization = single(request, 'Authorization');
  if (!authorization.ok) return authorization.verdict;
  const epoch = epochOfXDate(xDate.data);
  if (epoch === null)
    return malformedVerdict('date', 'X-Date is not a UTC time as yyyy-MM-ddTHH:mm:ssZ (D2).');
  const signature = AUTHORIZATION.exec(authorization.data);
  if (signature === null) {
    return malformedVerdict('authorization', 'Authorization is not "SVC " followed by 64 hex digits (D1).');
  }
  const given = `SVC ${(signature[1] ?? '').toLowerCase()}`;
  const date: NotificationDate = {
    xDate: xDate.data,
    ageSeconds: Math.round((now - epoch) / 1000),
    maxAgeSeconds,
  };

  // Every key is tried, also those of other logins: a secret that signed under another
  // environment's X-Login is told apart from a body that was altered.
  const signedBy = keys.filter((key) =>
    sameHex(
      signedAuthorization({ secret: key.secret, xDate: xDate.data, login: login.data, body: request.body }),
      given,
    ),
  );
  const own = signedBy.filter((key) => key.login === login.data).map((key) => key.environmentId);
  if (own.length === 0) {
    if (signedBy.length > 0)
      return { verdict: 'other_key', environmentIds: signedBy.map((key) => key.environmentId), date };
    const named = keys.filter((key) => key.login === login.data).map((key) => key.environmentId);
    return named.length > 0
      ? { verdict: 'bad_signature', environmentIds: named, date }
      : { verdict: 'unknown_login', date };
  }
  const subject = notificationSubject(request.body);
  if (!subject.ok) return subject.verdict;
  const verdict = Math.abs(date.ageSeconds) <= maxAgeSeconds ? 'genuine' : 'stale';
  return { verdict, environmentIds: own, subject: subject.data, date };
}
