import { expect, test as base } from '@playwright/test';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CREDENTIAL_FIELDS, type EnvironmentProfile } from '../../../shared/contract';
import { runCli } from '../../../main/cli/program';
import {
  createKeytarBackend,
  createMemoryBackend,
  createVault,
  type SecretBackend,
} from '../../../main/core/vault';
import { standInTerminal } from '../../support/in-process-cli';
import { requireKeychain, testService } from '../../support/keychain';

/**
 * The CLI at a terminal. `--version`, the global options in every command's
 * help, credential field names as people type them, and `env set-credential` asking for the
 * secret with the typing hidden: in-process with a stand-in terminal for the keys, and once
 * through a real pseudo terminal (util-linux `script`) to see that nothing typed is echoed.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const SERVICE = 'paydesk-test-cli-terminal';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Fixtures {
  dataDir: string;
  keychain: SecretBackend;
  cli: (argv: string[], stdin?: Readable | string) => Promise<Run>;
  /** A testing profile (no call reaches its base URL in these tests). */
  profile: EnvironmentProfile;
}

const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-cli-terminal-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern
  keychain: async ({}, use) => use(createMemoryBackend()),
  cli: async ({ dataDir, keychain }, use) => {
    await use(async (argv, stdin = '') => {
      let stdout = '';
      let stderr = '';
      const code = await runCli(
        {
          argv,
          env: { PAYDESK_DATA_DIR: dataDir },
          stdin: typeof stdin === 'string' ? Readable.from([Buffer.from(stdin, 'utf8')]) : stdin,
          stdout: { write: (text: string) => (stdout += text) },
          stderr: { write: (text: string) => (stderr += text) },
        },
        { vault: { backend: keychain, service: SERVICE }, sandbox: false },
      );
      return { code, stdout, stderr };
    });
  },
  profile: async ({ cli }, use) => {
    const added = await cli([
      'env',
      'add',
      '--name',
      'Testing',
      '--kind',
      'testing',
      '--base-url',
      'http://127.0.0.1:9',
      '--json',
    ]);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    await use(JSON.parse(added.stdout) as EnvironmentProfile);
  },
});

test('--version prints the version of package.json', async ({ cli }) => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  expect(await cli(['-V'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  expect((await cli(['--help'])).stdout).toContain('-V, --version');
});

/** The subcommand names in a help text's Commands section (without `help`). */
function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:\n/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((match) => match[1] ?? '')
    .filter((name) => name !== 'help');
}

test('every command’s help lists the global options --json and --env', async ({ cli }) => {
  const seen: string[] = [];
  const pending: string[][] = [[]];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const help = await cli([...path, '--help']);
    expect(help.code, path.join(' ')).toBe(0);
    if (path.length > 0) {
      const global = help.stdout.split(/^Global Options:\n/m)[1] ?? '';
      expect(global, `paydesk ${path.join(' ')} --help`).toMatch(/^ {2}--json /m);
      expect(global, `paydesk ${path.join(' ')} --help`).toMatch(/^ {2}--env <id> /m);
      seen.push(path.join(' '));
    }
    for (const name of commandsIn(help.stdout)) pending.push([...path, name]);
  }
  // The walk reached the leaves, not only the top level.
  expect(seen).toEqual(
    expect.arrayContaining([
      'deposits get',
      'env set-credential',
      'audit verify',
      'batch',
      'cashouts cancel',
    ]),
  );
});

test('credential fields are accepted as people type them: api-secret, api_secret, apiSecret', async ({
  cli,
  keychain,
  profile,
}) => {
  const spellings: Record<(typeof CREDENTIAL_FIELDS)[number], string> = {
    apiKey: 'api-key',
    apiSecret: 'api_secret',
    readOnlyKey: 'read-only-key',
    cashoutLogin: 'cashoutLogin',
    cashoutPass: 'CASHOUT_PASS',
    cashoutSecret: 'cashout-secret',
  };
  for (const field of CREDENTIAL_FIELDS) {
    const stored = await cli(['env', 'set-credential', profile.id, spellings[field]], `value-of-${field}\n`);
    expect(stored, spellings[field]).toMatchObject({ code: 0, stderr: '' });
    expect(stored.stdout, spellings[field]).toMatch(new RegExp(`^${field}: set`));
  }
  const vault = createVault({ backend: keychain, service: SERVICE });
  const read = await vault.read(profile.id);
  expect(read.ok && read.data).toEqual(
    Object.fromEntries(CREDENTIAL_FIELDS.map((field) => [field, `value-of-${field}`])),
  );
  expect(await cli(['env', 'clear-credential', profile.id, 'api-secret'])).toMatchObject({
    code: 0,
    stdout: 'apiSecret: not set\n',
  });
  // Where the CLI tells someone to store a credential, it names the field as they would type it.
  const missing = await cli(['deposits', 'get', '300000001', '--env', profile.id]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`paydesk env set-credential ${profile.id} api-secret`);
});

test('an unknown field is refused before anything is read, naming the accepted fields', async ({
  cli,
  profile,
}) => {
  const piped = await cli(['env', 'set-credential', profile.id, 'secret'], 'a-secret-that-goes-nowhere\n');
  expect(piped).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'paydesk: validation: "secret" is not a credential field. Use one of: api-key, api-secret, read-only-key, cashout-login, cashout-pass, cashout-secret. [field <field>]\n',
  });
  const cleared = await cli(['env', 'clear-credential', profile.id, 'apiSecrets']);
  expect(cleared.code).toBe(2);
  expect(cleared.stderr).toContain('Use one of: api-key, api-secret, read-only-key');
  // At a terminal nobody is asked for a secret that could not be stored.
  const terminal = standInTerminal(['never-read\r']);
  const asked = await cli(['env', 'set-credential', profile.id, 'pass'], terminal);
  expect(asked.code).toBe(2);
  expect(asked.stderr).not.toContain('hidden as you type');
  expect(terminal.modes).toEqual([]);
});

