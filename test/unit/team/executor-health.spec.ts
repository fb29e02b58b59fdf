import { expect, test } from '@playwright/test';
import { executorIsSilent, sendingHealth } from '../../../main/core/team/executor-health';

/**
 * The executor's health as the Team screen says it (main/core/team/executor-health.ts), at fixed
 * times: healthy within the minute, silent after it, none heard of when an executor-signed
 * environment never had a pass; desk-signed environments need none.
 */

const NOW = new Date('2026-11-30T09:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

test('the one-minute rule: sixty seconds is still healthy, sixty-one is silent, never is silent', () => {
  expect(executorIsSilent(0)).toBe(false);
  expect(executorIsSilent(60)).toBe(false);
  expect(executorIsSilent(61)).toBe(true);
  expect(executorIsSilent(Number.POSITIVE_INFINITY)).toBe(true);
});

test('executor-signed: none heard of, healthy within the minute, silent after it', () => {
  const executorSigned = { environment: 'Production', signer: 'executor' as const, now: NOW };
  expect(sendingHealth({ ...executorSigned, passes: [] })).toEqual({
    environment: 'Production',
    signer: 'executor',
    health: 'none',
    executors: [],
  });

  const healthy = sendingHealth({
    ...executorSigned,
    passes: [{ person: 'exec_a', at: ago(12), sent: 3 }],
  });
  expect(healthy).toEqual({
    environment: 'Production',
    signer: 'executor',
    health: 'healthy',
    executors: [
      { person: 'exec_a', lastPassAt: '2026-11-30T08:59:48.000Z', secondsAgo: 12, sent: 3, state: 'healthy' },
    ],
  });

  const silent = sendingHealth({ ...executorSigned, passes: [{ person: 'exec_a', at: ago(61), sent: 3 }] });
  expect(silent.health).toBe('silent');
  expect(silent.executors.map((executor) => executor.state)).toEqual(['silent']);
});

test('of two executors the newest pass decides, and each keeps its own state, newest first', () => {
  const view = sendingHealth({
    environment: 'Production',
    signer: 'executor',
    now: NOW,
    passes: [
      { person: 'old', at: ago(3600), sent: 9 },
      { person: 'new', at: ago(5), sent: 0 },
    ],
  });
  expect(view.health).toBe('healthy');
  expect(view.executors.map((executor) => [executor.person, executor.state, executor.secondsAgo])).toEqual([
    ['new', 'healthy', 5],
    ['old', 'silent', 3600],
  ]);
});

test('desk-signed: the desks send whatever the executors do; a pass a little ahead of the clock is now', () => {
  const view = sendingHealth({
    environment: null,
    signer: 'desk',
    now: NOW,
    passes: [{ person: 'exec_a', at: new Date(NOW.getTime() + 400), sent: 1 }],
  });
  expect(view.health).toBe('desk');
  expect(view.executors[0]?.secondsAgo).toBe(0);
  expect(view.executors[0]?.state).toBe('healthy');
});
