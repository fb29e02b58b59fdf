import { expect, test } from '@playwright/test';
import { createPaymentsClient, isLoopbackHost, validateBaseUrl } from '../../../main/core/payments';
import { CREDENTIALS } from './http-double';

/** D5: https only, except loopback hosts (the local sandbox). */

test('https URLs are accepted and lose their trailing slashes', () => {
  expect(validateBaseUrl('https://api.pay.example/')).toEqual({ ok: true, data: 'https://api.pay.example' });
  expect(validateBaseUrl('https://api.pay.example/gw//')).toEqual({
    ok: true,
    data: 'https://api.pay.example/gw',
  });
  expect(validateBaseUrl('  https://api.pay.example:8443  ')).toEqual({
    ok: true,
    data: 'https://api.pay.example:8443',
  });
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
