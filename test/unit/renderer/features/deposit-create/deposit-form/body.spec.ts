import { test, expect } from '@playwright/test';
import { checkDepositBody } from '../../../../../../main/core/console/deposits';
import { refundCreateBodySchema } from '../../../../../../main/core/payments';
import {
  cashoutRefFromSearch,
  cashoutStatusName,
  explainCancelFailure,
  problemsByInput,
  readCashoutIds,
} from '../../../../../../renderer/src/features/cashouts/cashout-ref';
import {
  depositCurrency,
  emptyDepositForm,
  isUnservedCountry,
  moneyProblems,
  issueOfRefusal,
  missingFields,
  requiredFields,
  sectionOf,
  sortIssues,
  toDepositBody,
  type DepositFormValues,
  type DepositMode,
  type TextField,
} from '../../../../../../renderer/src/features/deposit-create/deposit-form';
import {
  hasImage,
  instructionRows,
  isImageDataUri,
} from '../../../../../../renderer/src/features/deposit-create/payment-instructions';
import {
  emptyRefundForm,
  inputOfRefusal,
  refundAmountProblem,
  refundProblems,
  toRefundBody,
} from '../../../../../../renderer/src/features/refunds/refund-form';

/**
 * The money screens' pure helpers: the deposit form's body (checked by main's own checkDeposit,
 * not a copy of its rules), the payment-instruction rows, the refund form, the cashout ids.
 */

function form(
  mode: DepositMode,
  text: Partial<Record<TextField, string>>,
  crypto = false,
): DepositFormValues {
  const empty = emptyDepositForm(mode);
  return { ...empty, text: { ...empty.text, ...text }, crypto };
}

const PAYER = {
  'payer.first_name': 'Ana',
  'payer.last_name': 'Souza',
  'payer.document': '84932568207',
  'payer.document_type': 'CPF',
  'payer.email': 'ana@example.com',
} as const;

