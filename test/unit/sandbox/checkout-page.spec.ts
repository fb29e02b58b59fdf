import { decodePngDataUri } from './png';
import { expect, test, type JsonRecord } from './fixtures';

/** The hosted checkout behind redirect_url: a plain HTML form that moves a HOSTED deposit on. */

const inputNames = (html: string): string[] =>
  [...html.matchAll(/<(?:input|select)[^>]*\bname="([^"]+)"/g)].map((match) => match[1] ?? '');

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

test('the form asks for the method and the missing details, and completing it moves CREATED → PENDING', async ({
  client,
}) => {
  const created = await client.createDeposit({
    amount: 64.9,
    country: 'BR',
    invoice_id: 'hosted-1',
    payer: { email: 'ana@example.com' },
  });
  const url = String(created.redirect_url);
  const form = await (await fetch(url)).text();
  expect(form).toContain('<form method="post"');
  expect(form).toContain('64.90 BRL');
  expect(inputNames(form)).toEqual(
    expect.arrayContaining([
      'payment_method',
      'document',
      'document_type',
      'email',
      'first_name',
      'last_name',
      'bank_beneficiary',
    ]),
  );
  expect(form).toContain('value="ana@example.com"');

  const incomplete = await post(url, { payment_method: 'IX', document: '84932568207' });
  expect(incomplete.status).toBe(400);
  const retry = await incomplete.text();
  expect(retry).toContain('payer.first_name');
  expect((await client.deposit(Number(created.deposit_id))).status).toBe('CREATED');

  const done = await post(url, {
    payment_method: 'IX',
    document: '84932568207',
    document_type: 'CPF',
    first_name: 'Ana',
    last_name: 'Souza',
  });
  expect(done.status).toBe(303);
  const record = await client.deposit(Number(created.deposit_id));
  expect(record).toMatchObject({
    status: 'PENDING',
    payment_method: 'IX',
    payer: { email: 'ana@example.com', first_name: 'Ana', document: '84932568207' },
  });

  const instructions = await (await fetch(new URL(String(done.headers.get('location')), url))).text();
  expect(instructions).toContain('PENDING');
  const qr = /src="(data:image\/png;base64,[^"]+)"/.exec(instructions)?.[1];
  expect(qr).toBeDefined();
  expect(decodePngDataUri(qr ?? '').width).toBeGreaterThan(20);

  const again = await post(url, { payment_method: 'IX' });
  expect(again.status).toBe(409);
});

test('a method that needs reported_info is refused until its fields follow the mask', async ({ client }) => {
  const created = await client.createDeposit({
    amount: 10,
    country: 'BR',
    payer: { document: '1', document_type: 'CPF', email: 'a@b.co', first_name: 'A', last_name: 'B' },
  });
  const url = String(created.redirect_url);
  const missing = await post(url, { payment_method: 'SJ' });
  expect(missing.status).toBe(400);
  expect(await missing.text()).toContain('reported_info.bank_beneficiary');
  const malformed = await post(url, { payment_method: 'SJ', bank_beneficiary: 'Ana' });
  expect(malformed.status).toBe(400);
  expect((await post(url, { payment_method: 'SJ', bank_beneficiary: 'Ana Souza' })).status).toBe(303);
  expect((await client.deposit(Number(created.deposit_id))).payment_method).toBe('SJ');
});

test('an unavailable method or a bad e-mail is refused by the form', async ({ client }) => {
  const created = await client.createDeposit({ amount: 10, country: 'MX' });
  const url = String(created.redirect_url);
  const full = {
    document: 'ABCD123456',
    document_type: 'CURP',
    email: 'a@b.co',
    first_name: 'A',
    last_name: 'B',
  };
  expect((await post(url, { ...full, payment_method: 'OX' })).status).toBe(400);
  expect((await post(url, { ...full, payment_method: 'SE', email: 'nope' })).status).toBe(400);
  expect((await post(url, { ...full, payment_method: 'SE' })).status).toBe(303);
});

test('an unknown checkout link is 404', async ({ sandbox }) => {
  expect((await fetch(`${sandbox.baseUrl}/checkout/nothing-here`)).status).toBe(404);
});

test('a ONE_SHOT redirect_url shows the payment instructions', async ({ client }) => {
  const created = await client.createDeposit({ amount: 10, country: 'BR', payment_method: 'IX' });
  const page = await (await fetch(String(created.redirect_url))).text();
  const metadata = (created.payment_info as { metadata: JsonRecord }).metadata;
  expect(page).toContain(String(metadata.digitable_line));
});
