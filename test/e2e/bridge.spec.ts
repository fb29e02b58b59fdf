import { CHANNELS, type EnvironmentList, type Result } from '../../shared/contract';
import { expect, test } from './fixtures';

/**
 * The bridge the screens call through, in a real browser: `window.paydesk` as the page sees it
 * and the round trip to the real console runtime. What only the browser build has (its server's CSP
 * header, the page bridge's access guard) is in web-target.spec.ts.
 */

type PageWindow = Window & { paydesk: Record<string, unknown> };

test('the page gets a frozen window.paydesk with every CHANNELS method and on', async ({ console: app }) => {
  const shape = await app.evaluate(() => {
    const { paydesk } = window as unknown as PageWindow;
    const descriptor = Object.getOwnPropertyDescriptor(window, 'paydesk');
    return {
      keys: Object.keys(paydesk).sort(),
      allFunctions: Object.values(paydesk).every((value) => typeof value === 'function'),
      frozen: Object.isFrozen(paydesk),
      plainPrototype: Object.getPrototypeOf(paydesk) === Object.prototype,
      replaceable: descriptor?.writable !== false || descriptor.configurable !== false,
    };
  });
  expect(shape).toEqual({
    keys: [...Object.keys(CHANNELS), 'on'].sort(),
    allFunctions: true,
    frozen: true,
    plainPrototype: true,
    replaceable: false,
  });
});

test('page code can neither replace window.paydesk nor change its methods', async ({ console: app }) => {
  const outcome = await app.evaluate(() => {
    const target = window as unknown as PageWindow;
    const original = target.paydesk;
    // Sloppy-mode page code: the assignments fail silently (strict code would get a TypeError).
    try {
      (target as { paydesk: unknown }).paydesk = {};
      original.getDeposit = () => 'hijacked';
      original.sneaky = () => 'added';
    } catch {
      // Either way, nothing may change.
    }
    return {
      same: target.paydesk === original,
      method: typeof original.getDeposit,
      added: 'sneaky' in original,
    };
  });
  expect(outcome.same).toBe(true);
  expect(outcome.method).toBe('function');
  expect(outcome.added).toBe(false);
});

test('a call round-trips to the real runtime: the Local sandbox is listed', async ({ paydesk }) => {
  const list = await paydesk.call('listEnvironments', {});
  expect(list.ok).toBe(true);
  const environments = (list as Extract<Result<EnvironmentList>, { ok: true }>).data;
  expect(environments.activeEnvironmentId).toBe('local-sandbox');
  expect(environments.environments.map(({ name, kind }) => ({ name, kind }))).toEqual([
    { name: 'Local sandbox', kind: 'local-sandbox' },
  ]);
});

test('a seeded deposit is read through the bridge from the embedded sandbox', async ({ paydesk }) => {
  const deposit = await paydesk.call('getDeposit', { depositId: 300000001 });
  expect(deposit.ok && deposit.data.record.deposit_id).toBe(300000001);
});

test('failures arrive as Result values, never as exceptions in the page', async ({ paydesk }) => {
  const invalid = await paydesk.call('getDeposit', { depositId: -1 });
  expect(!invalid.ok && invalid.error.kind).toBe('validation');
  const missing = await paydesk.call('getDeposit', { depositId: 399999999 });
  expect(!missing.ok && missing.error.kind).toBe('not_found');
});

test('an event reaches the page listener as its payload alone', async ({ console: app }) => {
  const received = await app.evaluate(async () => {
    const { paydesk } = window as unknown as {
      paydesk: {
        on(event: string, listener: (...args: unknown[]) => void): () => void;
        useEnvironment(arg: { id: string }): Promise<unknown>;
      };
    };
    const calls: unknown[][] = [];
    const arrived = new Promise<void>((resolve) => {
      const off = paydesk.on('environmentChanged', (...args) => {
        calls.push(args);
        off();
        resolve();
      });
    });
    await paydesk.useEnvironment({ id: 'local-sandbox' });
    await arrived;
    return calls;
  });
  expect(received).toHaveLength(1);
  expect(received[0]).toHaveLength(1);
  expect((received[0]?.[0] as EnvironmentList).activeEnvironmentId).toBe('local-sandbox');
});
