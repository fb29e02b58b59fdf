import { test, expect } from '@playwright/test';
import { buildBridge, isResult, type BridgeTransport } from '../../../preload/bridge';
import { CHANNELS, EVENT_CHANNEL, type EnvironmentList } from '../../../shared/contract';

/**
 * The bridge factory behind `window.paydesk` (Electron preload and web bridge alike), driven
 * through an in-test transport: the transport is the port the factory is given, so recording
 * what crosses it is the point, not a stand-in for our own code.
 */

interface RecordingTransport extends BridgeTransport {
  calls: Array<{ channel: string; arg: unknown }>;
  emit(message: unknown): void;
  subscriptions: number;
}

function recordingTransport(answer: (channel: string, arg: unknown) => Promise<unknown>): RecordingTransport {
  const listeners = new Set<(message: unknown) => void>();
  const transport: RecordingTransport = {
    calls: [],
    subscriptions: 0,
    failureKind: 'internal',
    invoke(channel, arg) {
      transport.calls.push({ channel, arg });
      return answer(channel, arg);
    },
    subscribe(listener) {
      transport.subscriptions++;
      listeners.add(listener);
      return () => {
        transport.subscriptions--;
        listeners.delete(listener);
      };
    },
    emit(message) {
      for (const listener of [...listeners]) listener(message);
    },
  };
  return transport;
}

const echo = recordingTransport(async (channel, arg) => ({ ok: true, data: { channel, arg } }));

const environments: EnvironmentList = { environments: [], activeEnvironmentId: 'local-sandbox' };

test('the bridge has exactly one method per CHANNELS entry, plus on', () => {
  const bridge = buildBridge(echo);
  expect(Object.keys(bridge).sort()).toEqual([...Object.keys(CHANNELS), 'on'].sort());
  for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
});

test('the bridge is frozen with a plain prototype: nothing can be replaced or added', () => {
  const bridge = buildBridge(echo) as unknown as Record<string, unknown>;
  expect(Object.isFrozen(bridge)).toBe(true);
  expect(Object.getPrototypeOf(bridge)).toBe(Object.prototype);
  expect(() => {
    bridge.getDeposit = () => undefined;
  }).toThrow(TypeError);
  expect(() => {
    bridge.evil = 1;
  }).toThrow(TypeError);
  expect(Object.getOwnPropertyDescriptors(bridge).getDeposit?.get).toBeUndefined();
});

test('each method calls its own channel with the argument as given', async () => {
  const transport = recordingTransport(async () => ({ ok: true, data: 1 }));
  const bridge = buildBridge(transport);
  await bridge.getDeposit({ depositId: 300000001 });
  await bridge.listEnvironments({});
  expect(transport.calls).toEqual([
    { channel: CHANNELS.getDeposit, arg: { depositId: 300000001 } },
    { channel: 'paydesk:listEnvironments', arg: {} },
  ]);
});

test('a Result from the transport reaches the page unchanged, failures included', async () => {
  const failure = { ok: false, error: { kind: 'not_found', message: 'No deposit 1.', httpStatus: 404 } };
  const bridge = buildBridge(recordingTransport(async () => failure));
  expect(await bridge.getDeposit({ depositId: 1 })).toEqual(failure);
});

test('a transport that throws becomes a Result of the transport failure kind, never a throw', async () => {
  const ipc = buildBridge({
    ...recordingTransport(async () => Promise.reject(new Error('boom'))),
    failureKind: 'internal',
  });
  expect(await ipc.listEnvironments({})).toEqual({
    ok: false,
    error: { kind: 'internal', message: 'The call did not reach the console (boom).' },
  });
  const web = buildBridge({
    ...recordingTransport(() => Promise.reject(new Error('closed'))),
    failureKind: 'console_unreachable',
  });
  const result = await web.listEnvironments({});
  expect(result.ok).toBe(false);
  expect(!result.ok && result.error.kind).toBe('console_unreachable');
  const thrower = buildBridge({
    ...recordingTransport(() => {
      throw new Error('synchronous');
    }),
    failureKind: 'internal',
  });
  expect((await thrower.listEnvironments({})).ok).toBe(false);
});

