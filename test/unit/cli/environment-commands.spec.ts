import { expect, test as base } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnvironmentList, EnvironmentProfile } from '../../../shared/contract';
import { createKeytarBackend, createMemoryBackend, type SecretBackend } from '../../../main/core/vault';
import { startSandbox, type SandboxHandle } from '../../../main/sandbox';
import type { CliOptions } from '../../../main/cli/program';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../support/in-process-cli';
import { dataOf } from '../../support/result';

/**
 * The environment and credential commands in-process, against real sandboxes: profiles (`env …`), secrets read
 * from stdin, `--env`, the doctor, production's `--reason` and `--yes`, PAYDESK_* variables, the
 * shared audit journal (`audit verify`, `audit export --csv`).
 */

interface CliFixtures {
  dataDir: string;
  keychain: SecretBackend;
  sandbox: (seed: number, options?: Parameters<typeof startSandbox>[0]) => Promise<SandboxHandle>;
  cli: (
    argv: string[],
    options?: {
      env?: Record<string, string>;
      stdin?: string;
      /** stdin says it is a terminal (isTTY), as a person typing at one. */
      terminal?: boolean;
      core?: CliOptions;
    },
  ) => Promise<CliRun>;
}

const test = base.extend<CliFixtures>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-cli-env-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern
  keychain: async ({}, use) => use(createMemoryBackend()),
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const started: SandboxHandle[] = [];
    await use(async (seed, options = {}) => {
      const handle = await startSandbox({ seed, ...options });
      started.push(handle);
      return handle;
    });
    for (const handle of started) await handle.close();
  },
  cli: async ({ dataDir, keychain }, use) => {
    await use((argv, options = {}) =>
      runCliInProcess(
        argv,
        {
          env: { PAYDESK_DATA_DIR: dataDir, ...options.env },
          ...(options.stdin !== undefined && { stdin: options.stdin }),
          ...(options.terminal && { stdinTerminal: true }),
        },
        {
          client: { ...QUICK_CLIENT, timeoutMs: 3_000 },
          vault: { backend: keychain, service: 'paydesk-test-cli-env' },
          sandbox: { seed: 5 },
          ...options.core,
        },
      ),
    );
  },
});

const FIELDS = [
  'apiKey',
  'apiSecret',
  'readOnlyKey',
  'cashoutLogin',
  'cashoutPass',
  'cashoutSecret',
] as const;

async function addWithCredentials(
  cli: CliFixtures['cli'],
  args: string[],
  credentials: Record<(typeof FIELDS)[number], string>,
): Promise<EnvironmentProfile> {
  const added = await cli(['env', 'add', ...args, '--json']);
  expect(added).toMatchObject({ code: 0, stderr: '' });
  const profile = JSON.parse(added.stdout) as EnvironmentProfile;
  for (const field of FIELDS) {
    const stored = await cli(['env', 'set-credential', profile.id, field], {
      stdin: `${credentials[field]}\n`,
    });
    expect(stored, field).toMatchObject({ code: 0, stderr: '' });
  }
  return profile;
}

test('a first run lists the local sandbox, active, and resource commands use it', async ({ cli }) => {
  const list = await cli(['env', 'list']);
  expect(list).toEqual({
    code: 0,
    stdout: '* local-sandbox  local-sandbox  Local sandbox  sandbox:embedded\n',
    stderr: '',
  });
  const json = JSON.parse((await cli(['env', 'list', '--json'])).stdout) as EnvironmentList;
  expect(json.activeEnvironmentId).toBe('local-sandbox');
  const deposit = await cli(['deposits', 'get', '300000001', '--json']);
  expect(deposit.code).toBe(0);
  expect(JSON.parse(deposit.stdout)).toMatchObject({ deposit_id: 300000001, status: 'COMPLETED' });
});

