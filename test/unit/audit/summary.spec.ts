import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DepositCreateBody } from '../../../shared/contract';
import { canonicalJson, looksMasked, mask, openJournal, summariseRequest } from '../../../main/core/audit';
import {
  PAYER,
  TESTING,
  depositBody,
  refundBody,
  removeTempDirs,
  tempDir,
} from '../../support/audit/samples';

test.afterAll(removeTempDirs);

test('mask keeps a fixed prefix and the last characters of a long enough value', () => {
  expect(mask('84932568207')).toBe('•••••8207');
  expect(mask('849.325.682-07')).toBe('•••••8207');
  expect(mask('000123456789-0')).toBe('•••••7890');
  expect(mask(PAYER.wallet)).toBe('•••••9EE7');
  expect(mask('1234567')).toBe('•••••67');
  expect(mask('123456')).toBe('•••••56');
  expect(mask('12345')).toBe('•••••');
  expect(mask('')).toBe('•••••');
});

test('looksMasked accepts what mask makes and refuses a clear value', () => {
  for (const value of ['84932568207', 'ab', PAYER.wallet, '', '12345'])
    expect(looksMasked(mask(value))).toBe(true);
  for (const value of ['84932568207', '•••12345678', '8207', '•••••12345'])
    expect(looksMasked(value)).toBe(false);
});

test('mask never shows more than four characters of any value', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), (value) => {
      const masked = mask(value);
      return masked.startsWith('•••••') && masked.length <= 9 && looksMasked(masked);
    }),
  );
});

test('a deposit summary holds the masked document, account and wallet, and nothing personal', () => {
  expect(summariseRequest('deposit.create', depositBody())).toEqual({
    amount: '100.5',
    country: 'BR',
    currency: 'BRL',
    payment_method: 'IX',
    payer_document: '•••••8207',
    payer_document_type: 'CPF',
    bank_code: 341,
    bank_account: '•••••7890',
    crypto_currency: 'USDT',
    crypto_network: 'TRC20',
    crypto_wallet: '•••••9EE7',
  });
});

test('a refund summary keeps ids and amount, masks the account, drops beneficiary and comments', () => {
  expect(summariseRequest('refund.create', refundBody())).toEqual({
    deposit_id: 3001,
    invoice_id: 'INV-0001',
    amount: '20',
    bank_code: 341,
    bank_account: '•••••7890',
    bank_account_type: 'C',
  });
});

test('a cashout cancel summary names the two ids', () => {
  expect(summariseRequest('cashout.cancel', { cashoutId: 11954, externalId: 'payout-7781' })).toEqual({
    cashout_id: 11954,
    external_id: 'payout-7781',
  });
});

test('no generated payer value appears in a deposit summary', () => {
  const word = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÁÉÍ'),
    minLength: 3,
    maxLength: 12,
  });
  const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 20 });
  fc.assert(
    fc.property(digits, word, word, word, digits, (document, first, last, mailbox, account) => {
      const email = `${mailbox}@${last}.example`;
      const body: DepositCreateBody = {
        amount: '12.34',
        country: 'BR',
        payer: { document, email, first_name: `Name${first}`, last_name: `Name${last}` },
        bank_account: { beneficiary: `Name${first} Name${last}`, account_number: account },
      };
      const line = canonicalJson(summariseRequest('deposit.create', body));
      return (
        !line.includes(document) &&
        !line.includes(account) &&
        !line.includes('@') &&
        !line.includes(`Name${first}`) &&
        !line.includes(`Name${last}`)
      );
    }),
    { numRuns: 300 },
  );
});

test('a raw body passed through the journal leaves no payer value and no extra field in the file', async () => {
  const opened = await openJournal({ dir: tempDir('mask'), osUser: 'ana' });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.data;
  // A caller handing over a bigger object than the type says (structural typing allows it).
  const sneaky = { ...depositBody(), internal_note: 'call Anastacia at home' };
  const intent = await journal.recordIntent({
    environment: TESTING,
    action: 'deposit.create',
    idempotencyKey: randomUUID(),
    request: sneaky,
  });
  expect(intent.ok).toBe(true);
  const refund = await journal.recordIntent({
    environment: TESTING,
    action: 'refund.create',
    idempotencyKey: randomUUID(),
    request: refundBody(),
  });
  expect(refund.ok).toBe(true);
  const text = readFileSync(journal.paths.journal, 'utf8');
  for (const value of [...Object.values(PAYER), 'internal_note', 'Anastacia', 'token=abc123', 'Order for']) {
    expect(text).not.toContain(value);
  }
  await journal.close();
});
