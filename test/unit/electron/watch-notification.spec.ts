import { test, expect } from '@playwright/test';
import type { WatchChangedEvent } from '../../../shared/contract';
import { watchNotificationContent, watchNotificationTarget } from '../../../main/electron/watch-notification';

const change = (from: string | null, to: string, severity: 'info' | 'alarm'): WatchChangedEvent => ({
  item: {
    environmentId: 'testing-br',
    kind: 'refund',
    id: '17',
    pinnedAt: '2026-11-21T10:00:00.000Z',
    status: to,
    lastCheckedAt: null,
    lastChangeAt: null,
    lastError: null,
    alarm: severity === 'alarm',
    changes: 1,
  },
  change: { at: '2026-11-21T10:05:00.000Z', from, to, severity },
  severity,
});

test('an ordinary change is a normal notification naming the object and the move', () => {
  expect(watchNotificationContent(change('PENDING', 'DELIVERED', 'info'))).toEqual({
    title: 'Refund 17: DELIVERED',
    body: 'PENDING → DELIVERED (testing-br)',
    urgency: 'normal',
  });
});

test('COMPLETED → REJECTED is a critical notification that says ALARM', () => {
  const content = watchNotificationContent(change('COMPLETED', 'REJECTED', 'alarm'));
  expect(content.urgency).toBe('critical');
  expect(content.title).toBe('ALARM: Refund 17 COMPLETED → REJECTED');
  expect(content.body).toContain('now rejected');
});

test('a first sighting says so instead of showing a missing previous status', () => {
  expect(watchNotificationContent(change(null, 'PENDING', 'info')).body).toBe(
    'first seen as PENDING (testing-br)',
  );
});

test('the notification is in the language the user chose, with the glossary words', () => {
  const cashout = (severity: 'info' | 'alarm') => {
    const event = change(severity === 'alarm' ? 'COMPLETED' : null, 'REJECTED', severity);
    return { ...event, item: { ...event.item, kind: 'cashout' as const, id: '11954' } };
  };
  expect(watchNotificationContent(cashout('info'), 'es')).toEqual({
    title: 'Retiro 11954: REJECTED',
    body: 'visto por primera vez en REJECTED (testing-br)',
    urgency: 'normal',
  });
  const alarm = watchNotificationContent(cashout('alarm'), 'pt-BR');
  expect(alarm.title).toBe('ALARME: Saque 11954 COMPLETED → REJECTED');
  expect(alarm.body).toContain('agora está rejeitado');
  // Every language has every text (a missing one would show undefined).
  for (const language of ['en', 'es', 'pt-BR'] as const) {
    const content = watchNotificationContent(cashout('alarm'), language);
    expect(`${content.title} ${content.body}`).not.toContain('undefined');
  }
});

test.describe('the record a clicked notification opens', () => {
  const watched = (kind: WatchChangedEvent['item']['kind'], id: string, environmentId = 'testing-br') => ({
    item: { ...change(null, 'PENDING', 'info').item, kind, id, environmentId },
  });

  test('each kind of watched object opens its record', () => {
    expect(watchNotificationTarget(watched('deposit', '300000001'), 'testing-br')).toEqual({
      kind: 'deposit',
      depositId: 300000001,
    });
    expect(watchNotificationTarget(watched('refund', '17'), 'testing-br')).toEqual({
      kind: 'refund',
      refundId: 17,
    });
    expect(watchNotificationTarget(watched('cashout', '11954'), 'testing-br')).toEqual({
      kind: 'cashout',
      cashoutId: 11954,
    });
    expect(watchNotificationTarget(watched('cashout', 'ext:payout 7781/b'), 'testing-br')).toEqual({
      kind: 'cashout-external',
      externalId: 'payout 7781/b',
    });
    expect(watchNotificationTarget(watched('sub_merchant', '18703'), 'testing-br')).toEqual({
      kind: 'sub-merchant',
      subMerchantId: 18703,
    });
  });

  test('an object of another environment than the active one opens nothing', () => {
    expect(watchNotificationTarget(watched('refund', '17', 'production-br'), 'testing-br')).toBeNull();
    expect(watchNotificationTarget(watched('refund', '17'), null)).toBeNull();
  });

  test('an id no link could name opens nothing', () => {
    for (const id of ['017', '0', '-3', '17/../1', '17?q=x', '', 'ext:']) {
      expect(watchNotificationTarget(watched('refund', id), 'testing-br'), id).toBeNull();
    }
    expect(watchNotificationTarget(watched('deposit', 'ext:payout-7781'), 'testing-br')).toBeNull();
  });
});