test.describe('deposit form → body, as main judges it (D9)', () => {
  test('one-shot with the payer and the method: trimmed, empty fields left out, amount as text', () => {
    const body = toDepositBody(
      form('one_shot', {
        amount: ' 100.50 ',
        country: 'BR',
        payment_method: 'IX',
        ...PAYER,
        description: '  ',
      }),
      'en',
    );
    expect(body).toEqual({
      amount: '100.50',
      country: 'BR',
      payment_method: 'IX',
      payer: {
        first_name: 'Ana',
        last_name: 'Souza',
        document: '84932568207',
        document_type: 'CPF',
        email: 'ana@example.com',
      },
    });
    expect(checkDepositBody(body)).toMatchObject({ issues: [], expectedFlow: 'ONE_SHOT', quickPay: false });
  });

  test('hosted without the method or payer: HOSTED', () => {
    const body = toDepositBody(
      form('hosted', { amount: '75', country: 'BR', 'payer.first_name': 'Ana' }),
      'en',
    );
    expect(body).toEqual({ amount: '75', country: 'BR', payer: { first_name: 'Ana' } });
    expect(checkDepositBody(body)).toMatchObject({ issues: [], expectedFlow: 'HOSTED' });
  });

  test('QuickPay: Mexico sends SE and a payer of id only; Brazil sends IX and no payer', () => {
    const mexico = toDepositBody(
      form('quick_pay', {
        amount: '250',
        country: 'MX',
        'payer.id': 'cust42',
        ...PAYER,
        payment_method: 'BB',
      }),
      'en',
    );
    expect(mexico).toEqual({ amount: '250', country: 'MX', payment_method: 'SE', payer: { id: 'cust42' } });
    expect(checkDepositBody(mexico)).toMatchObject({ issues: [], expectedFlow: 'ONE_SHOT', quickPay: true });

    const brazil = toDepositBody(
      form('quick_pay', {
        amount: '12.34',
        country: 'BR',
        'payer.id': 'cust42',
        'reported_info.bank_branch': '1',
      }),
      'en',
    );
    expect(brazil).toEqual({ amount: '12.34', country: 'BR', payment_method: 'IX' });
    expect(checkDepositBody(brazil)).toMatchObject({ issues: [], expectedFlow: 'ONE_SHOT', quickPay: true });
  });

  test('QuickPay Mexico without a payer id: nothing required that the service fills in, HOSTED predicted', () => {
    // The service makes a payer id when none is sent; without one main sees no QuickPay (D9).
    const values = form('quick_pay', { amount: '250', country: 'MX' });
    expect(missingFields(values, requiredFields(values, []))).toEqual([]);
    const body = toDepositBody(values, 'en');
    expect(body).toEqual({ amount: '250', country: 'MX', payment_method: 'SE' });
    expect(checkDepositBody(body)).toMatchObject({ issues: [], expectedFlow: 'HOSTED', quickPay: false });
  });

  test('numbers where the body takes numbers; flags only when ticked; bonus kind only with a bonus', () => {
    const values = form('hosted', {
      amount: '10',
      country: 'BR',
      bonus_amount: '5',
      strikethrough_price: 'abc',
    });
    values.flags.test = true;
    expect(toDepositBody(values, 'en')).toEqual({
      amount: '10',
      country: 'BR',
      bonus_amount: 5,
      bonus_relative: false,
      strikethrough_price: 'abc',
      test: true,
    });
    // Text that is not a number reaches main, which names the field.
    expect(checkDepositBody(toDepositBody(values, 'en')).issues.map((issue) => issue.field)).toEqual([
      'strikethrough_price',
    ]);
    const relative = form('hosted', { amount: '10', country: 'BR' });
    relative.flags.bonus_relative = true;
    expect(toDepositBody(relative, 'en')).toEqual({ amount: '10', country: 'BR' });
  });

  test('the crypto object is sent whole once chosen, so main names a missing part', () => {
    const body = toDepositBody(
      form(
        'hosted',
        { amount: '40', country: 'BR', 'crypto.currency': 'USDT', 'crypto.network': 'TRC20' },
        true,
      ),
      'en',
    );
    expect(body.crypto).toEqual({ currency: 'USDT', network: 'TRC20', wallet: '' });
    expect(checkDepositBody(body).issues).toEqual([
      { field: 'crypto.wallet', message: 'must not be empty', text: { key: 'field.empty' } },
    ]);
    const off = toDepositBody(
      form('hosted', { amount: '40', country: 'BR', 'crypto.currency': 'USDT' }, false),
      'en',
    );
    expect(off.crypto).toBeUndefined();
  });

  test("main's issues land on the input of the same name; the rest are listed apart", () => {
    const body = toDepositBody(
      form('one_shot', {
        amount: '10.555',
        country: 'BR',
        payment_method: 'BB',
        'payer.email': 'nope',
        'reported_info.bank_branch': '12345',
      }),
      'en',
    );
    const check = checkDepositBody(body);
    const sorted = sortIssues([...check.issues, { field: 'payer', message: 'whole object' }]);
    expect(Object.keys(sorted.byField).sort()).toEqual([
      'amount',
      'payer.email',
      'reported_info.bank_branch',
    ]);
    expect(sorted.byField['payer.email']).toBe('must be a valid e-mail address');
    expect(sorted.elsewhere).toEqual([{ field: 'payer', message: 'whole object' }]);
    expect(check.reportedInfoRules.map((rule) => rule.field).sort()).toEqual([
      'bank_account_number',
      'bank_branch',
    ]);
  });

  test("required inputs per mode: one-shot needs the method, D9 payer fields and the method's reported_info", () => {
    const values = form('one_shot', {
      amount: '1',
      country: 'BR',
      payment_method: 'BB',
      'payer.email': 'a@b.co',
    });
    const required = requiredFields(values, ['bank_branch', 'bank_account_number']);
    expect(missingFields(values, required)).toEqual([
      'payer.document',
      'payer.first_name',
      'payer.last_name',
      'reported_info.bank_branch',
      'reported_info.bank_account_number',
    ]);
    expect(missingFields(form('hosted', {}), requiredFields(form('hosted', {}), []))).toEqual([
      'amount',
      'country',
    ]);
    const wallet = form('hosted', { amount: '1', country: 'BR' }, true);
    expect(missingFields(wallet, requiredFields(wallet, []))).toEqual([
      'crypto.currency',
      'crypto.network',
      'crypto.wallet',
    ]);
  });

  test('money in the reader\'s language: pt-BR "100,50" is sent as "100.50"; what cannot be read is named', () => {
    const values = form('hosted', {
      amount: '1.100,50',
      country: 'BR',
      bonus_amount: '0',
      strikethrough_price: '2,5',
    });
    const body = toDepositBody(values, 'pt-BR');
    expect(body).toMatchObject({ amount: '1100.50', bonus_amount: 0, strikethrough_price: 2.5 });
    expect(checkDepositBody(body).issues).toEqual([]);
    expect(moneyProblems(values, 'pt-BR')).toEqual({});
    // The same text in English is a grouping mistake, not 1.1.
    expect(moneyProblems(values, 'en')).toEqual({ amount: 'grouping', strikethrough_price: 'grouping' });
    expect(moneyProblems(form('hosted', { amount: '-5', bonus_amount: '-1' }), 'es')).toEqual({
      amount: 'negative',
      bonus_amount: 'negative',
    });
    // Decimals and zero are main's rules (D9), judged on the amount as read.
    const decimals = form('hosted', { amount: '10,555', country: 'BR' });
    expect(moneyProblems(decimals, 'es')).toEqual({});
    expect(checkDepositBody(toDepositBody(decimals, 'es')).issues.map((issue) => issue.field)).toEqual([
      'amount',
    ]);
  });

  test('the currency shown beside the amounts; countries the service does not serve', () => {
    expect(depositCurrency(form('hosted', { country: 'CL' }))).toBe('CLP');
    expect(depositCurrency(form('hosted', { country: 'PA' }))).toBe('USD');
    expect(depositCurrency(form('hosted', { country: 'BR', currency: 'USD' }))).toBe('USD');
    expect(depositCurrency(form('hosted', { country: 'CH' }))).toBeNull();
    expect(isUnservedCountry('CH')).toBe(true);
    expect(isUnservedCountry('CHL')).toBe(true);
    expect(isUnservedCountry('CL')).toBe(false);
    expect(isUnservedCountry('')).toBe(false);
  });

  test('a refusal of createDeposit as a field issue, without the IPC prefix', () => {
    expect(
      issueOfRefusal({
        kind: 'validation',
        field: 'body.payer.email',
        message: 'body.payer.email: must be a valid e-mail address',
      }),
    ).toEqual({ field: 'payer.email', message: 'must be a valid e-mail address' });
    expect(issueOfRefusal({ kind: 'not_permitted', message: 'armed?' })).toBeNull();
    expect(sectionOf('payer.address.city')).toBe('payerMore');
    expect(sectionOf('notification_url')).toBe('options');
    expect(sectionOf('amount')).toBeNull();
  });
});

