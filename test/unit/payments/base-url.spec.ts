import { expect, test } from '@playwright/test';
import {
  accountOrigin,
  createPaymentsClient,
  isLoopbackHost,
  validateBaseUrl,
} from '../../../main/core/payments';
import { CREDENTIALS } from './http-double';

/** D5: https only, except loopback hosts (the local sandbox). */

test('https URLs are accepted in one spelling: lower case, no trailing dot or slash', () => {
  expect(validateBaseUrl('https://api.pay.example/')).toEqual({ ok: true, data: 'https://api.pay.example' });
  expect(validateBaseUrl('HTTPS://API.Pay.Example.//')).toEqual({
    ok: true,
    data: 'https://api.pay.example',
  });
  expect(validateBaseUrl('  https://api.pay.example:8443  ')).toEqual({
    ok: true,
    data: 'https://api.pay.example:8443',
  });
});

test('a path beyond the root is refused with its reason: the console adds /v3 itself', () => {
  for (const url of [
    'https://api.pay.example/v3',
    'https://api.pay.example/v3/',
    'https://api.pay.example/gw',
  ]) {
    expect(validateBaseUrl(url), url).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'baseUrl', text: { key: 'field.urlPath' } },
    });
  }
});

test('one account origin per service, whatever the spelling (D19)', () => {
  const same = ['https://api.example.com', 'HTTPS://API.EXAMPLE.COM:443/', 'https://api.example.com.'].map(
    accountOrigin,
  );
  expect(new Set(same)).toEqual(new Set(['https://api.example.com:443']));
  const loopback = ['http://localhost:4010', 'http://127.0.0.1:4010', 'http://[::1]:4010'].map(accountOrigin);
  expect(new Set(loopback)).toEqual(new Set(['http://loopback:4010']));
  expect(accountOrigin('http://localhost:4011')).not.toBe(accountOrigin('http://localhost:4010'));
  expect(accountOrigin('http://api.example.com')).not.toBe(accountOrigin('https://api.example.com'));
  expect(accountOrigin('not a url')).toBeNull();
});

test('plain http is accepted only on loopback hosts', () => {
  for (const url of [
    'http://127.0.0.1:4010',
    'http://127.8.9.10/',
    'http://localhost:3000',
    'http://[::1]:9000',
    'http://LOCALHOST',
  ]) {
    expect(validateBaseUrl(url).ok, url).toBe(true);
  }
  for (const url of [
    'http://api.pay.example',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
  ]) {
    expect(validateBaseUrl(url), url).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'baseUrl', message: expect.stringContaining('https') },
    });
  }
});

test('other schemes, credentials, queries, fragments and junk are refused', () => {
  for (const url of [
    'ftp://api.pay.example',
    'file:///etc/passwd',
    'https://user:pw@api.pay.example',
    'https://api.pay.example/?env=x',
    'https://api.pay.example/#x',
    'api.pay.example',
    '',
  ]) {
    expect(validateBaseUrl(url), url).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'baseUrl' },
    });
  }
});

test('isLoopbackHost knows 127.0.0.0/8, ::1 and localhost only', () => {
  expect(['127.0.0.1', '127.255.255.254', '::1', '[::1]', 'localhost'].map(isLoopbackHost)).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(['127.0.0.256', '127.0.0', '0.0.0.0', '::', 'example.com', '1.127.0.0'].map(isLoopbackHost)).toEqual(
    [false, false, false, false, false, false],
  );
});

test('the client refuses a non-https base URL before any call', async () => {
  let sent = 0;
  const created = createPaymentsClient({
    baseUrl: 'http://api.pay.example',
    credentials: { ...CREDENTIALS },
    exchange: async () => {
      sent += 1;
      return { outcome: 'answer', status: 200, headers: {}, body: Buffer.from('{}') };
    },
  });
  expect(created).toMatchObject({ ok: false, error: { kind: 'validation', field: 'baseUrl' } });
  expect(sent).toBe(0);
});
