import { test, expect } from '@playwright/test';
import {
  EXTERNAL_ID_MAX_LENGTH,
  jumpFocusAfter,
  parseJumpInput,
  parsePositiveId,
} from '../../../../renderer/src/lib/jump-parser';

test.describe('jump box grammar', () => {
  test('a bare number is a deposit id', () => {
    expect(parseJumpInput('300000001')).toEqual({
      ok: true,
      target: { kind: 'deposit', depositId: 300000001 },
    });
    expect(parseJumpInput('  300000001 \n')).toEqual({
      ok: true,
      target: { kind: 'deposit', depositId: 300000001 },
    });
    expect(parseJumpInput('#42')).toEqual({ ok: true, target: { kind: 'deposit', depositId: 42 } });
  });

  test('every kind word of the issue, in any case and with any separator', () => {
    expect(parseJumpInput('dep 300000001')).toEqual({
      ok: true,
      target: { kind: 'deposit', depositId: 300000001 },
    });
    expect(parseJumpInput('ref 17')).toEqual({ ok: true, target: { kind: 'refund', refundId: 17 } });
    expect(parseJumpInput('co 11954')).toEqual({ ok: true, target: { kind: 'cashout', cashoutId: 11954 } });
    expect(parseJumpInput('ext payout-7781')).toEqual({
      ok: true,
      target: { kind: 'cashout-external', externalId: 'payout-7781' },
    });
    expect(parseJumpInput('sm 18703')).toEqual({
      ok: true,
      target: { kind: 'sub-merchant', subMerchantId: 18703 },
    });
    expect(parseJumpInput('REF:17')).toEqual({ ok: true, target: { kind: 'refund', refundId: 17 } });
    expect(parseJumpInput('Deposit #300000001')).toEqual({
      ok: true,
      target: { kind: 'deposit', depositId: 300000001 },
    });
    expect(parseJumpInput('cashout\t11954')).toEqual({
      ok: true,
      target: { kind: 'cashout', cashoutId: 11954 },
    });
    expect(parseJumpInput('sub-merchant 18703')).toEqual({
      ok: true,
      target: { kind: 'sub-merchant', subMerchantId: 18703 },
    });
    expect(parseJumpInput('external: order 12')).toEqual({
      ok: true,
      target: { kind: 'cashout-external', externalId: 'order 12' },
    });
  });

  test('compact forms of numeric kinds', () => {
    expect(parseJumpInput('co11954')).toEqual({ ok: true, target: { kind: 'cashout', cashoutId: 11954 } });
    expect(parseJumpInput('ref#17')).toEqual({ ok: true, target: { kind: 'refund', refundId: 17 } });
    expect(parseJumpInput('SM18703')).toEqual({
      ok: true,
      target: { kind: 'sub-merchant', subMerchantId: 18703 },
    });
  });

  test('empty input and a kind without an id', () => {
    expect(parseJumpInput('   ')).toEqual({ ok: false, problem: { problem: 'empty' } });
    expect(parseJumpInput('ref')).toEqual({ ok: false, problem: { problem: 'missing_id', kind: 'refund' } });
    expect(parseJumpInput('ext ')).toEqual({
      ok: false,
      problem: { problem: 'missing_id', kind: 'cashout-external' },
    });
    expect(parseJumpInput('co:')).toEqual({ ok: false, problem: { problem: 'missing_id', kind: 'cashout' } });
  });

  test('ids that are not positive whole numbers are refused with the kind named', () => {
    expect(parseJumpInput('dep 0')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'deposit', value: '0' },
    });
    expect(parseJumpInput('ref 1.5')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'refund', value: '1.5' },
    });
    expect(parseJumpInput('sm abc')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'sub-merchant', value: 'abc' },
    });
    expect(parseJumpInput('-5')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'deposit', value: '-5' },
    });
    expect(parseJumpInput('300 000 001')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'deposit', value: '300 000 001' },
    });
    // Beyond Number.MAX_SAFE_INTEGER an id could not be sent exactly.
    expect(parseJumpInput('9007199254740993')).toEqual({
      ok: false,
      problem: { problem: 'not_an_id', kind: 'deposit', value: '9007199254740993' },
    });
  });

  test('unknown kind words and bare text are explained, not guessed', () => {
    expect(parseJumpInput('inv 12')).toEqual({
      ok: false,
      problem: { problem: 'unknown_prefix', prefix: 'inv' },
    });
    expect(parseJumpInput('payout-7781')).toEqual({
      ok: false,
      problem: { problem: 'bare_text', value: 'payout-7781' },
    });
  });

  test('external ids keep the service limit of 32 characters and refuse control characters', () => {
    const longest = 'x'.repeat(EXTERNAL_ID_MAX_LENGTH);
    expect(parseJumpInput(`ext ${longest}`)).toEqual({
      ok: true,
      target: { kind: 'cashout-external', externalId: longest },
    });
    expect(parseJumpInput(`ext ${longest}y`)).toEqual({
      ok: false,
      problem: { problem: 'external_id_too_long', max: 32 },
    });
    expect(parseJumpInput('ext a\u0007b')).toEqual({
      ok: false,
      problem: { problem: 'external_id_invalid' },
    });
  });

  test('parsePositiveId accepts digits only, within safe integers', () => {
    expect(parsePositiveId('17')).toBe(17);
    expect(parsePositiveId('#17')).toBe(17);
    expect(parsePositiveId('0017')).toBe(17);
    expect(parsePositiveId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', '0', '+1', '1e3', '0x10', ' 1', '1 ', '١٢'])
      expect(parsePositiveId(bad)).toBeNull();
  });
});

test('arrow keys: Down from the field to the first match, along the matches, Up back to the field', () => {
  expect(jumpFocusAfter('ArrowDown', -1, 3)).toBe(0);
  expect(jumpFocusAfter('ArrowDown', 0, 3)).toBe(1);
  expect(jumpFocusAfter('ArrowDown', 2, 3)).toBe(2);
  expect(jumpFocusAfter('ArrowUp', 1, 3)).toBe(0);
  expect(jumpFocusAfter('ArrowUp', 0, 3)).toBe(-1);
  // In the field, Up is the field's own (caret to the start); with no match, Down is too.
  expect(jumpFocusAfter('ArrowUp', -1, 3)).toBeNull();
  expect(jumpFocusAfter('ArrowDown', -1, 0)).toBeNull();
  expect(jumpFocusAfter('Enter', 0, 3)).toBeNull();
});
