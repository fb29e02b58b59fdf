import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import {
  NOTIFICATION_BODY_MAX_BYTES,
  parseNotificationText,
  verifyNotification,
  type NotificationKey,
  type NotificationRequest,
} from '../../../main/core/notifications/verify';

/**
 * Expected signatures: decisions.md's D1 vector, and notification bodies signed once with
 * `printf '%s' "$X_DATE$X_LOGIN$BODY" | openssl dgst -sha256 -hmac "$SECRET"`, so the check is
 * held to the service's arithmetic, not to our own signer.
 */
const X_DATE = '2024-03-05T14:07:09Z';
const AT_X_DATE = Date.parse(X_DATE);
const TESTING: NotificationKey = {
  environmentId: 'testing',
  login: 'MerchKey01',
  secret: 'T3st-ApiSignature-000111',
};
const PRODUCTION: NotificationKey = {
  environmentId: 'production',
  login: 'ProdKey77',
  secret: 'Prod-Secret-999',
};
const KEYS = [TESTING, PRODUCTION];

const DEPOSIT_5 = {
  body: '{"deposit_id":5}',
  authorization: 'SVC d902a30e935e09a69224f389b1abf32870b4b3e7c995f4082689fa8625fdedb1',
};
const REFUND_77 = {
  body: '{"refund_id":77}',
  authorization: 'SVC 374dae609026e8a195dd4fdf45bd1343e2bd6b6a21a1d65cf3e7360a5e858e8b',
};
/** `{"deposit_id":5}` under MerchKey01's X-Login, signed with the production secret. */
const SIGNED_WITH_PRODUCTION_SECRET = 'SVC 81fa4976de8aa259a87cc4c530daac586c61ef8991f507b6cad0e673d3a1b3f7';

function request(body: string, headers: Record<string, string | string[]>): NotificationRequest {
  return {
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value : [value],
      ]),
    ),
    body: Buffer.from(body, 'utf8'),
  };
}

const signed = (
  notification: { body: string; authorization: string },
  overrides: Record<string, string | string[]> = {},
) =>
  request(notification.body, {
    'X-Date': X_DATE,
    'X-Login': TESTING.login,
    Authorization: notification.authorization,
    ...overrides,
  });

test.describe('a notification signed as D1', () => {
  test('is genuine for the environment whose key signed it, naming its record', () => {
    expect(verifyNotification(signed(DEPOSIT_5), KEYS, AT_X_DATE + 2_000)).toEqual({
      verdict: 'genuine',
      environmentIds: ['testing'],
      subject: { kind: 'deposit', id: 5 },
      date: { xDate: X_DATE, ageSeconds: 2, maxAgeSeconds: 300 },
    });
    const refund = verifyNotification(signed(REFUND_77), KEYS, AT_X_DATE);
    expect(refund).toMatchObject({ verdict: 'genuine', subject: { kind: 'refund', id: 77 } });
  });

  test('names every profile that reaches the same account', () => {
    const twin = { ...TESTING, environmentId: 'testing-copy' };
    expect(verifyNotification(signed(DEPOSIT_5), [TESTING, twin], AT_X_DATE)).toMatchObject({
      verdict: 'genuine',
      environmentIds: ['testing', 'testing-copy'],
    });
  });

  test('takes the D1 vector signature, then refuses its body: a deposit request is no notification', () => {
    const body =
      '{"invoice_id":"INV-0001","amount":100.5,"country":"BR","currency":"BRL","payer":{"id":"u42","document":"84932568207","document_type":"CPF","email":"ana@example.com","first_name":"Ana","last_name":"Souza"},"payment_method":"IX","notification_url":"https://merchant.example/ipn"}';
    const vector = {
      body,
      authorization: 'SVC 8798e6ce1b0b6c92ba9de18b76a7577c23f82b6688a24a11a5ac2a48e9356f16',
    };
    expect(verifyNotification(signed(vector), KEYS, AT_X_DATE)).toMatchObject({
      verdict: 'malformed',
      problem: 'body',
    });
    const altered = { ...vector, body: body.replace('100.5', '100.6') };
    expect(verifyNotification(signed(altered), KEYS, AT_X_DATE)).toMatchObject({ verdict: 'bad_signature' });
  });

  test('accepts the signature in upper-case hex and a numeric string id', () => {
    const upper = {
      ...DEPOSIT_5,
      authorization: DEPOSIT_5.authorization.replace(/[0-9a-f]{64}/, (hex) => hex.toUpperCase()),
    };
    expect(verifyNotification(signed(upper), KEYS, AT_X_DATE).verdict).toBe('genuine');
  });
});