test.describe('payment instructions', () => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  test('every key in the order it came; known keys flagged; numbers kept exactly; nested values as JSON', () => {
    const rows = instructionRows({
      qr_code: png,
      digitable_line: '0002 0126',
      reference: 2211870,
      new_thing: 'as it came',
      nested: { a: 1 },
      empty: null,
      flag: true,
    });
    expect(rows.map((row) => [row.key, row.known, row.kind])).toEqual([
      ['qr_code', true, 'image'],
      ['digitable_line', true, 'text'],
      ['reference', true, 'text'],
      ['new_thing', false, 'text'],
      ['nested', false, 'json'],
      ['empty', false, 'absent'],
      ['flag', false, 'text'],
    ]);
    expect(rows[2]).toMatchObject({ value: '2211870', copy: true });
    expect(rows[6]).toMatchObject({ value: 'true', copy: false });
    expect(hasImage(rows)).toBe(true);
    expect(instructionRows(undefined)).toEqual([]);
  });

  test('only raster data URIs are pictures; an SVG or a link is text', () => {
    expect(isImageDataUri(png)).toBe(true);
    expect(isImageDataUri('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe(false);
    expect(isImageDataUri('https://example.com/qr.png')).toBe(false);
    expect(instructionRows({ qr_code: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })[0]?.kind).toBe('text');
  });
});

test.describe('refund form (D8)', () => {
  test('the amount: a number > 0 with at most 2 decimals, within what is left; empty means all that is left', () => {
    expect(refundAmountProblem('', { remaining: 150, uncertain: false }, 'en')).toBeNull();
    // Empty with nothing certain to send: the amount must be typed.
    expect(refundAmountProblem('', { remaining: 150, uncertain: true }, 'en')).toBe('amount_needed');
    expect(refundAmountProblem('', { remaining: null, uncertain: false }, 'en')).toBe('amount_needed');
    expect(refundAmountProblem('20', { remaining: 150, uncertain: true }, 'en')).toBeNull();
    expect(refundAmountProblem('', { remaining: 0, uncertain: false }, 'en')).toBe('nothing_left');
    expect(refundAmountProblem('10,5', { remaining: 150, uncertain: false }, 'en')).toBe('grouping');
    expect(refundAmountProblem('ten', { remaining: 150, uncertain: false }, 'en')).toBe('not_a_number');
    expect(refundAmountProblem('-5', { remaining: 150, uncertain: false }, 'en')).toBe('negative');
    expect(refundAmountProblem('0', { remaining: 150, uncertain: false }, 'en')).toBe('not_positive');
    expect(refundAmountProblem('1.005', { remaining: 150, uncertain: false }, 'en')).toBe(
      'too_many_decimals',
    );
    expect(refundAmountProblem('150.01', { remaining: 150, uncertain: false }, 'en')).toBe('over_remaining');
    expect(refundAmountProblem('150', { remaining: 150, uncertain: false }, 'en')).toBeNull();
    expect(refundAmountProblem('0.1', { remaining: 0.3, uncertain: false }, 'en')).toBeNull();
    expect(refundAmountProblem('999', { remaining: null, uncertain: false }, 'en')).toBeNull();
  });

  test('es and pt-BR: the amount with a decimal comma, refused with a decimal point', () => {
    expect(refundAmountProblem('10,5', { remaining: 150, uncertain: false }, 'es')).toBeNull();
    expect(refundAmountProblem('150,01', { remaining: 150, uncertain: false }, 'pt-BR')).toBe(
      'over_remaining',
    );
    expect(refundAmountProblem('10.50', { remaining: 150, uncertain: false }, 'es')).toBe('grouping');
    const body = toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '1.234,5' }, false, 'es');
    expect(body).toEqual({ deposit_id: 300000001, invoice_id: 'INV-1', amount: 1234.5 });
    expect(refundCreateBodySchema.safeParse(body).success).toBe(true);
    // What cannot be read is never sent (the form shows the problem and sends nothing).
    expect(toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '-5' }, false, 'es').amount).toBe(
      undefined,
    );
  });

  test("a card deposit: no bank account; a bank deposit: the account, which main's schema takes", () => {
    const card = toRefundBody(300000001, { ...emptyRefundForm('INV-1'), amount: '12.5' }, false, 'en');
    expect(card).toEqual({ deposit_id: 300000001, invoice_id: 'INV-1', amount: 12.5 });
    expect(refundCreateBodySchema.safeParse(card).success).toBe(true);

    const values = {
      ...emptyRefundForm(' INV-6 '),
      beneficiary: 'Bruno Silva',
      bankCode: '104',
      accountNumber: '123456-7',
      comments: ' late ',
    };
    const left = { remaining: 100, uncertain: false };
    expect(refundProblems(values, { bankAccountRequired: true, left, locale: 'en' })).toEqual({});
    const bank = toRefundBody(300000006, values, true, 'en', left);
    // Everything that is left goes as that exact amount, never as a body without one.
    expect(bank).toEqual({
      deposit_id: 300000006,
      invoice_id: 'INV-6',
      amount: 100,
      bank_account: { beneficiary: 'Bruno Silva', bank_code: 104, account_number: '123456-7' },
      comments: 'late',
    });
    expect(
      toRefundBody(300000006, values, true, 'en', { remaining: 100, uncertain: true }).amount,
    ).toBeUndefined();
    expect(refundCreateBodySchema.safeParse(bank).success).toBe(true);
    expect(refundProblems(emptyRefundForm(''), { bankAccountRequired: true, left, locale: 'en' })).toEqual({
      invoiceId: 'required',
      beneficiary: 'required',
      bankCode: 'required',
      accountNumber: 'required',
    });
  });

  test('a refusal names its input', () => {
    expect(inputOfRefusal('body.bank_account.bank_code')).toBe('bankCode');
    expect(inputOfRefusal('body.bank_account')).toBe('beneficiary');
    expect(inputOfRefusal('body.amount')).toBe('amount');
    expect(inputOfRefusal('reason')).toBeNull();
  });
});

