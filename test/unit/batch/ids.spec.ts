import { expect, test } from '@playwright/test';
import { BATCH_LIMITS, type BatchParseResult, type Result } from '../../../shared/contract';
import { batchCsv, checkIdToken, parseBatchIds } from '../../../main/core/batch';

/** The batch id parser: whatever a user pastes or opens becomes canonical ids, and nothing is skipped silently. */

function parsed(result: Result<BatchParseResult>): BatchParseResult {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.data;
}

test('any separators: whitespace, commas, semicolons, pipes, tabs, line breaks and quotes', () => {
  const text =
    '300000001 300000002,300000003;300000004|300000005\t300000006\n\'300000007\' "300000008" `300000009`\r\n300000010\r300000011  ,, ;\n\n';
  const result = parsed(parseBatchIds('deposits', text));
  expect(result.ids).toEqual(Array.from({ length: 11 }, (_, index) => String(300000001 + index)));
  expect(result.invalid).toEqual([]);
  expect(result.invalidCount).toBe(0);
  expect(result.header).toBeNull();
});

test('duplicates are kept once, in first position, and reported with their count', () => {
  const result = parsed(parseBatchIds('refunds', '5 5\n6 0005 7\n5'));
  expect(result.ids).toEqual(['5', '6', '7']);
  expect(result.duplicates).toEqual([{ id: '5', occurrences: 4 }]);
  expect(result.duplicateCount).toBe(3);
});

test('invalid tokens are listed with their row and the reason, never skipped silently', () => {
  const result = parsed(
    parseBatchIds('deposits', '12 abc\n-3 0 1.5\n99999999999999999 3e5 ext:payout-1\n13'),
  );
  expect(result.ids).toEqual(['12', '13']);
  expect(result.invalid).toEqual([
    { token: 'abc', row: 1, reason: 'is not a number', text: { key: 'batchId.notNumber' } },
    { token: '-3', row: 2, reason: 'a negative number is not an id', text: { key: 'batchId.negative' } },
    { token: '0', row: 2, reason: 'zero is not an id', text: { key: 'batchId.zero' } },
    { token: '1.5', row: 2, reason: 'ids are whole numbers', text: { key: 'batchId.notWhole' } },
    {
      token: '99999999999999999',
      row: 3,
      reason: 'is larger than any id (2^53 − 1)',
      text: { key: 'batchId.tooLarge' },
    },
    {
      token: '3e5',
      row: 3,
      reason: 'written in scientific notation (format the column as text)',
      text: { key: 'batchId.scientific' },
    },
    {
      token: 'ext:payout-1',
      row: 3,
      reason: 'only cashouts have external ids',
      text: { key: 'batchId.externalNotCashout' },
    },
  ]);
  expect(result.invalidCount).toBe(7);
});

test('cashouts: numeric cashout_id, or ext:<external_id>; the prefix is case-insensitive', () => {
  const result = parsed(
    parseBatchIds(
      'cashouts',
      `11954 ext:payout-7781 EXT:payout-7782 payout-7783 ext: ext:${'x'.repeat(33)} ext:${'y'.repeat(32)} 11954`,
    ),
  );
  expect(result.ids).toEqual(['11954', 'ext:payout-7781', 'ext:payout-7782', `ext:${'y'.repeat(32)}`]);
  expect(result.duplicateCount).toBe(1);
  expect(result.invalid.map((item) => [item.token, item.reason])).toEqual([
    ['payout-7783', 'is not a cashout id; write an external id as ext:<id>'],
    ['ext:', 'nothing follows ext:'],
    [`ext:${'x'.repeat(33)}`, 'an external id has at most 32 characters'],
  ]);
  expect(result.invalid.map((item) => item.text)).toEqual([
    { key: 'batchId.notCashoutId', params: { prefix: 'ext:' } },
    { key: 'batchId.externalEmpty', params: { prefix: 'ext:' } },
    { key: 'batchId.externalTooLong', params: { max: 32 } },
  ]);
});

test('a CSV header naming the id column is skipped and only that column is read', () => {
  const csv = 'Deposit ID;Amount;Note\n300000001;150,00;"paid, late"\n300000002;-12;=1+1\n';
  const result = parsed(parseBatchIds('deposits', csv));
  expect(result.header).toEqual(['Deposit ID', 'Amount', 'Note']);
  expect(result.idColumns).toEqual(['Deposit ID']);
  expect(result.ids).toEqual(['300000001', '300000002']);
  // The amounts and notes are not ids, and not read as invalid tokens either: the header said so.
  expect(result.invalidCount).toBe(0);
});

test('a batch CSV exported by the console reads back as its ids (amounts and codes are not taken)', () => {
  const exported = batchCsv('refunds', [
    {
      index: 0,
      id: '17',
      state: 'ok',
      status: 'COMPLETED',
      changed: 'new',
      amount: 50,
      depositId: 300000006,
    },
    {
      index: 1,
      id: '18',
      state: 'failed',
      changed: null,
      errorKind: 'server',
      errorCode: 500,
      errorMessage: 'The service failed (HTTP 500).',
    },
  ]);
  const result = parsed(parseBatchIds('refunds', exported));
  expect(result.ids).toEqual(['17', '18']);
  expect(result.invalidCount).toBe(0);
});

