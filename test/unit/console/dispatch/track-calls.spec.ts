import { expect, test } from '@playwright/test';
import type { Result } from '../../../../shared/contract';
import { trackCalls, type Dispatcher } from '../../../../main/core/console';

/**
 * trackCalls: what a closing process waits for before it closes the runtime (the app's quit, the
 * web bridge's close). The dispatcher here answers when the test says so, so "still running" is
 * exact; test/unit/web/server.spec.ts closes the real bridge with real calls in flight.
 */

function heldDispatcher(): { dispatch: Dispatcher; answerAll(): void } {
  const waiting: Array<() => void> = [];
  return {
    dispatch: (() => {
      return new Promise<Result<unknown>>((resolve) => waiting.push(() => resolve({ ok: true, data: null })));
    }) as Dispatcher,
    answerAll: () => waiting.splice(0).forEach((answer) => answer()),
  };
}

test('settled() waits for every call still running, and no longer', async () => {
  const held = heldDispatcher();
  const tracked = trackCalls(held.dispatch);
  expect(tracked.running()).toBe(0);
  const answers = [tracked.dispatch('a', {}), tracked.dispatch('b', {})];
  expect(tracked.running()).toBe(2);
  let settled = false;
  const waiting = tracked.settled().then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(settled).toBe(false);
  held.answerAll();
  await waiting;
  expect(settled).toBe(true);
  expect(tracked.running()).toBe(0);
  expect(await Promise.all(answers)).toEqual([
    { ok: true, data: null },
    { ok: true, data: null },
  ]);
  // Nothing running: at once.
  await tracked.settled();
});

test('settled(limit) gives up on a call that does not answer within the limit', async () => {
  const held = heldDispatcher();
  const tracked = trackCalls(held.dispatch);
  void tracked.dispatch('stuck', {});
  const started = performance.now();
  await tracked.settled(100);
  const waited = performance.now() - started;
  expect(waited).toBeGreaterThanOrEqual(90);
  expect(waited).toBeLessThan(2_000);
  held.answerAll();
});

test('a call that throws is still let go of', async () => {
  const tracked = trackCalls(() => Promise.reject(new Error('transport gone')));
  await expect(tracked.dispatch('x', {})).rejects.toThrow('transport gone');
  await tracked.settled();
});