test('env add, set-credential from stdin, credentials, doctor, --env and env use', async ({
  cli,
  sandbox,
}) => {
  const second = await sandbox(81);
  const profile = await addWithCredentials(
    cli,
    ['--name', 'Testing BR', '--kind', 'testing', '--base-url', second.baseUrl],
    second.credentials,
  );
  expect(profile).toMatchObject({ kind: 'testing', baseUrl: second.baseUrl, color: 'blue' });

  const status = await cli(['env', 'credentials', profile.id]);
  expect(status.code).toBe(0);
  expect(status.stdout).toContain(`apiKey: set (…${second.credentials.apiKey.slice(-4)}) at `);
  expect(status.stdout).not.toContain(second.credentials.apiKey);

  const doctor = await cli(['env', 'doctor', profile.id]);
  expect(doctor.code).toBe(0);
  expect(doctor.stdout).toMatch(
    /^signed: ok\n {2}probe: GET http:\/\/127\.0\.0\.1:\d+\/v3\/deposits\/9007199254740991 \(HTTP 404, \d+ ms\)\n/,
  );
  expect(doctor.stdout).toContain('readOnly: ok');
  expect(doctor.stdout).toContain('cashout: ok');
  expect(doctor.stdout).toMatch(/clock: in_sync/);

  // A deposit created in the testing environment is read there, not in the local sandbox.
  const created = await cli(['--env', profile.id, 'deposits', 'create', '--body', '-', '--json'], {
    stdin: JSON.stringify({ amount: 81.81, country: 'BR' }),
  });
  expect(created.code).toBe(0);
  const depositId = (JSON.parse(created.stdout) as { deposit_id: number }).deposit_id;
  const there = await cli(['deposits', 'get', String(depositId), '--env', profile.id, '--json']);
  expect(JSON.parse(there.stdout)).toMatchObject({ deposit_id: depositId, amount: 81.81 });

  const used = await cli(['env', 'use', profile.id]);
  expect(used.stdout).toContain(`* ${profile.id}  testing  Testing BR`);
  const active = await cli(['deposits', 'get', String(depositId), '--json']);
  expect(JSON.parse(active.stdout)).toMatchObject({ amount: 81.81 });

  const unknown = await cli(['deposits', 'get', '1', '--env', 'nope-000000']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('There is no environment with id nope-000000');

  const cleared = await cli(['env', 'clear-credential', profile.id, 'cashoutSecret']);
  expect(cleared).toMatchObject({ code: 0, stdout: 'cashoutSecret: not set\n' });
  const partial = await cli(['env', 'doctor', profile.id, '--json']);
  expect(partial.code).toBe(0);
  expect(JSON.parse(partial.stdout).checks.map((check: { verdict: string }) => check.verdict)).toEqual([
    'ok',
    'ok',
    'not_configured',
  ]);
  const missing = await cli(['cashouts', 'status', '--cashout-id', '11954']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`paydesk env set-credential ${profile.id} cashout-secret`);

  const removed = await cli(['env', 'remove', profile.id, '--json']);
  expect(JSON.parse(removed.stdout)).toEqual({
    removedId: profile.id,
    activeEnvironmentId: 'local-sandbox',
    credentialsCleared: true,
  });
});

test('a failing doctor exits 1; a PAYDESK_* credential variable wins over the keychain entry', async ({
  cli,
  sandbox,
}) => {
  const second = await sandbox(82);
  const profile = await addWithCredentials(
    cli,
    ['--name', 'Testing', '--kind', 'testing', '--base-url', second.baseUrl],
    second.credentials,
  );
  const overridden = await cli(['env', 'doctor', '--env', profile.id, '--json'], {
    env: { PAYDESK_API_SECRET: 'a-different-secret-82' },
  });
  expect(overridden.code).toBe(1);
  expect(JSON.parse(overridden.stdout).checks[0]).toMatchObject({ set: 'signed', verdict: 'bad_signature' });
  const human = await cli(['env', 'doctor', profile.id], { env: { PAYDESK_API_KEY: 'unknown-key-82' } });
  expect(human.code).toBe(1);
  expect(human.stdout).toMatch(/^signed: bad_key\n/);
});

test('set-credential reads stdin only: an empty stdin or an extra argument is refused', async ({
  cli,
  sandbox,
}) => {
  const second = await sandbox(83);
  const added = JSON.parse(
    (await cli(['env', 'add', '--name', 'T', '--kind', 'testing', '--base-url', second.baseUrl, '--json']))
      .stdout,
  ) as EnvironmentProfile;
  const empty = await cli(['env', 'set-credential', added.id, 'apiKey'], { stdin: '' });
  expect(empty.code).toBe(2);
  expect(empty.stderr).toContain('stdin: empty');
  const inArgv = await cli(['env', 'set-credential', added.id, 'apiKey', 'the-secret-value']);
  expect(inArgv.code).toBe(2);
  expect(inArgv.stderr).not.toContain('the-secret-value');
  const local = await cli(['env', 'set-credential', 'local-sandbox', 'apiKey'], { stdin: 'abcdefgh' });
  expect(local.code).toBe(2);
  expect(local.stderr).toContain('not_permitted');
});

test('production: --reason and --yes are required, and --yes arms it for that one command', async ({
  cli,
  sandbox,
  dataDir,
}) => {
  const live = await sandbox(84);
  const prod = await addWithCredentials(
    cli,
    ['--name', 'Live', '--kind', 'production', '--base-url', live.baseUrl],
    live.credentials,
  );
  const body = JSON.stringify({ amount: 8.4, country: 'BR' });
  const noReason = await cli(['--env', prod.id, 'deposits', 'create', '--body', '-', '--yes'], {
    stdin: body,
  });
  expect(noReason.code).toBe(2);
  expect(noReason.stderr).toContain('--reason: required in production');
  const noYes = await cli(['--env', prod.id, 'deposits', 'create', '--body', '-', '--reason', 'test'], {
    stdin: body,
  });
  expect(noYes.code).toBe(2);
  expect(noYes.stderr).toContain('add --yes to arm it for this one command. Environment: Live (production).');
  const done = await cli(
    ['--env', prod.id, 'deposits', 'create', '--body', '-', '--reason', 'monthly check', '--yes'],
    { stdin: body },
  );
  expect(done.code).toBe(0);
  expect(done.stdout).toContain('\n# environment: Live (production)\n');
  expect(done.stdout).toMatch(/# journal intent: [0-9a-f-]{36}\n$/);

  const cancel = await cli([
    '--env',
    prod.id,
    'cashouts',
    'cancel',
    '--cashout-id',
    '11954',
    '--external-id',
    'payout-7781',
    '--yes',
    '--reason',
    'duplicate payout',
  ]);
  expect(cancel.code).toBe(0);
  expect(cancel.stdout).toContain('cashout_status_description: Canceled');

  // PAYDESK_BASE_URL pointing at production's host gets production's guard rails.
  const variables = {
    PAYDESK_BASE_URL: live.baseUrl,
    PAYDESK_API_KEY: live.credentials.apiKey,
    PAYDESK_API_SECRET: live.credentials.apiSecret,
  };
  const viaVariables = await cli(['deposits', 'create', '--body', '-'], { env: variables, stdin: body });
  expect(viaVariables.code).toBe(2);
  expect(viaVariables.stderr).toContain('--reason: required in production ("Live")');
  // However the address is spelled (D19): another loopback name, a trailing slash.
  const respelled = { ...variables, PAYDESK_BASE_URL: `${live.baseUrl.replace('127.0.0.1', 'localhost')}/` };
  const viaRespelled = await cli(['deposits', 'create', '--body', '-'], { env: respelled, stdin: body });
  expect(viaRespelled.code).toBe(2);
  expect(viaRespelled.stderr).toContain('--reason: required in production ("Live")');
  // A testing profile's name does not lend its (absent) guard rails to production's address.
  const other = await sandbox(87);
  const staging = await addWithCredentials(
    cli,
    ['--name', 'Staging', '--kind', 'testing', '--base-url', other.baseUrl],
    other.credentials,
  );
  const borrowed = await cli(['--env', staging.id, 'deposits', 'create', '--body', '-'], {
    env: variables,
    stdin: body,
  });
  expect(borrowed.code).toBe(2);
  expect(borrowed.stderr).toContain(
    `PAYDESK_BASE_URL (${live.baseUrl}) is not the address of environment "Staging"`,
  );

  const journal = await readFile(join(dataDir, 'audit', 'journal.jsonl'), 'utf8');
  const reasons = journal
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; reason?: string })
    .filter((entry) => entry.type === 'intent')
    .map((entry) => entry.reason);
  expect(reasons).toEqual(['monthly check', 'duplicate payout']);
});