test.describe('cashout ids (D7)', () => {
  test('a status read takes either id; a cancel needs both', () => {
    expect(readCashoutIds(' 11954 ', '', { needBoth: false })).toEqual({
      ok: true,
      ref: { cashoutId: 11954 },
    });
    expect(readCashoutIds('', 'payout-7781', { needBoth: false })).toEqual({
      ok: true,
      ref: { externalId: 'payout-7781' },
    });
    expect(problemsByInput(readCashoutIds('', '', { needBoth: false }))).toEqual({ cashoutId: 'none_given' });
    expect(problemsByInput(readCashoutIds('11954', '', { needBoth: true }))).toEqual({
      externalId: 'missing',
    });
    expect(problemsByInput(readCashoutIds('0', 'x'.repeat(33), { needBoth: true }))).toEqual({
      cashoutId: 'bad_cashout_id',
      externalId: 'bad_external_id',
    });
    expect(problemsByInput(readCashoutIds('1', 'a\tb', { needBoth: true }))).toEqual({
      externalId: 'bad_external_id',
    });
  });

  test("the screen's URL", () => {
    expect(cashoutRefFromSearch(new URLSearchParams(''))).toBeNull();
    expect(cashoutRefFromSearch(new URLSearchParams('cashoutId=11954&externalId=payout%207781'))).toEqual({
      ok: true,
      ref: { cashoutId: 11954, externalId: 'payout 7781' },
    });
    expect(cashoutRefFromSearch(new URLSearchParams('cashoutId=abc'))).toMatchObject({ ok: false });
  });

  test('status names by code, an unknown code by its description; cancel refusals in plain words', () => {
    expect(cashoutStatusName({ cashout_status: 2, cashout_status_description: 'Canceled' })).toBe(
      'CANCELLED',
    );
    expect(cashoutStatusName({ cashout_status: 9, cashout_status_description: 'Escrowed' })).toBe('Escrowed');
    expect(explainCancelFailure({ kind: 'invalid_state', message: '', code: 510, httpStatus: 412 })).toBe(
      'not_pending',
    );
    expect(explainCancelFailure({ kind: 'not_found', message: '', code: 509 })).toBe('not_found');
    expect(explainCancelFailure({ kind: 'validation', message: '', code: 509 })).toBe('not_found');
    expect(explainCancelFailure({ kind: 'outcome_unknown', message: '' })).toBe('outcome_unknown');
    expect(explainCancelFailure({ kind: 'network', message: '' })).toBeNull();
  });
});
