import { test, expect } from '@playwright/test';
import {
  formatAgo,
  formatDateTime,
  currencyDigits,
  formatMoney,
  formatNumber,
  formatOffsetSeconds,
  formatPercentPoints,
  formatSeconds,
} from '../../../../renderer/src/lib/format';

// Intl separates a currency code from its number with a no-break space; compare on plain spaces.
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

test.describe('locale-aware formatting', () => {
  test('money in each language, with its code', () => {
    expect(plain(formatMoney(1234.5, 'BRL', 'en'))).toBe('BRL 1,234.50');
    expect(plain(formatMoney(1234.5, 'BRL', 'pt-BR'))).toBe('BRL 1.234,50');
    expect(plain(formatMoney(1234.5, 'USD', 'es'))).toBe('1234,50 USD');
  });

  test('each currency at its own decimals, everywhere: CLP none, BRL two, BHD three', () => {
    // The service sends a Chilean amount with a decimal; a CLP amount has none, so it is shown as
    // the whole pesos it is, in a table as in a total.
    expect(plain(formatMoney(12569.9, 'CLP', 'en'))).toBe('CLP 12,570');
    expect(plain(formatMoney(0, 'CLP', 'en'))).toBe('CLP 0');
    expect(plain(formatMoney(12569.9, 'CLP', 'pt-BR'))).toBe('CLP 12.570');
    expect(plain(formatMoney(0, 'BRL', 'en'))).toBe('BRL 0.00');
    expect(plain(formatMoney(100.5, 'MXN', 'es'))).toBe('100,50 MXN');
    expect(plain(formatMoney(1.5, 'BHD', 'en'))).toBe('BHD 1.500');
    // Lower case as some ledgers write it: the same currency.
    expect(plain(formatMoney(3.2, 'clp', 'en'))).toBe('CLP 3');
    // What a person typed is echoed whole (it is what is sent), padded to the currency's decimals.
    expect(plain(formatMoney(100.5, 'CLP', 'en', { exact: true }))).toBe('CLP 100.5');
    expect(plain(formatMoney(100.5, 'BRL', 'en', { exact: true }))).toBe('BRL 100.50');
    expect(currencyDigits('CLP')).toBe(0);
    expect(currencyDigits('BRL')).toBe(2);
    expect(currencyDigits('USDT')).toBeUndefined();
  });

  test('a code Intl refuses is written after the number, every decimal kept', () => {
    expect(plain(formatMoney(0.123456, 'USDT', 'en'))).toBe('0.123456 USDT');
    expect(formatNumber(0.5, 'pt-BR')).toBe('0,5');
    expect(formatNumber(1e-7, 'en')).toBe('0.0000001');
  });

  test('formats are kept per locale and options: one amount after another keeps its own decimals, code and locale', () => {
    // The same calls in turn, twice: a kept format must never leak one call's options into another.
    for (let round = 0; round < 2; round += 1) {
      expect(plain(formatMoney(10, 'BRL', 'en'))).toBe('BRL 10.00');
      expect(plain(formatMoney(0.125, 'BRL', 'en'))).toBe('BRL 0.13');
      expect(plain(formatMoney(0.125, 'BRL', 'en', { exact: true }))).toBe('BRL 0.125');
      expect(plain(formatMoney(10, 'USD', 'en'))).toBe('USD 10.00');
      expect(plain(formatMoney(10, 'BRL', 'pt-BR'))).toBe('BRL 10,00');
      expect(plain(formatMoney(2.5, 'USDT', 'en'))).toBe('2.5 USDT');
      expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
      expect(formatNumber(1234.5, 'pt-BR')).toBe('1.234,5');
    }
    expect(() => formatNumber(1, 'not a locale!')).toThrow(RangeError);
  });

  test('clock offsets are signed seconds', () => {
    expect(formatOffsetSeconds(1234, 'en')).toBe('+1.2 s');
    expect(formatOffsetSeconds(-400, 'pt-BR')).toBe('-0,4 s');
    expect(formatOffsetSeconds(0, 'en')).toBe('0.0 s');
    expect(formatSeconds(-450, 'en')).toBe('0.5 s');
    expect(formatSeconds(1250, 'es')).toBe('1,3 s');
  });

  test('how long ago, in the language: seconds under two minutes, then minutes, hours, days', () => {
    expect(formatAgo(12, 'en')).toBe('12 sec. ago');
    expect(formatAgo(119, 'en')).toBe('119 sec. ago');
    expect(formatAgo(125, 'es')).toBe('hace 2 min');
    expect(formatAgo(5 * 3600, 'pt-BR')).toBe('há 5 h');
    expect(formatAgo(3 * 86_400, 'en')).toBe('3 days ago');
    // A database clock a little ahead of the pass never says "in 1 second".
    expect(formatAgo(-1, 'en')).toBe('0 sec. ago');
  });

  test('percentage points ("2.00 means 2.00 percent")', () => {
    expect(plain(formatPercentPoints(2, 'en'))).toBe('2%');
    expect(plain(formatPercentPoints(2.5, 'es'))).toBe('2,5 %');
  });
});

test.describe('dates', () => {
  test('a time in the reader language and a given zone; an unreadable one as it came', () => {
    const at = Date.UTC(2024, 2, 5, 14, 7, 9);
    expect(plain(formatDateTime(at, 'en', 'UTC'))).toBe('Mar 5, 2024, 2:07:09 PM');
    expect(plain(formatDateTime(new Date(at).toISOString(), 'pt-BR', 'UTC'))).toBe(
      '5 de mar. de 2024, 14:07:09',
    );
    expect(formatDateTime('not a time', 'es')).toBe('not a time');
  });
});
