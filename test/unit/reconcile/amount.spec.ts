import { expect, test } from '@playwright/test';
import { parseLedgerAmount, sniffDecimalSeparator } from '../../../main/core/reconcile';

/** Ledger amounts as people type them, read without the service. */

const units = (text: string, decimal: ',' | '.'): number | string => {
  const reading = parseLedgerAmount(text, decimal);
  return reading.ok ? reading.units / 10_000 : reading.reason;
};

test('amounts with decimal commas, grouping, signs and currency symbols', () => {
  expect(units('1.234,56', ',')).toBe(1234.56);
  expect(units('1234,5', ',')).toBe(1234.5);
  expect(units('R$ 1.234,56', ',')).toBe(1234.56);
  expect(units('1 234,56', ',')).toBe(1234.56);
  expect(units('1\u00a0234,56 €', ',')).toBe(1234.56);
  expect(units('-12,50', ',')).toBe(-12.5);
  expect(units('(12,50)', ',')).toBe(-12.5);
  expect(units('12,50-', ',')).toBe(-12.5);
  expect(units('1.234', ',')).toBe(1234);
  expect(units('1,234.56', '.')).toBe(1234.56);
  expect(units('BRL 0.1', '.')).toBe(0.1);
  expect(units('1.234', '.')).toBe(1.234);
  expect(units('12', '.')).toBe(12);
});

test('amounts that do not read are refused with a reason, never guessed', () => {
  expect(units('', ',')).toBe('the amount is empty');
  expect(units('1.234.56', ',')).toContain('thousands are not grouped in threes');
  expect(units('1,234.56', ',')).toContain('separators after the decimal separator');
  expect(units("1'234.5", '.')).toBe(1234.5);
  expect(units('1.234 567,00', ',')).toContain('thousands are not grouped in threes');
  expect(units('12,3,4', ',')).toContain('appears twice');
  expect(units('1234.567', ',')).toContain('thousands are not grouped in threes');
  expect(units('1,23456', ',')).toContain('more than 4 decimals');
  expect(units('12,', ',')).toContain('no digits after');
  expect(units('doze', ',')).toContain('only digits and separators');
  expect(units('=1+1', '.')).toContain('only digits and separators');
});

test('the decimal separator is sniffed from the amounts, the delimiter deciding a tie', () => {
  expect(sniffDecimalSeparator(['1.234,56', '12,00'], '.')).toBe(',');
  expect(sniffDecimalSeparator(['1,234.56', '12.00'], ',')).toBe('.');
  expect(sniffDecimalSeparator(['1.234.567'], '.')).toBe(',');
  expect(sniffDecimalSeparator(['1.234', '2.000'], ',')).toBe(',');
  expect(sniffDecimalSeparator(['1.234', '2.000'], '.')).toBe('.');
  expect(sniffDecimalSeparator(['12,5', '7,25', '1.5'], '.')).toBe(',');
});