test('an answer that is not a Result is an internal error (the page never sees odd shapes)', async () => {
  for (const odd of [
    undefined,
    null,
    42,
    'ok',
    { ok: true },
    { ok: false, error: { kind: 'nope', message: 'x' } },
    [],
  ]) {
    const bridge = buildBridge(recordingTransport(async () => odd));
    const result = await bridge.listEnvironments({});
    expect(result, JSON.stringify(odd)).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'The console answered something that is not a result.' },
    });
  }
});

test('isResult accepts both arms and rejects unknown error kinds', () => {
  expect(isResult({ ok: true, data: null })).toBe(true);
  expect(isResult({ ok: false, error: { kind: 'validation', message: 'x', field: 'a' } })).toBe(true);
  expect(isResult({ ok: false, error: { kind: 'validation' } })).toBe(false);
  expect(isResult({ ok: 'true', data: 1 })).toBe(false);
});

test('an event listener gets the payload only, for its own event', () => {
  const transport = recordingTransport(async () => ({ ok: true, data: null }));
  const bridge = buildBridge(transport);
  const received: unknown[][] = [];
  bridge.on('environmentChanged', (...args: unknown[]) => received.push(args));
  transport.emit({ name: 'armingChanged', payload: { environmentId: 'x', armed: true, expiresAt: null } });
  transport.emit({ name: 'environmentChanged', payload: environments });
  expect(received).toEqual([[environments]]);
});

test('unknown event names and malformed messages never reach a listener', () => {
  const transport = recordingTransport(async () => ({ ok: true, data: null }));
  const bridge = buildBridge(transport);
  const received: unknown[] = [];
  bridge.on('clockChanged', (payload) => received.push(payload));
  for (const message of [
    null,
    'clockChanged',
    { name: 'secretLeak', payload: 1 },
    { payload: 1 },
    [EVENT_CHANNEL],
  ]) {
    transport.emit(message);
  }
  expect(received).toEqual([]);
});

test('unsubscribe stops delivery; the transport subscription closes with the last listener', () => {
  const transport = recordingTransport(async () => ({ ok: true, data: null }));
  const bridge = buildBridge(transport);
  const first: unknown[] = [];
  const second: unknown[] = [];
  const offFirst = bridge.on('environmentChanged', (payload) => first.push(payload));
  const offSecond = bridge.on('environmentChanged', (payload) => second.push(payload));
  expect(transport.subscriptions).toBe(1);
  transport.emit({ name: 'environmentChanged', payload: 1 });
  offFirst();
  offFirst();
  transport.emit({ name: 'environmentChanged', payload: 2 });
  expect(first).toEqual([1]);
  expect(second).toEqual([1, 2]);
  expect(transport.subscriptions).toBe(1);
  offSecond();
  expect(transport.subscriptions).toBe(0);
  bridge.on('environmentChanged', () => undefined);
  expect(transport.subscriptions).toBe(1);
});

test('a listener that throws does not starve the next one, and its error is reported', () => {
  const transport = recordingTransport(async () => ({ ok: true, data: null }));
  const reported: unknown[] = [];
  const bridge = buildBridge(transport, { reportListenerError: (error) => reported.push(error) });
  const received: unknown[] = [];
  const bug = new Error('page bug');
  bridge.on('environmentChanged', () => {
    throw bug;
  });
  bridge.on('environmentChanged', (payload) => received.push(payload));
  transport.emit({ name: 'environmentChanged', payload: 'x' });
  expect(received).toEqual(['x']);
  expect(reported).toEqual([bug]);
});

test('on refuses an unknown event or a non-function listener at once', () => {
  const bridge = buildBridge(echo);
  expect(() => bridge.on('nope' as 'clockChanged', () => undefined)).toThrow(TypeError);
  expect(() => bridge.on('clockChanged', 'x' as unknown as () => void)).toThrow(TypeError);
});
