import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseCli } from '../../../main/sandbox/cli';
import { expect, ServiceClient, test } from '../../unit/sandbox/fixtures';

/** The standalone sandbox (`npm run sandbox`) as a child process, and its flag parsing. */

const root = join(import.meta.dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(tsx, ['main/sandbox/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

test('prints the base URL and the credentials, serves, and stops on SIGTERM', async () => {
  const sandbox = run(['--port', '0', '--seed', '9', '--api-key', 'cli-key'], {
    PAYDESK_SANDBOX_CASHOUT_LOGIN: 'env-login',
  });
  try {
    await expect.poll(() => sandbox.output().stdout, { timeout: 20_000 }).toContain('Stop with Ctrl+C.');
    const { stdout } = sandbox.output();
    const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1] ?? '';
    expect(baseUrl).not.toBe('');
    const printed = (name: string): string =>
      new RegExp(`^\\s+${name}\\s+(\\S+)$`, 'm').exec(stdout)?.[1] ?? '';
    const credentials = {
      apiKey: printed('apiKey'),
      apiSecret: printed('apiSecret'),
      readOnlyKey: printed('readOnlyKey'),
      cashoutLogin: printed('cashoutLogin'),
      cashoutPass: printed('cashoutPass'),
      cashoutSecret: printed('cashoutSecret'),
    };
    expect(credentials.apiKey).toBe('cli-key');
    expect(credentials.cashoutLogin).toBe('env-login');
    const client = new ServiceClient({
      baseUrl,
      controlUrl: `${baseUrl}/__sandbox`,
      credentials,
      seed: 9,
      port: 0,
      worldId: 'cli-world',
      close: async () => undefined,
    });
    expect((await client.signed('GET', '/v3/deposits/300000001')).status).toBe(200);
    expect((await client.readOnly('/v3/banks?country=BR')).status).toBe(200);
  } finally {
    sandbox.child.kill('SIGTERM');
  }
  expect(await sandbox.exited).toBe(0);
});

test('--json prints one JSON line', async () => {
  const sandbox = run(['--port', '0', '--json', '--seed', '4']);
  try {
    await expect.poll(() => sandbox.output().stdout, { timeout: 20_000 }).toContain('\n');
    const facts = JSON.parse(sandbox.output().stdout.trim().split('\n')[0] ?? '') as {
      baseUrl: string;
      seed: number;
      credentials: Record<string, string>;
    };
    expect(facts.seed).toBe(4);
    expect(Object.keys(facts.credentials)).toHaveLength(6);
    expect((await fetch(`${facts.baseUrl}/__sandbox/clock`)).status).toBe(200);
  } finally {
    sandbox.child.kill('SIGINT');
  }
  expect(await sandbox.exited).toBe(0);
});

test('a bad flag exits 2 with a clear message', async () => {
  // Six processes side by side: one after another, their start-ups alone took over 30 s on two
  // busy cores.
  const runs = [
    ['--bogus'],
    ['--port', 'abc'],
    ['--host', '0.0.0.0'],
    ['--allow-ip', 'not-an-ip'],
    ['--seed', '-4'],
    ['stray'],
  ].map((args) => ({ args, sandbox: run(args) }));
  for (const { args, sandbox } of runs) {
    expect(await sandbox.exited, args.join(' ')).toBe(2);
    expect(sandbox.output().stderr).toMatch(/^paydesk sandbox: /);
  }
});

test('flags win over environment variables; env lists are comma-separated', () => {
  const parsed = parseCli(['--seed', '5', '--allow-ip', '10.0.0.1', '--allow-ip', '::1'], {
    PAYDESK_SANDBOX_SEED: '6',
    PAYDESK_SANDBOX_API_SECRET: 'env-secret',
    PAYDESK_SANDBOX_PORT: '4999',
  });
  expect(parsed).toEqual({
    kind: 'run',
    json: false,
    options: expect.objectContaining({
      seed: 5,
      port: 4999,
      allowIps: ['10.0.0.1', '::1'],
      credentials: { apiSecret: 'env-secret' },
    }),
  });
  const fromEnv = parseCli([], { PAYDESK_SANDBOX_ALLOW_IP: '10.0.0.1, 10.0.0.2', PAYDESK_SANDBOX_LOG: '1' });
  expect(fromEnv).toMatchObject({
    kind: 'run',
    options: { port: 4010, allowIps: ['10.0.0.1', '10.0.0.2'], logger: true },
  });
  expect(parseCli(['--help'], {})).toEqual({ kind: 'help' });
  expect(parseCli(['--cashout-pass', 'p'.repeat(33)], {})).toMatchObject({
    kind: 'error',
    message: expect.stringContaining('--cashout-pass'),
  });
});