test('env remove: production needs --confirm-name (or the name typed at a terminal); testing does not', async ({
  cli,
  sandbox,
}) => {
  const live = await sandbox(85);
  const staging = await sandbox(86);
  const prod = await addWithCredentials(
    cli,
    ['--name', 'Live BR', '--kind', 'production', '--base-url', live.baseUrl],
    live.credentials,
  );
  const testing = await addWithCredentials(
    cli,
    ['--name', 'Staging', '--kind', 'testing', '--base-url', staging.baseUrl],
    staging.credentials,
  );
  const listed = async () => (await cli(['env', 'list'])).stdout;

  const bare = await cli(['env', 'remove', prod.id]);
  expect(bare.code).toBe(2);
  expect(bare.stdout).toBe('');
  expect(bare.stderr).toBe(
    'paydesk: not_permitted: "Live BR" is a production environment and was not removed: type its name exactly ("Live BR") to remove it. Give it with --confirm-name. [field --confirm-name]\n',
  );
  const wrong = await cli(['env', 'remove', prod.id, '--confirm-name', 'live br']);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('was not removed');
  expect(await listed()).toContain(prod.id);

  // At a terminal the name is asked for; a wrong answer keeps the profile.
  const mistyped = await cli(['env', 'remove', prod.id], { terminal: true, stdin: 'Live\n' });
  expect(mistyped.code).toBe(2);
  expect(mistyped.stderr).toMatch(
    /^"Live BR" is a production environment\. Type its name to remove it: paydesk: /,
  );
  expect(await listed()).toContain(prod.id);
  const typed = await cli(['env', 'remove', prod.id, '--json'], { terminal: true, stdin: 'Live BR\r\n' });
  expect(typed.code).toBe(0);
  expect(JSON.parse(typed.stdout)).toMatchObject({ removedId: prod.id, credentialsCleared: true });
  expect(await listed()).not.toContain(prod.id);

  // Testing asks nothing, even at a terminal.
  const plain = await cli(['env', 'remove', testing.id, '--json'], { terminal: true });
  expect(plain).toMatchObject({ code: 0, stderr: '' });
  expect(JSON.parse(plain.stdout)).toMatchObject({ removedId: testing.id });

  // With --confirm-name nothing is asked.
  const again = await addWithCredentials(
    cli,
    ['--name', 'Live BR', '--kind', 'production', '--base-url', live.baseUrl],
    live.credentials,
  );
  const named = await cli(['env', 'remove', again.id, '--confirm-name', 'Live BR', '--json'], {
    terminal: true,
  });
  expect(named).toMatchObject({ code: 0, stderr: '' });
  expect(await listed()).not.toContain(again.id);
});