test('cashouts: an external_id column is read whole, so an external id may hold spaces and commas', () => {
  const csv = 'cashout_id,external_id\n11954,payout-7781\n,"payout 7790, batch 2"\n,ext:payout-7791\n';
  const result = parsed(parseBatchIds('cashouts', csv));
  // A row with a cashout_id is read by it; the others by their external id.
  expect(result.ids).toEqual(['11954', 'ext:payout 7790, batch 2', 'ext:payout-7791']);
  expect(result.invalidCount).toBe(0);
});

test('a first row of column names without an id column is a header, unknown words are invalid tokens', () => {
  const header = parsed(parseBatchIds('deposits', 'Status\n300000001\n'));
  expect(header.header).toEqual(['Status']);
  expect(header.ids).toEqual(['300000001']);
  expect(header.invalidCount).toBe(0);

  const prose = parsed(parseBatchIds('deposits', 'please check these\n300000001\n'));
  expect(prose.header).toBeNull();
  expect(prose.invalid.map((item) => item.token)).toEqual(['please', 'check', 'these']);
  // A first row holding an id is data, whatever else it holds.
  const mixed = parsed(parseBatchIds('deposits', 'id 300000005\n300000006'));
  expect(mixed.header).toBeNull();
  expect(mixed.ids).toEqual(['300000005', '300000006']);
  expect(mixed.invalid).toEqual([
    { token: 'id', row: 1, reason: 'is not a number', text: { key: 'batchId.notNumber' } },
  ]);
});

test('text that is not valid CSV (an unclosed quote) is still read as free text; a BOM is dropped', () => {
  const result = parsed(parseBatchIds('deposits', '\uFEFF"300000001, 300000002\n300000003'));
  expect(result.ids).toEqual(['300000001', '300000002', '300000003']);
  expect(result.invalidCount).toBe(0);
  expect(parsed(parseBatchIds('deposits', '')).ids).toEqual([]);
});

test('huge input: the cap on distinct ids and on text length are clear errors, not silent cuts', () => {
  const atCap = Array.from({ length: BATCH_LIMITS.maxIds }, (_, index) => String(index + 1)).join('\n');
  const full = parsed(parseBatchIds('deposits', atCap));
  expect(full.ids).toHaveLength(BATCH_LIMITS.maxIds);
  expect(full.ids.at(-1)).toBe(String(BATCH_LIMITS.maxIds));

  const overCap = parseBatchIds('deposits', `${atCap}\n${BATCH_LIMITS.maxIds + 1}`);
  expect(overCap).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      field: 'text',
      message: `text: holds more than ${BATCH_LIMITS.maxIds} distinct ids; split it into several batches.`,
      text: { key: 'batch.tooManyIds', params: { max: BATCH_LIMITS.maxIds } },
    },
  });
  // Duplicates beyond the cap do not count against it.
  expect(parsed(parseBatchIds('deposits', `${atCap}\n1\n2`)).duplicateCount).toBe(2);

  const tooLong = parseBatchIds('deposits', ' '.repeat(BATCH_LIMITS.maxTextChars + 1));
  expect(tooLong.ok).toBe(false);
  expect(!tooLong.ok && tooLong.error).toMatchObject({ kind: 'validation', field: 'text' });
});

test('listing stops at maxListed while the counts stay complete; a long token is shortened', () => {
  const words = Array.from({ length: BATCH_LIMITS.maxListed + 500 }, (_, index) => `w${index}`).join(' ');
  const result = parsed(parseBatchIds('deposits', `${words} ${'z'.repeat(500)}`));
  expect(result.invalid).toHaveLength(BATCH_LIMITS.maxListed);
  expect(result.invalidCount).toBe(BATCH_LIMITS.maxListed + 501);

  const blob = parsed(parseBatchIds('deposits', 'q'.repeat(500)));
  expect(blob.invalid[0]?.token).toBe(`${'q'.repeat(64)}…`);
});

test('checkIdToken gives the canonical form used everywhere (leading zeros dropped, prefix lower-case)', () => {
  expect(checkIdToken('deposits', '0042')).toEqual({ ok: true, id: '42' });
  expect(checkIdToken('cashouts', 'Ext:abc')).toEqual({ ok: true, id: 'ext:abc' });
  expect(checkIdToken('sub_merchants', '18703')).toEqual({ ok: true, id: '18703' });
  expect(checkIdToken('sub_merchants', 'ext:abc')).toEqual({
    ok: false,
    reason: 'only cashouts have external ids',
    text: { key: 'batchId.externalNotCashout' },
  });
  expect(checkIdToken('cashouts', 'ext:a\u0007b')).toEqual({
    ok: false,
    reason: 'holds a control character',
    text: { key: 'batchId.controlCharacter' },
  });
});
