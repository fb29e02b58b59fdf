import { test, expect } from '@playwright/test';
import { checkDepositBody } from '../../../../../../main/core/console/deposits';
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

/**
 * The deposit form's body, checked by main's own checkDeposit, not a copy of its rules.
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