test('PAYDESK_BASE_URL alone still works, as a testing environment of its own', async ({
  cli,
  sandbox,
  dataDir,
}) => {
  const service = await sandbox(85);
  const env = {
    PAYDESK_BASE_URL: service.baseUrl,
    PAYDESK_API_KEY: service.credentials.apiKey,
    PAYDESK_API_SECRET: service.credentials.apiSecret,
  };
  const created = await cli(['deposits', 'create', '--body', '-', '--json'], {
    env,
    stdin: JSON.stringify({ amount: 3, country: 'BR' }),
  });
  expect(created.code).toBe(0);
  const exported = await cli(['audit', 'export', '--csv']);
  expect(exported.code).toBe(0);
  expect(exported.stdout).toContain('PAYDESK_BASE_URL,testing,variables');
  // PAYDESK_BASE_URL's credentials come from the variables only (none is set for two sets).
  const doctor = await cli(['env', 'doctor', '--json'], { env });
  expect(JSON.parse(doctor.stdout).checks.map((check: { verdict: string }) => check.verdict)).toEqual([
    'ok',
    'not_configured',
    'not_configured',
  ]);
  expect(dataDir).toBeTruthy();
});

test('audit verify exits 1 and names the first problem; audit export --csv writes the file', async ({
  cli,
  dataDir,
}) => {
  expect((await cli(['audit', 'verify'])).stdout).toBe('journal ok: 0 entries\n');
  for (const amount of [1, 2]) {
    const created = await cli(['deposits', 'create', '--body', '-', '--reason', 'export check'], {
      stdin: JSON.stringify({ amount, country: 'BR' }),
    });
    expect(created.code).toBe(0);
  }
  const ok = await cli(['audit', 'verify']);
  expect(ok.code).toBe(0);
  expect(ok.stdout).toMatch(/^journal ok: 4 entries, head hash [0-9a-f]{64}\n$/);

  const out = join(dataDir, 'export.csv');
  const exported = await cli(['audit', 'export', '--csv', '--out', out, '--action', 'deposit.create']);
  expect(exported).toMatchObject({ code: 0, stdout: `# wrote ${out}\n` });
  const csv = await readFile(out, 'utf8');
  expect(csv.trim().split('\r\n')).toHaveLength(5);
  expect(csv).toContain('export check');
  expect((await cli(['audit', 'export'])).code).toBe(2);
  expect((await cli(['audit', 'export', '--csv', '--state', 'lost'])).code).toBe(2);

  const journalPath = join(dataDir, 'audit', 'journal.jsonl');
  const lines = (await readFile(journalPath, 'utf8')).split('\n');
  lines[1] = (lines[1] ?? '').replace('"result":"ok"', '"result":"error"');
  await writeFile(journalPath, lines.join('\n'));
  const broken = await cli(['audit', 'verify']);
  expect(broken.code).toBe(1);
  expect(broken.stderr).toMatch(/^paydesk: storage: The journal is broken at line 2 \(tampered\)/);
  const json = await cli(['audit', 'verify', '--json']);
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, firstProblem: { line: 2, kind: 'tampered' } });
});

