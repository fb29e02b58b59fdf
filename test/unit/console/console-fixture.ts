import { test as base } from '@playwright/test';
import { dataOf } from '../../support/result';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHANNELS,
  type ConsoleApi,
  type ConsoleEventName,
  type ConsoleEvents,
  type CredentialField,
  type EnvironmentAddInput,
  type EnvironmentProfile,
  type Result,
} from '../../../shared/contract';
import {
  createConsoleRuntime,
  createDispatcher,
  type ConsoleRuntime,
  type ConsoleRuntimeOptions,
} from '../../../main/core/console';
import { createMemoryBackend, type SecretBackend } from '../../../main/core/vault';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../main/sandbox';
import { createRandom } from '../../../main/sandbox/random';
import { embeddedSandboxStarter } from '../../../main/sandbox/starter';

/**
 * The console core against real sandboxes: a temp data folder per test, runtimes built with
 * createConsoleRuntime, every call made through createDispatcher (as the IPC router and the web
 * bridge make them), every answer and event kept for the tests that search them.
 */

/** Short retries and timeouts: the failure cases would otherwise wait for the production backoff. */
export const FAST_CLIENT = { retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 3_000 };

/** The embedded sandbox's seed in these tests (its credentials are derived from it). */
export const EMBEDDED_SEED = 11;

export type Call = <K extends keyof ConsoleApi>(
  method: K,
  arg: Parameters<ConsoleApi[K]>[0] | Record<string, unknown>,
) => Promise<Result<Awaited<ReturnType<ConsoleApi[K]>> extends Result<infer T> ? T : never>>;

export interface Console {
  runtime: ConsoleRuntime;
  /** Through createDispatcher, by channel, exactly as a transport would. */
  call: Call;
  /** Raw dispatch (unknown channels, malformed arguments). */
  dispatch: (channel: string, arg: unknown) => Promise<Result<unknown>>;
  /** Every answer that crossed the dispatcher, in order. */
  answers: Array<Result<unknown>>;
  events: Array<{ event: ConsoleEventName; payload: ConsoleEvents[ConsoleEventName] }>;
  close(): Promise<void>;
}

interface ConsoleFixtures {
  dataDir: string;
  /** A runtime on the test's data folder; closed at the end of the test. */
  openConsole(options?: Partial<ConsoleRuntimeOptions>): Console;
  /** A sandbox of the test's own (closed at the end). */
  sandbox(options?: SandboxOptions): Promise<SandboxHandle>;
  /** A memory keychain shared by every runtime of the test (tests not about the keychain). */
  memoryKeychain: SecretBackend;
}

export function wrapRuntime(runtime: ConsoleRuntime): Console {
  const dispatcher = createDispatcher(runtime.api);
  const answers: Array<Result<unknown>> = [];
  const events: Console['events'] = [];
  runtime.events.onAny((event, payload) => events.push({ event, payload }));
  const dispatch = async (channel: string, arg: unknown): Promise<Result<unknown>> => {
    const answer = await dispatcher(channel, arg);
    answers.push(answer);
    return answer;
  };
  return {
    runtime,
    dispatch,
    call: ((method, arg) => dispatch(CHANNELS[method], arg)) as Call,
    answers,
    events,
    close: () => runtime.close(),
  };
}

export const test = base.extend<ConsoleFixtures>({
  // Playwright fixtures take their dependencies by destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-console-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern
  memoryKeychain: async ({}, use) => {
    await use(createMemoryBackend());
  },
  openConsole: async ({ dataDir, memoryKeychain }, use) => {
    const opened: Console[] = [];
    await use((options = {}) => {
      const console = wrapRuntime(
        createConsoleRuntime({
          dataDir,
          vault: { backend: memoryKeychain, service: 'paydesk-test-console' },
          embeddedSandbox: embeddedSandboxStarter({ seed: EMBEDDED_SEED }),
          client: FAST_CLIENT,
          osUser: 'tester',
          ...options,
        }),
      );
      opened.push(console);
      return console;
    });
    for (const console of opened) await console.close();
  },
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const started: SandboxHandle[] = [];
    await use(async (options = {}) => {
      const handle = await startSandbox(options);
      started.push(handle);
      return handle;
    });
    for (const handle of started) await handle.close();
  },
});
export { expect } from '@playwright/test';

export { dataOf };

/** The error of a failed Result. */
export function errorOf<T>(result: Result<T>): Extract<Result<T>, { ok: false }>['error'] {
  if (result.ok) throw new Error(`expected an error, got ok: ${JSON.stringify(result.data).slice(0, 300)}`);
  return result.error;
}

/** Adds an environment and stores every credential of `sandbox` for it, through the API. */
export async function addEnvironmentFor(
  console: Console,
  input: EnvironmentAddInput,
  credentials: Partial<Record<CredentialField, string>>,
): Promise<EnvironmentProfile> {
  const profile = dataOf(await console.call('addEnvironment', input));
  for (const [field, value] of Object.entries(credentials) as Array<[CredentialField, string]>) {
    dataOf(await console.call('setCredential', { environmentId: profile.id, field, value }));
  }
  return profile;
}

/** POSTs to a sandbox's control API. */
export async function control(sandbox: SandboxHandle, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function controlGet(
  sandbox: SandboxHandle,
  path: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandbox.controlUrl}${path}`);
  return { status: response.status, body: await response.json() };
}

type Draw = 'none' | 'before' | 'after';

/**
 * A fault seed whose first draws are exactly `plan` for `POST /__sandbox/faults {rate, kinds:
 * ['drop'], seed}`: one draw per service request, in order (main/sandbox/faults.ts: a draw below
 * `rate` is a fault, picking the only kind takes one more number, then below 0.5 is `before`).
 * Lets a test lose exactly the answer it means to lose, after the state change, and no other.
 */
export function dropSeed(plan: readonly Draw[], rate = 0.5): number {
  for (let seed = 0; seed < 1_000_000; seed += 1) {
    const random = createRandom(seed, 'faults');
    const matches = plan.every((wanted) => {
      if (random.next() >= rate) return wanted === 'none';
      random.next(); // pick() of the single kind
      return wanted === (random.next() < 0.5 ? 'before' : 'after');
    });
    if (matches) return seed;
  }
  throw new Error(`no fault seed gives ${plan.join(', ')}`);
}

/** Turns drop faults on with a seed from dropSeed. */
export function dropFaults(sandbox: SandboxHandle, seed: number, rate = 0.5): Promise<unknown> {
  return control(sandbox, '/faults', { rate, kinds: ['drop'], seed });
}
