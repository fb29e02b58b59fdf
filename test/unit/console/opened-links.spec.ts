import { expect, test } from '@playwright/test';
import type { ConsoleEventName } from '../../../shared/contract';
import { createEventBus } from '../../../main/core/console/events';
import { createOpenedLinks } from '../../../main/core/console/opened-links';

/** A link opened from outside waits for the page, once, and a listening page is told. */

function links() {
  const events = createEventBus();
  const told: ConsoleEventName[] = [];
  events.onAny((name) => told.push(name));
  return { opened: createOpenedLinks(events), told };
}

test('a good link waits for the page, which takes it once, and a listening page is told', () => {
  const { opened, told } = links();
  expect(opened.take()).toBeNull();
  expect(opened.openLink('paydesk://deposit/300000001')).toEqual({
    ok: true,
    target: { kind: 'deposit', depositId: 300000001 },
  });
  expect(told).toEqual(['linkOpened']);
  expect(opened.take()).toEqual({ kind: 'deposit', depositId: 300000001 });
  // A second page (a reload, another tab of the browser build) does not open it again.
  expect(opened.take()).toBeNull();
});

test('a refused link leaves what was waiting and tells nobody', () => {
  const { opened, told } = links();
  opened.openLink('paydesk://refund/17');
  for (const hostile of ['paydesk://deposit/01', 'javascript:alert(1)', 'paydesk://app/index.html', 42]) {
    expect(opened.openLink(hostile).ok).toBe(false);
  }
  expect(told).toEqual(['linkOpened']);
  expect(opened.take()).toEqual({ kind: 'refund', refundId: 17 });
});

test('only the latest waits: two links before the page is up open the second', () => {
  const { opened } = links();
  opened.openLink('paydesk://refund/17');
  opened.openTarget({ kind: 'sub-merchant', subMerchantId: 18703 });
  expect(opened.take()).toEqual({ kind: 'sub-merchant', subMerchantId: 18703 });
  expect(opened.take()).toBeNull();
});
