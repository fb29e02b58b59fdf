import { test, expect } from '@playwright/test';
import {
  approvalTimeParts,
  countryName,
  filterBanks,
  foldForSearch,
  isMethodAvailable,
  isReferenceCountry,
  QUOTE_CURRENCIES,
  REFERENCE_COUNTRIES,
} from '../../../../../../renderer/src/features/reference/reference-data';

/** Pure helpers of the reference-data and sandbox-control screens (brief F3). */

const text = (seconds: number): string =>
  approvalTimeParts(seconds)
    .map((part) => `${part.value} ${part.unit}`)
    .join(' ');

test.describe('approval times in human units', () => {
  test('at most two units, the largest first', () => {
    expect(text(7_500)).toBe('2 h 5 min');
    expect(text(97_200)).toBe('1 d 3 h');
    expect(text(45)).toBe('45 s');
    expect(text(90)).toBe('1 min 30 s');
    expect(text(5_400)).toBe('1 h 30 min');
    expect(text(86_400)).toBe('1 d');
    expect(text(3_600)).toBe('1 h');
  });

  test('rounded to the second unit, carrying into the larger one', () => {
    expect(text(3_661)).toBe('1 h 1 min');
    expect(text(6_100)).toBe('1 h 42 min');
    expect(text(86_380)).toBe('1 d');
    expect(text(90_061)).toBe('1 d 1 h');
    expect(text(3_599)).toBe('59 min 59 s');
    expect(text(44.6)).toBe('45 s');
  });

  test('zero is 0 s; what is not a duration gives nothing', () => {
    expect(text(0)).toBe('0 s');
    expect(text(0.4)).toBe('0 s');
    expect(approvalTimeParts(-1)).toEqual([]);
    expect(approvalTimeParts(Number.NaN)).toEqual([]);
    expect(approvalTimeParts(Number.POSITIVE_INFINITY)).toEqual([]);
  });

  test('never more than two parts, for any whole number of seconds up to a year', () => {
    const wrong: number[] = [];
    for (let seconds = 0; seconds <= 366 * 86_400; seconds += 997) {
      const count = approvalTimeParts(seconds).length;
      if (count < 1 || count > 2) wrong.push(seconds);
    }
    expect(wrong).toEqual([]);
  });
});

test.describe('payment method availability', () => {
  test('ACTIVE and its synonyms are available, read tolerantly', () => {
    expect(isMethodAvailable('ACTIVE')).toBe(true);
    expect(isMethodAvailable(' active ')).toBe(true);
    expect(isMethodAvailable('AVAILABLE')).toBe(true);
  });

  test('anything else is marked unavailable', () => {
    expect(isMethodAvailable('TEMPORARILY_UNAVAILABLE')).toBe(false);
    expect(isMethodAvailable('INACTIVE')).toBe(false);
    expect(isMethodAvailable('')).toBe(false);
  });
});

test.describe('bank search', () => {
  const banks = [
    { code: 1, name: 'Banco do Brasil' },
    { code: 104, name: 'Caixa Econômica Federal' },
    { code: 341, name: 'Itaú Unibanco' },
    { code: 748, name: 'Sicredi' },
  ];

  test('accents and case are ignored', () => {
    expect(foldForSearch('Itaú ECONÔMICA')).toBe('itau economica');
    expect(filterBanks(banks, 'itau').map((bank) => bank.code)).toEqual([341]);
    expect(filterBanks(banks, 'ECONOMICA').map((bank) => bank.code)).toEqual([104]);
  });

  test('every word must match; digits also match the start of the code', () => {
    expect(filterBanks(banks, 'banco brasil').map((bank) => bank.code)).toEqual([1]);
    expect(filterBanks(banks, 'banco sicredi')).toEqual([]);
    expect(filterBanks(banks, '34').map((bank) => bank.code)).toEqual([341]);
    expect(filterBanks(banks, '1').map((bank) => bank.code)).toEqual([1, 104]);
  });

  test('an empty or blank query keeps the list as it came', () => {
    expect(filterBanks(banks, '')).toBe(banks);
    expect(filterBanks(banks, '   ')).toBe(banks);
  });
});

test.describe('countries and quote currencies', () => {
  test('the seven countries the service serves, USD first among the quote currencies, each once', () => {
    expect(REFERENCE_COUNTRIES.map((country) => country.code)).toEqual([
      'BR',
      'MX',
      'CL',
      'PE',
      'PA',
      'CO',
      'AR',
    ]);
    expect(QUOTE_CURRENCIES).toEqual(['USD', 'BRL', 'MXN', 'CLP', 'PEN', 'COP', 'ARS']);
    expect(isReferenceCountry('MX')).toBe(true);
    expect(isReferenceCountry('US')).toBe(false);
    expect(isReferenceCountry(null)).toBe(false);
  });

  test('country names in the reader language', () => {
    expect(countryName('BR', 'en')).toBe('Brazil');
    expect(countryName('BR', 'es')).toBe('Brasil');
    expect(countryName('MX', 'pt-BR')).toBe('México');
  });
});
