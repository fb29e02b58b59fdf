import { expect, test } from '@playwright/test';
import {
  moneyInputExample,
  numberSeparators,
  parseMoneyInput,
  type MoneyInputProblem,
} from '../../../../renderer/src/lib/money-input';

/**
 * Amount inputs read in the reader's language: what each locale accepts, and every
 * refusal. A refusal is a problem on the field; an amount is never silently a different amount.
 */

const read = (typed: string, locale: string, options = {}) => parseMoneyInput(typed, locale, options);
const ok = (value: number, text: string) => ({ ok: true, value, text });
const problem = (name: MoneyInputProblem) => ({ ok: false, problem: name });

test('the separators come from Intl: pt-BR and es write "1.234,56", en "1,234.56"', () => {
  expect(numberSeparators('pt-BR')).toEqual({ decimal: ',', group: '.' });
  expect(numberSeparators('es')).toEqual({ decimal: ',', group: '.' });
  expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
  expect(moneyInputExample('pt-BR')).toBe('1.234,56');
  expect(moneyInputExample('en')).toBe('1,234.56');
  expect(moneyInputExample('es')).toBe('1.234,56');
});

for (const locale of ['pt-BR', 'es']) {
  test(`${locale}: a comma before the decimals, dots between thousands`, () => {
    expect(read('100,50', locale)).toEqual(ok(100.5, '100.50'));
    expect(read(' 100,5 ', locale)).toEqual(ok(100.5, '100.5'));
    expect(read('1.234,56', locale)).toEqual(ok(1234.56, '1234.56'));
    expect(read('1234,56', locale)).toEqual(ok(1234.56, '1234.56'));
    expect(read('1.234.567', locale)).toEqual(ok(1234567, '1234567'));
    expect(read('150', locale)).toEqual(ok(150, '150'));
    expect(read('0,01', locale)).toEqual(ok(0.01, '0.01'));
  });

  test(`${locale}: every refusal`, () => {
    // A dot before two digits is the English decimal, not a thousands group: refused, not 10050.
    expect(read('100.50', locale)).toEqual(problem('grouping'));
    expect(read('1.23,45', locale)).toEqual(problem('grouping'));
    expect(read('1,234.56', locale)).toEqual(problem('grouping'));
    expect(read('1,2,3', locale)).toEqual(problem('grouping'));
    expect(read('100,505', locale)).toEqual(problem('too_many_decimals'));
    expect(read('-5', locale)).toEqual(problem('negative'));
    expect(read('−5,00', locale)).toEqual(problem('negative'));
    expect(read('5-', locale)).toEqual(problem('not_a_number'));
    expect(read('abc', locale)).toEqual(problem('not_a_number'));
    expect(read('R$ 10', locale)).toEqual(problem('not_a_number'));
    expect(read('10e3', locale)).toEqual(problem('not_a_number'));
    expect(read(',50', locale)).toEqual(problem('not_a_number'));
    expect(read('50,', locale)).toEqual(problem('not_a_number'));
    expect(read('0', locale)).toEqual(problem('not_positive'));
    expect(read('0,00', locale)).toEqual(problem('not_positive'));
  });
}

test('en: a dot before the decimals, commas between thousands', () => {
  expect(read('100.50', 'en')).toEqual(ok(100.5, '100.50'));
  expect(read('1,234.56', 'en')).toEqual(ok(1234.56, '1234.56'));
  expect(read('1,234,567', 'en')).toEqual(ok(1234567, '1234567'));
  expect(read('007.5', 'en')).toEqual(ok(7.5, '7.5'));
});

test('en: every refusal', () => {
  expect(read('100,50', 'en')).toEqual(problem('grouping'));
  expect(read('1.234,56', 'en')).toEqual(problem('grouping'));
  expect(read('12,34,567', 'en')).toEqual(problem('grouping'));
  expect(read('1.2.3', 'en')).toEqual(problem('grouping'));
  expect(read('1.234', 'en')).toEqual(problem('too_many_decimals'));
  expect(read('-5', 'en')).toEqual(problem('negative'));
  expect(read('five', 'en')).toEqual(problem('not_a_number'));
  expect(read('5 USD', 'en')).toEqual(problem('not_a_number'));
  expect(read('0', 'en')).toEqual(problem('not_positive'));
  expect(read('99999999999999999999', 'en')).toEqual(problem('not_a_number'));
});

test('nothing typed is null; zero and the number of decimals are the caller’s to set', () => {
  expect(read('', 'en')).toBeNull();
  expect(read('   ', 'pt-BR')).toBeNull();
  expect(read('0', 'en', { allowZero: true })).toEqual(ok(0, '0'));
  expect(read('1.2345', 'en', { maxDecimals: 4 })).toEqual(ok(1.2345, '1.2345'));
  expect(read('1.23456', 'en', { maxDecimals: 4 })).toEqual(problem('too_many_decimals'));
});

test('a locale grouping with a no-break space takes a typed space', () => {
  expect(read('1 234,56', 'fr')).toEqual(ok(1234.56, '1234.56'));
  expect(read('1\u202f234,56', 'fr')).toEqual(ok(1234.56, '1234.56'));
  expect(read('12 34,56', 'fr')).toEqual(problem('grouping'));
});
