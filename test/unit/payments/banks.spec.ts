import { expect, test } from '@playwright/test';
import { BANKS_ANSWER } from '../../../main/core/payments/banks';
import { ANSWERS, parseAnswer } from '../../../main/core/payments/schemas';

/**
 * D14 on the console's side: wherever an answer carries a bank code, "001" and 1 both read
 * without error. A record keeps the code exactly as it came (D12 keeps fields the spec does not
 * list), so the raw view shows "001", not 1.
 */

test('a deposit record carrying bank_account.bank_code "001" or 1 reads, kept as it came', () => {
  for (const bankCode of ['001', 1]) {
    const body = {
      deposit_id: 300000006,
      status: 'COMPLETED',
      bank_account: { bank_code: bankCode, account_number: '12345678-9' },
    };
    const read = parseAnswer(ANSWERS.depositStatus, JSON.stringify(body));
    expect(read.ok, JSON.stringify(bankCode)).toBe(true);
    if (!read.ok) return;
    expect(read.data.record).toEqual(body);
    expect(read.data.raw).toEqual(body);
  }
});

test('a bank list whose codes come as strings of digits reads as their numbers', () => {
  const read = parseAnswer(
    BANKS_ANSWER,
    JSON.stringify([
      { code: '001', name: 'Banco do Brasil' },
      { code: 341, name: 'Itaú' },
    ]),
  );
  expect(read.ok).toBe(true);
  if (!read.ok) return;
  expect(read.data.record.map((bank) => bank.code)).toEqual([1, 341]);
  expect(read.data.raw).toEqual([
    { code: '001', name: 'Banco do Brasil' },
    { code: 341, name: 'Itaú' },
  ]);
  const refused = parseAnswer(BANKS_ANSWER, JSON.stringify([{ code: '0O1', name: 'x' }]));
  expect(refused.ok).toBe(false);
});
