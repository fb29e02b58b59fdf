import { nullFieldsAsAbsent, readRequestBody } from '../../../main/sandbox/request-body';
import { d3Signature, expect, FULL_PAYER, SEEDED, test } from './fixtures';

/** D17: a request field sent as null is a field not sent; read only after the signature held. */

test.describe('nullFieldsAsAbsent', () => {
  test('drops null fields at the depths of the spec bodies, keeps every other value', () => {
    expect(
      nullFieldsAsAbsent({
        amount: 10,
        country: null,
        test: false,
        description: '',
        bonus_amount: 0,
        payer: { id: 'u1', email: null, address: { city: 'Recife', zip_code: null } },
        crypto: null,
      }),
    ).toStrictEqual({
      amount: 10,
      test: false,
      description: '',
      bonus_amount: 0,
      payer: { id: 'u1', address: { city: 'Recife' } },
    });
  });

  test('array elements are values, not fields: nulls in arrays stay', () => {
    expect(nullFieldsAsAbsent({ tags: [null, 'a', { b: null }], gone: null })).toStrictEqual({
      tags: [null, 'a', { b: null }],
    });
  });

  test('an object whose fields were all null stays, empty', () => {
    expect(nullFieldsAsAbsent({ reported_info: { bank_branch: null } })).toStrictEqual({ reported_info: {} });
  });

  test('a __proto__ key stays an own field and never becomes the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true, "x": null}, "a": null}') as Record<
      string,
      unknown
    >;
    const read = nullFieldsAsAbsent(parsed);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect((read as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(read)).toEqual(['__proto__']);
  });

  test('a body nested far deeper than any spec field is read without exhausting the stack', () => {
    const depth = 100_000;
    const text = `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
    const read = readRequestBody(Buffer.from(text, 'utf8'));
    expect(read.ok).toBe(true);
  });

  test('beyond the bound, nulls are left as they came (no spec field lives there)', () => {
    let nested: Record<string, unknown> = { deep: null };
    for (let level = 0; level < 20; level += 1) nested = { next: nested };
    const read = nullFieldsAsAbsent(nested);
    expect(JSON.stringify(read)).toContain('"deep":null');
    expect(nullFieldsAsAbsent({ a: { b: { c: null, d: 1 } } })).toStrictEqual({ a: { b: { d: 1 } } });
  });
});

test.describe('readRequestBody', () => {
  const read = (text: string) => readRequestBody(Buffer.from(text, 'utf8'));

  test('an object, its nulls left out', () => {
    expect(read('{"amount":"1.00","payer":null}')).toStrictEqual({ ok: true, value: { amount: '1.00' } });
  });

  test('empty, malformed and non-object bodies are named', () => {
    expect(read('')).toStrictEqual({ ok: false, problem: 'empty' });
    expect(read('{"a":')).toStrictEqual({ ok: false, problem: 'malformed' });
    for (const text of ['null', '[]', '[{"a":1}]', '"text"', '12', 'true']) {
      expect(read(text), text).toStrictEqual({ ok: false, problem: 'not_an_object' });
    }
  });
});

test.describe('the signature covers the bytes as sent, nulls and all (D1, D3)', () => {
  const body = { amount: 10, country: 'BR', payer: null, logo: null };
  const withoutNulls = { amount: 10, country: 'BR' };

  test('a body with nulls signed as sent is accepted', async ({ client }) => {
    const reply = await client.signed('POST', '/v3/deposits', body);
    expect(reply.status, reply.text).toBe(200);
  });

  test('a body with nulls signed as if they were left out is a wrong signature', async ({ client }) => {
    const reply = await client.signed('POST', '/v3/deposits', body, {
      signedBody: JSON.stringify(withoutNulls),
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ code: 102, type: 'INVALID_SIGNATURE' });
  });

  test('a cashout body with nulls: signed as sent it is read; signed without them it is 302', async ({
    client,
  }) => {
    const login = { login: client.credentials.cashoutLogin, pass: client.credentials.cashoutPass };
    const sent = { ...login, cashout_id: SEEDED.cashout, external_id: null };
    expect((await client.cashout('POST', '/v3/cashout/status', sent)).status).toBe(200);
    const stripped = { ...login, cashout_id: SEEDED.cashout };
    const reply = await client.cashout('POST', '/v3/cashout/status', JSON.stringify(sent), {
      signature: d3Signature(client.credentials.cashoutSecret, JSON.stringify(stripped)),
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ code: 302 });
  });

  test('a payer of nulls beside a full one is the same deposit flow', async ({ client }) => {
    const reply = await client.signed('POST', '/v3/deposits', {
      amount: 10,
      country: 'BR',
      payment_method: 'BL',
      payer: { ...FULL_PAYER, phone: null, address: null },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({ checkout_type: 'ONE_SHOT' });
  });
});