test.describe('a notification that is not what it claims', () => {
  test('a tampered body, date or login breaks the signature', () => {
    const otherId = signed({ ...DEPOSIT_5, body: '{"deposit_id":6}' });
    expect(verifyNotification(otherId, KEYS, AT_X_DATE)).toMatchObject({
      verdict: 'bad_signature',
      environmentIds: ['testing'],
    });
    const spaced = signed({ ...DEPOSIT_5, body: '{"deposit_id": 5}' });
    expect(verifyNotification(spaced, KEYS, AT_X_DATE).verdict).toBe('bad_signature');
    const otherDate = signed(DEPOSIT_5, { 'X-Date': '2024-03-05T14:07:10Z' });
    expect(verifyNotification(otherDate, KEYS, AT_X_DATE).verdict).toBe('bad_signature');
    const otherLogin = signed(DEPOSIT_5, { 'X-Login': PRODUCTION.login });
    expect(verifyNotification(otherLogin, KEYS, AT_X_DATE)).toMatchObject({
      verdict: 'bad_signature',
      environmentIds: ['production'],
    });
  });

  test("another environment's secret is named, not taken for the login's", () => {
    const crossed = signed({ ...DEPOSIT_5, authorization: SIGNED_WITH_PRODUCTION_SECRET });
    expect(verifyNotification(crossed, KEYS, AT_X_DATE)).toMatchObject({
      verdict: 'other_key',
      environmentIds: ['production'],
    });
  });

  test('a login no environment has, signed by no known secret, is unknown', () => {
    expect(verifyNotification(signed(DEPOSIT_5), [PRODUCTION], AT_X_DATE)).toMatchObject({
      verdict: 'unknown_login',
    });
    expect(verifyNotification(signed(DEPOSIT_5), [], AT_X_DATE).verdict).toBe('unknown_login');
  });

  test('an old date, or one from the future, is stale though signed', () => {
    const old = verifyNotification(signed(DEPOSIT_5), KEYS, AT_X_DATE + 301_000);
    expect(old).toMatchObject({ verdict: 'stale', environmentIds: ['testing'], date: { ageSeconds: 301 } });
    const future = verifyNotification(signed(DEPOSIT_5), KEYS, AT_X_DATE - 301_000);
    expect(future).toMatchObject({ verdict: 'stale', date: { ageSeconds: -301 } });
    expect(verifyNotification(signed(DEPOSIT_5), KEYS, AT_X_DATE + 300_000).verdict).toBe('genuine');
    expect(verifyNotification(signed(DEPOSIT_5), KEYS, AT_X_DATE + 20_000, 10).verdict).toBe('stale');
  });
});

