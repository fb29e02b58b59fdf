import { expect, test } from '@playwright/test';
import { formatXDate, payloadSignature, signedAuthorization } from '../../../main/core/payments/signer';

/** Expected values: decisions.md's vectors, and our own computed once with `openssl dgst -sha256 -hmac`. */
const D1 = { secret: 'T3st-ApiSignature-000111', login: 'MerchKey01', xDate: '2024-03-05T14:07:09Z' };

test.describe('D1 signed-call Authorization', () => {
  test('matches the decisions.md vector for a POST body', () => {
    const body =
      '{"invoice_id":"INV-0001","amount":100.5,"country":"BR","currency":"BRL","payer":{"id":"u42","document":"84932568207","document_type":"CPF","email":"ana@example.com","first_name":"Ana","last_name":"Souza"},"payment_method":"IX","notification_url":"https://merchant.example/ipn"}';
    expect(signedAuthorization({ ...D1, body })).toBe(
      'SVC 8798e6ce1b0b6c92ba9de18b76a7577c23f82b6688a24a11a5ac2a48e9356f16',
    );
  });

  test('signs X-Date + X-Login alone for an empty body (GETs)', () => {
    expect(signedAuthorization({ ...D1, body: '' })).toBe(
      'SVC 2715c220e137892c9d0e232d4b7c15d19b65b74118cbc54234f2e5451269c8ae',
    );
  });

  test('signs the UTF-8 bytes of a non-ASCII body', () => {
    const body = '{"city":"São Paulo","note":"😀"}';
    const expected = 'SVC d73699b790d1f7c5c33c7a865d77cf408282a4141f0b14219441da2657b228b2';
    expect(signedAuthorization({ ...D1, body })).toBe(expected);
    expect(signedAuthorization({ ...D1, body: Buffer.from(body, 'utf8') })).toBe(expected);
  });

  test('signs escaped characters as written: quotes, backslash and a \\u2028 escape', () => {
    const body = String.raw`{"q":"say \"hi\"","path":"C:\\temp","sep":"a\u2028b"}`;
    expect(signedAuthorization({ ...D1, body })).toBe(
      'SVC 93bcd0f09b1ea47d9b1a0c4540fb0a1b7388ebb55f500712d1a8c632b0f3a732',
    );
  });

  test('signs a raw U+2028 as JSON.stringify leaves it (three UTF-8 bytes, not an escape)', () => {
    const body = JSON.stringify({ sep: 'a\u2028b', name: 'Zoë' });
    expect(body).toContain('\u2028');
    expect(signedAuthorization({ ...D1, body })).toBe(
      'SVC 7a8401d4e152f24f3d51cff03483c0f5664f53f808dfa0b85ef535933cb83f75',
    );
  });

  test('is 64 lowercase hex characters after the scheme word', () => {
    expect(signedAuthorization({ ...D1, body: '{}' })).toMatch(/^SVC [0-9a-f]{64}$/);
  });
});

test.describe('D3 cashout Payload-Signature', () => {
  test('matches the decisions.md vector', () => {
    const body = '{"login":"coLogin01","pass":"coPass01","cashout_id":11954,"external_id":"payout-7781"}';
    expect(payloadSignature('CashoutSecret-XYZ-789', body)).toBe(
      '392583e3ec6c8ad10822de5d3fe5c76889c0c462d285c2e521a14768d7b460f2',
    );
  });

  test('hashes the UTF-8 bytes of a non-ASCII body, with no prefix', () => {
    const body = JSON.stringify({ login: 'coLogin01', pass: 'coPass01', external_id: 'pagamento-ção' });
    expect(payloadSignature('CashoutSecret-XYZ-789', body)).toBe(
      '5c312359e95b119d31a74b9c56ed3c706c4483ae7c822c90712dcc9344d333ce',
    );
  });
});

test.describe('D2 X-Date', () => {
  test('is UTC, whole seconds, literal Z', () => {
    expect(formatXDate(Date.UTC(2024, 2, 5, 14, 7, 9, 999))).toBe('2024-03-05T14:07:09Z');
    expect(formatXDate(Date.UTC(2024, 11, 31, 23, 59, 59, 0))).toBe('2024-12-31T23:59:59Z');
  });
});
