import { expect, test } from '@playwright/test';
import { isUnknownState } from '../../../../../../renderer/src/features/deposit-create/deposit-form';
import { filterStates, stateLabel } from '../../../../../../renderer/src/features/reference/reference-data';

/** Pure helpers of the state list (Reference data) and the payer state picker (New deposit), D15. */

const STATES = [
  { iso: 'SC', name: 'Santa Catarina' },
  { iso: 'SE', name: 'Sergipe' },
  { iso: 'SP', name: 'São Paulo' },
  { iso: 'RJ', name: 'Rio de Janeiro' },
  { iso: 'PA', name: 'Pará' },
];
const codes = (query: string): string[] => filterStates(STATES, query).map((state) => state.iso);

test('a state is found by its name, accents and case ignored, or by the start of its code', () => {
  expect(codes('sao')).toEqual(['SP']);
  expect(codes('SÃO paulo')).toEqual(['SP']);
  expect(codes('para')).toEqual(['PA']);
  expect(codes('rio jan')).toEqual(['RJ']);
  expect(codes('sp')).toEqual(['SP']);
  expect(codes('s')).toEqual(['SC', 'SE', 'SP']);
  expect(codes('  ')).toEqual(['SC', 'SE', 'SP', 'RJ', 'PA']);
  expect(codes('lisboa')).toEqual([]);
  expect(stateLabel({ iso: 'SP', name: 'São Paulo' })).toBe('São Paulo (SP)');
});

test("a payer state not in the country's list is unknown; nothing is judged without a list", () => {
  expect(isUnknownState('SP', STATES)).toBe(false);
  expect(isUnknownState(' SP ', STATES)).toBe(false);
  expect(isUnknownState('CMX', STATES)).toBe(true);
  expect(isUnknownState('sp', STATES)).toBe(true);
  expect(isUnknownState('', STATES)).toBe(false);
  expect(isUnknownState('CMX', undefined)).toBe(false);
});
