import { expect, test } from '@playwright/test';
import { BATCH_KINDS, CASHOUT_STATUS_CODES } from '../../../../shared/contract';
import { AUDIT_COLUMNS_SPEC } from '../../../../renderer/src/features/audit/audit-view';
import { batchColumnsSpec, tableWidth } from '../../../../renderer/src/features/batch/batch-view';
import { cancelConsequence } from '../../../../renderer/src/features/cashouts/cashout-ref';
import {
  shownColumns,
  toggleColumn,
  type TableColumnsSpec,
} from '../../../../renderer/src/lib/table-columns';

/** The columns a table shows, and what a cashout's cancel dialog says per status. */
const SPEC: TableColumnsSpec<'id' | 'status' | 'amount' | 'note'> = {
  all: ['id', 'status', 'amount', 'note'],
  defaults: ['id', 'status', 'amount'],
  always: ['id'],
};

test('no choice yet: the defaults, in the table order', () => {
  expect(shownColumns(SPEC, undefined)).toEqual(['id', 'status', 'amount']);
});

test('a stored choice is shown in the table order, names this version lacks dropped', () => {
  expect(shownColumns(SPEC, ['note', 'status', 'gone'])).toEqual(['id', 'status', 'note']);
});

test('the id shows whatever was stored, and cannot be unticked', () => {
  expect(shownColumns(SPEC, [])).toEqual(['id']);
  expect(toggleColumn(SPEC, ['id', 'status'], 'id', false)).toEqual(['id', 'status']);
  expect(toggleColumn(SPEC, ['id', 'status'], 'status', false)).toEqual(['id']);
  expect(toggleColumn(SPEC, ['id'], 'note', true)).toEqual(['id', 'note']);
});

test('every batch kind: the id never hidden, and the default columns fit the box at 1280 px', () => {
  for (const kind of BATCH_KINDS) {
    const spec = batchColumnsSpec(kind);
    expect(spec.always).toEqual(['id']);
    expect(spec.defaults).toContain('status');
    expect(spec.defaults).toContain('amount');
    expect(spec.defaults).toContain('error');
    // The results box is ~975 px wide inside at 1280 × 800 (navbar, border, its scroll bar).
    expect(tableWidth(shownColumns(spec, undefined)), kind).toBeLessThanOrEqual(950);
    // The same spec object every time: the virtualised rows are memoised on the columns.
    expect(batchColumnsSpec(kind)).toBe(spec);
  }
});

test('the audit journal: ids first and never hidden, the service code shown by default', () => {
  expect(AUDIT_COLUMNS_SPEC.all[0]).toBe('ids');
  expect(AUDIT_COLUMNS_SPEC.always).toEqual(['ids']);
  expect(shownColumns(AUDIT_COLUMNS_SPEC, undefined)).toContain('serviceCode');
  expect(shownColumns(AUDIT_COLUMNS_SPEC, undefined)).toContain('key');
});

test('the cancel dialog says what is true per status: only a pending cashout is stopped', () => {
  const status = (code: number) => ({ cashout_status: code, cashout_status_description: 'x' });
  const byName = Object.fromEntries(
    Object.entries(CASHOUT_STATUS_CODES).map(([code, name]) => [
      name,
      cancelConsequence(status(Number(code))),
    ]),
  );
  expect(byName).toEqual({
    PENDING: 'pending',
    COMPLETED: 'completed',
    CANCELLED: 'cancelled',
    REJECTED: 'rejected',
    DELIVERED: 'delivered',
    ON_HOLD: 'on_hold',
  });
  // Not read yet, or a code this version does not know: what a cancel does if it is still pending.
  expect(cancelConsequence(null)).toBe('unread');
  expect(cancelConsequence(status(42))).toBe('unread');
});
