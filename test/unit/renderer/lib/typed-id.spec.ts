import { expect, test } from '@playwright/test';
import type { IndexedRecordView } from '../../../../shared/contract';
import { recordHref } from '../../../../renderer/src/components/record-href';
import { namesItsKind } from '../../../../renderer/src/lib/jump-parser';
import { exactMatches, numberOnLookup, resolveTyped } from '../../../../renderer/src/lib/typed-id';

/**
 * A bare number or text typed in the jump box or a lookup form is what the record index knows it
 * as: the one record that is exactly it, the start of ids, or nothing it knows.
 */

const seen = {
  firstSeen: '2026-03-01T10:00:00.000Z',
  lastSeen: '2026-03-01T10:00:00.000Z',
  source: 'lookup',
} as const;
const deposit = (id: string, invoiceId?: string): IndexedRecordView => ({
  kind: 'deposit',
  id,
  ...seen,
  ...(invoiceId !== undefined && { invoiceId }),
});
const cashoutByExternalId: IndexedRecordView = {
  kind: 'cashout',
  id: 'ext:payout-7781',
  externalId: 'payout-7781',
  ...seen,
};

test('only text with a kind word goes by the grammar alone', () => {
  for (const typed of ['ref 17', 'co11954', 'ext payout-7781', 'dep:300000001', 'SM #18703', 'dep'])
    expect(namesItsKind(typed), typed).toBe(true);
  for (const typed of ['300000001', 'INV-2024-0042', 'payout-7781', '3000', 'inv 12', ''])
    expect(namesItsKind(typed), typed).toBe(false);
});

test('an invoice id the index knows exactly is its deposit', () => {
  const found = [deposit('300000001', 'INV-2024-0042'), deposit('300000002', 'INV-2024-00420')];
  expect(resolveTyped('INV-2024-0042', found)).toEqual({ kind: 'one', record: found[0] });
  const one = resolveTyped('INV-2024-0042', found);
  expect(one.kind === 'one' && recordHref(one.record)).toBe('/deposits/300000001');
});

test('a numeric prefix is the start of ids, not an id', () => {
  const found = [deposit('300000001'), deposit('300000002')];
  expect(resolveTyped('3000', found)).toEqual({ kind: 'prefix' });
  expect(resolveTyped('300000002', [deposit('300000002'), deposit('3000000021')])).toEqual({
    kind: 'one',
    record: deposit('300000002'),
  });
  expect(resolveTyped('3000', [])).toEqual({ kind: 'unknown' });
});

test('several records exactly the text: the person picks one', () => {
  const found = [deposit('17'), { ...deposit('17'), kind: 'refund' as const }];
  expect(resolveTyped('17', found)).toEqual({ kind: 'several', count: 2 });
  expect(exactMatches(' 17 ', found)).toHaveLength(2);
});

test('a cashout known by its external id alone opens by it', () => {
  const one = resolveTyped('payout-7781', [cashoutByExternalId]);
  expect(one).toEqual({ kind: 'one', record: cashoutByExternalId });
  expect(recordHref(cashoutByExternalId)).toBe('/cashouts?externalId=payout-7781');
  expect(recordHref({ kind: 'cashout', id: '11954', externalId: 'payout-7781' })).toBe(
    '/cashouts?cashoutId=11954&externalId=payout-7781',
  );
});

test('a lookup screen opens its own whole id or a number the index knows nothing of; a prefix is searched', () => {
  expect(numberOnLookup('deposit', '300000001', [deposit('300000001')])).toBe('open');
  expect(numberOnLookup('deposit', '999', [])).toBe('open');
  expect(numberOnLookup('deposit', '3000', [deposit('300000001'), deposit('300000002')])).toBe('search');
  // A number that is another record's invoice id is listed, not taken for a deposit id.
  expect(numberOnLookup('deposit', '12345', [deposit('300000009', '12345')])).toBe('search');
  expect(numberOnLookup('refund', '17', [{ ...deposit('17'), kind: 'refund' }])).toBe('open');
});