test('at a terminal: asked with the echo off, Backspace, Ctrl-U and arrow keys edit, Enter stores', async ({
  cli,
  keychain,
  profile,
}) => {
  // Typed in pieces, as keys arrive: a mistake rubbed out, a line cleared, an arrow key pressed.
  const terminal = standInTerminal([
    'wrong-start',
    '\u0015',
    'Hidden-',
    'Secret-9',
    'x\u007f',
    '\u001b[D',
    '42\r',
  ]);
  const stored = await cli(['env', 'set-credential', profile.id, 'api-secret'], terminal);
  expect(stored.code).toBe(0);
  expect(stored.stderr).toBe(`api-secret of ${profile.id} (hidden as you type; Enter to store it): \n`);
  expect(stored.stdout).toMatch(/^apiSecret: set/);
  expect(terminal.modes).toEqual([true, false]);
  const read = await createVault({ backend: keychain, service: SERVICE }).read(profile.id);
  expect(read.ok && read.data.apiSecret).toBe('Hidden-Secret-942');
});

test('at a terminal: Ctrl-C cancels (exit 130) and an empty line stores nothing; the echo comes back', async ({
  cli,
  keychain,
  profile,
}) => {
  const cancelled = standInTerminal(['half-typed', '\u0003']);
  const first = await cli(['env', 'set-credential', profile.id, 'apiKey'], cancelled);
  expect(first.code).toBe(130);
  expect(first.stderr).toContain('paydesk: cancelled: Cancelled: nothing was stored.');
  expect(cancelled.modes).toEqual([true, false]);

  const empty = standInTerminal(['\r']);
  const second = await cli(['env', 'set-credential', profile.id, 'apiKey'], empty);
  expect(second.code).toBe(2);
  expect(second.stderr).toContain('Nothing was typed, so nothing was stored.');
  expect(empty.modes).toEqual([true, false]);

  const read = await createVault({ backend: keychain, service: SERVICE }).read(profile.id);
  expect(read.ok && read.data).toEqual({});
});

test('at a terminal: an unknown environment is refused before the prompt', async ({ cli }) => {
  const terminal = standInTerminal(['never-read\r']);
  const run = await cli(['env', 'set-credential', 'no-such-env', 'api-key'], terminal);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('There is no environment with id no-such-env');
  expect(run.stderr).not.toContain('hidden as you type');
  expect(terminal.modes).toEqual([]);
});

/** A child whose stdin, stdout and stderr are a real pseudo terminal (util-linux `script`). */
interface PseudoTerminal {
  /** Everything the terminal showed: output and whatever it echoed. */
  shown(): string;
  waitFor(text: string): Promise<void>;
  type(keys: string): void;
  exited: Promise<number | null>;
  child: ChildProcessWithoutNullStreams;
}

const quoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

function inPseudoTerminal(argv: string[], env: NodeJS.ProcessEnv): PseudoTerminal {
  const command = [process.execPath, '--import', 'tsx', 'test/integration/cli/terminal-child.ts', ...argv]
    .map(quoted)
    .join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: root, env });
  let shown = '';
  const waiters: Array<() => void> = [];
  const onOutput = (chunk: Buffer): void => {
    shown += chunk.toString('utf8');
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    shown: () => shown,
    child,
    exited,
    type: (keys) => void child.stdin.write(keys),
    async waitFor(text) {
      const deadline = Date.now() + 20_000;
      while (!shown.includes(text)) {
        if (Date.now() > deadline) throw new Error(`the terminal never showed "${text}":\n${shown}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), exited]);
        if (child.exitCode !== null && !shown.includes(text)) {
          throw new Error(`the CLI exited (${child.exitCode}) before showing "${text}":\n${shown}`);
        }
      }
    },
  };
}

test('through a real terminal the typed secret is never echoed, and it is stored', async ({
  cli,
  dataDir,
  profile,
}) => {
  test.setTimeout(60_000);
  requireKeychain();
  const service = testService();
  const vault = createVault({ backend: createKeytarBackend(), service });
  const secret = 'Typed-At-A-Terminal-7f3a91c2';
  const terminal = inPseudoTerminal(['env', 'set-credential', profile.id, 'api-secret'], {
    ...process.env,
    PAYDESK_DATA_DIR: dataDir,
    PAYDESK_TEST_KEYCHAIN_SERVICE: service,
  });
  try {
    await terminal.waitFor('hidden as you type');
    // The secret, a stray key rubbed out with Backspace, then Enter (the terminal sends CR).
    terminal.type(`${secret}Z\u007f\r`);
    expect(await terminal.exited, terminal.shown()).toBe(0);
    const shown = terminal.shown();
    expect(shown).toContain('apiSecret: set');
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(secret.slice(0, 8));
    const read = await vault.read(profile.id);
    expect(read.ok && read.data.apiSecret).toBe(secret);
    // The profile lives in the data folder the child shared; the in-process CLI still sees it.
    expect((await cli(['env', 'list'])).stdout).toContain(profile.id);
  } finally {
    terminal.child.kill();
    await vault.clearAll(profile.id);
  }
});

test('a reader that stops early (| head -1) ends the output quietly, not with a crash', async () => {
  const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repositoryRoot, 'main/cli/index.ts'), '--help'],
    {
      cwd: repositoryRoot,
      env: { ...process.env, PAYDESK_DATA_DIR: await mkdtemp(join(tmpdir(), 'paydesk-epipe-')) },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // Like `head -1` that has already read its line: the pipe is closed before the CLI writes.
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).not.toContain('EPIPE');
  expect(code).toBe(0);
});
