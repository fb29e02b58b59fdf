import { test, expect } from '@playwright/test';
import {
  auditFilterOf,
  auditIdPairs,
  EMPTY_AUDIT_FILTER_FORM,
  environmentChoices,
  localDayStart,
  onlyRetryCanSettle,
} from '../../../../../renderer/src/features/audit/audit-view';

/** The audit screen's pure parts: the filter form as main's AuditFilter, ids in order, retry-only intents. */

// Local midnights, computed the same way whatever the time zone of the run.
const midnight = (year: number, month: number, day: number) => new Date(year, month - 1, day).toISOString();

test.describe('days of the filter form', () => {
  test('a calendar day is its local midnight; days can be added across a month end', () => {
    expect(localDayStart('2026-03-03')).toBe(midnight(2026, 3, 3));
    expect(localDayStart('2026-02-28', 1)).toBe(midnight(2026, 3, 1));
    expect(localDayStart('2024-02-29')).toBe(midnight(2024, 2, 29));
  });

  test('what is not a calendar day is refused', () => {
    for (const text of [
      '',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-3-3',
      '03/03/2026',
      '2026-03-03T00:00',
    ]) {
      expect(localDayStart(text), text).toBeNull();
    }
  });
});

test.describe('the filter form as an AuditFilter', () => {
  test('an empty form selects everything and sends no field', () => {
    expect(auditFilterOf(EMPTY_AUDIT_FILTER_FORM)).toEqual({ ok: true, filter: {} });
  });

  test('the last day is included: "to" is the midnight after it (main\'s "to" is exclusive)', () => {
    const checked = auditFilterOf({
      environmentId: 'env-1',
      action: 'cashout.cancel',
      fromDay: '2026-03-03',
      toDay: '2026-03-03',
      state: 'outcome_unknown',
    });
    expect(checked).toEqual({
      ok: true,
      filter: {
        environmentId: 'env-1',
        action: 'cashout.cancel',
        state: 'outcome_unknown',
        from: midnight(2026, 3, 3),
        to: midnight(2026, 3, 4),
      },
    });
  });

  test('either end alone is allowed', () => {
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER_FORM, toDay: '2026-01-31' })).toEqual({
      ok: true,
      filter: { to: midnight(2026, 2, 1) },
    });
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER_FORM, fromDay: '2026-01-31' })).toEqual({
      ok: true,
      filter: { from: midnight(2026, 1, 31) },
    });
  });

  test('a wrong day names its field; a last day before the first is refused on "to"', () => {
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER_FORM, fromDay: '2026-02-30' })).toEqual({
      ok: false,
      field: 'fromDay',
      problem: 'day_invalid',
    });
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER_FORM, toDay: 'tomorrow' })).toEqual({
      ok: false,
      field: 'toDay',
      problem: 'day_invalid',
    });
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER_FORM, fromDay: '2026-03-04', toDay: '2026-03-03' })).toEqual(
      {
        ok: false,
        field: 'toDay',
        problem: 'range_reversed',
      },
    );
  });
});

test.describe('ids of a journal line', () => {
  test('present ids only, in a fixed order, as text', () => {
    expect(auditIdPairs(undefined)).toEqual([]);
    expect(auditIdPairs({})).toEqual([]);
    expect(
      auditIdPairs({
        invoice_id: 'INV-1',
        external_id: 'payout-7781',
        cashout_id: 11954,
        deposit_id: 300000001,
      }),
    ).toEqual([
      ['deposit_id', '300000001'],
      ['cashout_id', '11954'],
      ['external_id', 'payout-7781'],
      ['invoice_id', 'INV-1'],
    ]);
  });
});

test.describe("intents only a retry with the same key can settle (mirrors main's rereadIntent)", () => {
  test('a create whose answer never came has no id to read', () => {
    expect(onlyRetryCanSettle({ action: 'deposit.create', ids: {} })).toBe(true);
    expect(onlyRetryCanSettle({ action: 'deposit.create', ids: { invoice_id: 'INV-1' } })).toBe(true);
    expect(onlyRetryCanSettle({ action: 'deposit.create', ids: { deposit_id: 300000001 } })).toBe(false);
    expect(onlyRetryCanSettle({ action: 'refund.create', ids: { deposit_id: 300000001 } })).toBe(true);
    expect(onlyRetryCanSettle({ action: 'refund.create', ids: { refund_id: 17 } })).toBe(false);
  });

  test('a cancel needs both cashout ids to be read', () => {
    expect(onlyRetryCanSettle({ action: 'cashout.cancel', ids: { cashout_id: 11954 } })).toBe(true);
    expect(onlyRetryCanSettle({ action: 'cashout.cancel', ids: { external_id: 'payout-7781' } })).toBe(true);
    expect(
      onlyRetryCanSettle({
        action: 'cashout.cancel',
        ids: { cashout_id: 11954, external_id: 'payout-7781' },
      }),
    ).toBe(false);
  });
});

test.describe('environments to filter by', () => {
  test("today's environments first; those only the journal names (removed since) after, once each", () => {
    const current = [
      { id: 'a', name: 'Local sandbox' },
      { id: 'b', name: 'Testing' },
    ];
    const journal = [
      { environment: { id: 'c', name: 'Old testing', kind: 'testing' as const } },
      {},
      { environment: { id: 'a', name: 'Local sandbox (old name)', kind: 'local-sandbox' as const } },
      { environment: { id: 'c', name: 'Old testing renamed', kind: 'testing' as const } },
    ];
    expect(environmentChoices(current, journal)).toEqual([
      { id: 'a', name: 'Local sandbox', removed: false },
      { id: 'b', name: 'Testing', removed: false },
      { id: 'c', name: 'Old testing renamed', removed: true },
    ]);
    expect(environmentChoices([], [])).toEqual([]);
  });
});