test.describe('a notification that cannot be checked', () => {
  const problemOf = (notification: NotificationRequest): unknown => {
    const verdict = verifyNotification(notification, KEYS, AT_X_DATE);
    return verdict.verdict === 'malformed' ? verdict.problem : verdict.verdict;
  };

  test('a missing or repeated header', () => {
    const { 'x-date': _, ...withoutDate } = signed(DEPOSIT_5).headers;
    expect(problemOf({ ...signed(DEPOSIT_5), headers: withoutDate })).toBe('headers');
    expect(
      problemOf(signed(DEPOSIT_5, { Authorization: [DEPOSIT_5.authorization, DEPOSIT_5.authorization] })),
    ).toBe('headers');
  });

  test('a date or an Authorization not in D1 and D2 form', () => {
    expect(problemOf(signed(DEPOSIT_5, { 'X-Date': '2024-03-05T14:07:09.000Z' }))).toBe('date');
    expect(problemOf(signed(DEPOSIT_5, { 'X-Date': '2024-02-30T14:07:09Z' }))).toBe('date');
    expect(problemOf(signed(DEPOSIT_5, { Authorization: DEPOSIT_5.authorization.slice(4) }))).toBe(
      'authorization',
    );
    expect(problemOf(signed(DEPOSIT_5, { Authorization: 'Bearer x' }))).toBe('authorization');
  });

  test('a body larger than any notification is refused before any HMAC', () => {
    const huge = signed({
      ...DEPOSIT_5,
      body: `{"deposit_id":5,"pad":"${'x'.repeat(NOTIFICATION_BODY_MAX_BYTES)}"}`,
    });
    expect(problemOf(huge)).toBe('too_large');
  });
});

test.describe('a signed body that names no record', () => {
  // Signed with the testing key by the same arithmetic, so only the body is at fault.
  const signedBody = (body: string): NotificationRequest => {
    const hex = createHmac('sha256', TESTING.secret)
      .update(X_DATE + TESTING.login + body)
      .digest('hex');
    return signed({ body, authorization: `SVC ${hex}` });
  };

  for (const body of [
    'not json',
    '[5]',
    '{"deposit_id":0}',
    '{"deposit_id":1.5}',
    '{"deposit_id":5,"refund_id":6}',
    '{}',
  ]) {
    test(`is malformed: ${body}`, () => {
      expect(verifyNotification(signedBody(body), KEYS, AT_X_DATE)).toMatchObject({
        verdict: 'malformed',
        problem: 'body',
      });
    });
  }

  test('an id as a string of digits and an extra field are taken', () => {
    expect(verifyNotification(signedBody('{"deposit_id":"12","extra":true}'), KEYS, AT_X_DATE)).toMatchObject(
      {
        verdict: 'genuine',
        subject: { kind: 'deposit', id: 12 },
      },
    );
  });
});

test.describe('a pasted or saved request', () => {
  const saved = [
    'POST /ipn HTTP/1.1',
    'Host: merchant.example',
    'Content-Type: application/json',
    `X-Date: ${X_DATE}`,
    `X-Login: ${TESTING.login}`,
    `Authorization: ${DEPOSIT_5.authorization}`,
  ];

  test('an HTTP request, with CRLF or LF, and a line ending added after the body', () => {
    for (const text of [
      `${saved.join('\r\n')}\r\n\r\n${DEPOSIT_5.body}`,
      `${saved.join('\n')}\n\n${DEPOSIT_5.body}\n`,
      `${saved.slice(1).join('\n')}\nContent-Length: 16\n\n${DEPOSIT_5.body}\n\n`,
    ]) {
      const parsed = parseNotificationText(text);
      if (!parsed.ok) throw new Error(parsed.verdict.message);
      expect(verifyNotification(parsed.data, KEYS, AT_X_DATE).verdict).toBe('genuine');
    }
  });

  test('headers alone, with no request line', () => {
    const parsed = parseNotificationText(`${saved.slice(3).join('\n')}\n\n${DEPOSIT_5.body}`);
    expect(parsed.ok && verifyNotification(parsed.data, KEYS, AT_X_DATE).verdict).toBe('genuine');
  });

  test('text that is no request says why', () => {
    expect(parseNotificationText(DEPOSIT_5.body)).toMatchObject({
      ok: false,
      verdict: { problem: 'request' },
    });
    expect(parseNotificationText(`not a header\n\n${DEPOSIT_5.body}`)).toMatchObject({
      ok: false,
      verdict: { problem: 'request' },
    });
    expect(parseNotificationText(`Content-Length: 99\n\n${DEPOSIT_5.body}`)).toMatchObject({
      ok: false,
      verdict: { problem: 'request' },
    });
    expect(parseNotificationText(`X-A: ${'a'.repeat(70_000)}\n\n{}`)).toMatchObject({
      ok: false,
      verdict: { problem: 'too_large' },
    });
  });
});