test('a keychain that cannot be used is shown plainly, exit 1', async ({ cli, sandbox }) => {
  const second = await sandbox(86);
  const broken = {
    vault: { backend: createKeytarBackend({ load: () => Promise.reject(new Error('no dbus')) }) },
  };
  const added = await cli(
    ['env', 'add', '--name', 'T', '--kind', 'testing', '--base-url', second.baseUrl, '--json'],
    {
      core: broken,
    },
  );
  const profile = JSON.parse(added.stdout) as EnvironmentProfile;
  const stored = await cli(['env', 'set-credential', profile.id, 'apiKey'], {
    stdin: 'k-123456789',
    core: broken,
  });
  expect(stored.code).toBe(1);
  expect(stored.stderr).toMatch(
    /^paydesk: keychain_unavailable: The OS keychain module \(keytar\) could not be loaded/,
  );
  const lookup = await cli(['--env', profile.id, 'banks', 'MX', '--json'], { core: broken });
  expect(lookup.code).toBe(1);
  expect(JSON.parse(lookup.stderr)).toMatchObject({ error: { kind: 'keychain_unavailable' } });
  // The local sandbox needs no keychain.
  expect((await cli(['banks', 'MX'], { core: broken })).code).toBe(0);
});

test('with PAYDESK_VAULT_KEY the credentials go to the sealed file, which a wrong key cannot open', async ({
  cli,
  dataDir,
  keychain,
  sandbox,
}) => {
  const service = await sandbox(11);
  const env = { PAYDESK_VAULT_KEY: randomBytes(32).toString('base64') };
  const added = await cli(
    ['env', 'add', '--name', 'Server', '--kind', 'testing', '--base-url', service.baseUrl, '--json'],
    {
      env,
    },
  );
  const profile = JSON.parse(added.stdout) as EnvironmentProfile;
  const stored = await cli(['env', 'set-credential', profile.id, 'apiSecret'], {
    env,
    stdin: `${service.credentials.apiSecret}\n`,
  });
  expect(stored).toMatchObject({ code: 0, stderr: '' });
  expect(dataOf(await keychain.list('paydesk-test-cli-env')), 'nothing in the keychain').toEqual([]);
  const sealed = await readFile(join(dataDir, 'secrets.sealed'), 'utf8');
  expect(sealed).not.toContain(service.credentials.apiSecret);

  const wrongKey = await cli(['--env', profile.id, 'env', 'credentials', profile.id], {
    env: { PAYDESK_VAULT_KEY: randomBytes(32).toString('hex') },
  });
  expect(wrongKey.code).not.toBe(0);
  expect(wrongKey.stderr).toContain('does not open with PAYDESK_VAULT_KEY');
  const badKey = await cli(['env', 'list'], { env: { PAYDESK_VAULT_KEY: 'not a key' } });
  expect(badKey.code).toBe(2);
  expect(await readFile(join(dataDir, 'secrets.sealed'), 'utf8')).toBe(sealed);
});
