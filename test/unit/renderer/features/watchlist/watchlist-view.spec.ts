import { test, expect } from '@playwright/test';
import { WATCH_LIMITS, type WatchChangedEvent, type WatchItem } from '../../../../../shared/contract';
import {
  intervalParts,
  refKey,
  sortedItems,
  statusEntityOf,
  WATCH_INTERVAL_CHOICES,
  watchItemHref,
  watchToast,
} from '../../../../../renderer/src/features/watchlist/watchlist-view';

/** The watchlist's pure parts: intervals offered, links to the objects, toasts, order. */

function item(overrides: Partial<WatchItem> = {}): WatchItem {
  return {
    environmentId: 'env',
    kind: 'refund',
    id: '17',
    pinnedAt: '2026-01-01T00:00:00.000Z',
    status: 'COMPLETED',
    lastCheckedAt: null,
    lastChangeAt: null,
    lastError: null,
    alarm: false,
    changes: 0,
    ...overrides,
  };
}

test('the intervals offered run from 15 s to 1 h, within the limits main enforces', () => {
  expect(WATCH_INTERVAL_CHOICES[0]).toBe(WATCH_LIMITS.minIntervalSeconds);
  expect(WATCH_INTERVAL_CHOICES.at(-1)).toBe(WATCH_LIMITS.maxIntervalSeconds);
  expect(WATCH_INTERVAL_CHOICES).toContain(WATCH_LIMITS.defaultIntervalSeconds);
  expect([...WATCH_INTERVAL_CHOICES].sort((a, b) => a - b)).toEqual(WATCH_INTERVAL_CHOICES);
});

test('intervalParts: the largest whole unit', () => {
  expect(intervalParts(15)).toEqual({ unit: 'seconds', count: 15 });
  expect(intervalParts(90)).toEqual({ unit: 'seconds', count: 90 });
  expect(intervalParts(120)).toEqual({ unit: 'minutes', count: 2 });
  expect(intervalParts(3_600)).toEqual({ unit: 'hours', count: 1 });
});

test('watchItemHref: each kind to its screen; a cashout by cashout_id or by ext: external id', () => {
  expect(watchItemHref({ kind: 'deposit', id: '300000001' })).toBe('/deposits/300000001');
  expect(watchItemHref({ kind: 'refund', id: '17' })).toBe('/refunds/17');
  expect(watchItemHref({ kind: 'sub_merchant', id: '18703' })).toBe('/sub-merchants/18703');
  expect(watchItemHref({ kind: 'cashout', id: '11954' })).toBe('/cashouts?cashoutId=11954');
  expect(watchItemHref({ kind: 'cashout', id: 'ext:payout 7781' })).toBe(
    '/cashouts?externalId=payout%207781',
  );
  expect(watchItemHref({ kind: 'deposit', id: 'ext:x' })).toBeNull();
});

test('statusEntityOf: a sub-merchant has no status badge of its own', () => {
  expect(statusEntityOf('cashout')).toBe('cashout');
  expect(statusEntityOf('sub_merchant')).toBeNull();
});

test('watchToast: an alarm is red and stays; another change is blue and goes; ids differ per change', () => {
  const event = (severity: 'info' | 'alarm', at: string): WatchChangedEvent => ({
    item: item({ alarm: severity === 'alarm' }),
    change: { at, from: 'COMPLETED', to: severity === 'alarm' ? 'REJECTED' : 'DELIVERED', severity },
    severity,
  });
  const alarm = watchToast(event('alarm', '2026-01-01T00:01:00.000Z'));
  expect(alarm).toMatchObject({
    alarm: true,
    color: 'red',
    autoClose: false,
    from: 'COMPLETED',
    to: 'REJECTED',
  });
  const info = watchToast(event('info', '2026-01-01T00:02:00.000Z'));
  expect(info).toMatchObject({ alarm: false, color: 'blue', kind: 'refund', objectId: '17' });
  expect(info.autoClose).toBeGreaterThan(0);
  expect(info.id).not.toBe(alarm.id);
});

test('sortedItems: alarms first, otherwise the pin order; refKey names an object', () => {
  const a = item({ id: '1' });
  const b = item({ id: '2', alarm: true });
  const c = item({ id: '3' });
  expect(sortedItems([a, b, c]).map((entry) => entry.id)).toEqual(['2', '1', '3']);
  expect(refKey({ kind: 'cashout', id: 'ext:a' })).toBe('cashout:ext:a');
});
