import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLI_CODE_CACHE_FOLDER_NAME } from '../../../main/core/data-dir';
import type { SettingsDocument } from '../../../main/core/settings/schema';
import { createEnvironmentsService } from '../../../main/core/settings/environments';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { SETTINGS_BUSY_MESSAGE, settingsLockPath } from '../../../main/core/settings/settings-document';
import { withFileLock } from '../../../main/core/storage/file-lock';
import { createMemoryBackend } from '../../../main/core/vault/memory-backend';
import { createVault } from '../../../main/core/vault/vault';
import { expect, test } from '../../unit/settings/fixtures';

/**
 * The desktop app and the CLI share the settings file. Many real processes change it
 * at once; every change must be in the file afterwards.
 */

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const PROCESSES = 16;
/** The settings, and the lock beside them: its SQLite file and the informational holder file. */
const LEFT_IN_FOLDER = ['settings.json', 'settings.json.lock.db', 'settings.json.lock.holder'];

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Child {
  /** Resolves once the child printed `ready` (children without a start signal: at once). */
  ready: Promise<void>;
  go(): void;
  exited: Promise<Exited>;
}

function start(command: string, args: string[], variables: Record<string, string> = {}): Child {
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, ...variables },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.startsWith('ready\n')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`a child exited before it was ready (${code}): ${stderr}`)),
    );
  });
  ready.catch(() => undefined);
  const exited = new Promise<Exited>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { ready, go: () => child.stdin.end('go\n'), exited };
}

const readDocument = async (path: string): Promise<SettingsDocument> =>
  JSON.parse(await readFile(path, 'utf8')) as SettingsDocument;

const indexes = Array.from({ length: PROCESSES }, (_, index) => index + 1);

test('16 processes adding, editing and removing profiles at once: every change is kept', async ({
  folder,
  settingsPath,
}) => {
  test.setTimeout(240_000);
  // One profile per child to remove, made beforehand.
  const setup = createEnvironmentsService({
    store: createFileSettingsStore(settingsPath),
    vault: createVault({ backend: createMemoryBackend(), service: 'paydesk-test-cross-process' }),
  });
  const old: string[] = [];
  for (const index of indexes) {
    const added = await setup.add({
      name: `Old ${index}`,
      kind: 'testing',
      baseUrl: `https://old-${index}.example.com`,
    });
    if (!added.ok) throw new Error(added.error.message);
    old.push(added.data.id);
  }

  const children = indexes.map((index) =>
    start(process.execPath, [
      '--import',
      'tsx',
      join('test', 'integration', 'settings', 'environments-child.ts'),
      settingsPath,
      String(index),
      old[index - 1] as string,
    ]),
  );
  // All loaded first, then all at once: tsx takes a second or two to start each of them.
  await Promise.all(children.map((child) => child.ready));
  for (const child of children) child.go();
  const results = await Promise.all(children.map((child) => child.exited));

  const document = await readDocument(settingsPath);
  const desks = document.environments.filter((env) => env.name.startsWith('Desk '));
  console.log(
    `settings after ${PROCESSES} processes: ${desks.length} of ${PROCESSES} profiles added, ${
      desks.filter((env) => env.name.endsWith(' edited')).length
    } renamed, ${desks.filter((env) => env.color !== 'blue').length} recoloured, ${
      document.environments.filter((env) => env.name.startsWith('Old ')).length
    } of ${PROCESSES} removed ones back`,
  );
  for (const result of results) {
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.split('\n')[1] ?? '')).toEqual(['ok', 'ok', 'ok', 'ok']);
  }
  expect(desks.map((env) => env.name).sort()).toEqual(indexes.map((index) => `Desk ${index} edited`).sort());
  for (const env of desks) {
    const index = Number(env.name.split(' ')[1]);
    expect(env).toMatchObject({
      baseUrl: `https://api-${index}.example.com`,
      color: index % 2 === 0 ? 'green' : 'violet',
    });
  }
  expect(document.environments.filter((env) => env.name.startsWith('Old '))).toEqual([]);
  expect(document.environments.map((env) => env.id)).toContain('local-sandbox');
  // No temp file is left behind, nor a rollback journal of the lock. The lock's own files stay: a
  // lock file removed while another process waits on it would let two holders in.
  expect((await readdir(folder)).sort()).toEqual(LEFT_IN_FOLDER);
});

test('16 `paydesk env add` at once through the real CLI, on a fresh data folder: all 16 profiles', async ({
  folder,
  settingsPath,
}) => {
  test.setTimeout(240_000);
  const tsx = join('node_modules', '.bin', 'tsx');
  const children = indexes.map((index) =>
    start(
      tsx,
      [
        join('main', 'cli', 'index.ts'),
        'env',
        'add',
        '--name',
        `Desk ${index}`,
        '--kind',
        'testing',
        '--base-url',
        `https://api-${index}.example.com`,
      ],
      // `env add` touches no keychain; the switch keeps it so should that change.
      { PAYDESK_DATA_DIR: folder, PAYDESK_MEMORY_VAULT: '1' },
    ),
  );
  const results = await Promise.all(children.map((child) => child.exited));
  for (const result of results) expect(result.code, result.stderr).toBe(0);

  const document = await readDocument(settingsPath);
  const desks = document.environments.filter((env) => env.name.startsWith('Desk '));
  console.log(`settings after ${PROCESSES} CLI processes: ${desks.length} of ${PROCESSES} profiles`);
  expect(desks.map((env) => env.name).sort()).toEqual(indexes.map((index) => `Desk ${index}`).sort());
  // Created once, by one of them: the first-run profile is there once and still active.
  expect(document.environments.filter((env) => env.kind === 'local-sandbox')).toHaveLength(1);
  expect(document.activeEnvironmentId).toBe('local-sandbox');
  // No temp file left behind, only the lock's own; the CLI's compiled-code cache may sit beside the settings.
  expect((await readdir(folder)).filter((name) => name !== CLI_CODE_CACHE_FOLDER_NAME).sort()).toEqual(
    LEFT_IN_FOLDER,
  );
});

test('while another process holds the settings, a change waits, then fails as a typed storage error', async ({
  settingsPath,
}) => {
  const store = createFileSettingsStore(settingsPath);
  const environments = createEnvironmentsService({
    store,
    vault: createVault({ backend: createMemoryBackend(), service: 'paydesk-test-cross-process' }),
    lock: { timeoutMs: 300 },
  });
  expect((await environments.list()).ok).toBe(true);
  const before = await readFile(settingsPath, 'utf8');

  // Another holder of the lock (a connection of its own, as another process has), for as long as
  // the test says: nothing to break, only to wait for.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = (): void => undefined;
  const taken = new Promise<void>((resolve) => (holding = resolve));
  const holder = withFileLock(settingsLockPath(store), {}, async () => {
    holding();
    await held;
    return { ok: true, data: undefined };
  });
  await taken;
  const changes = [
    await environments.add({ name: 'Desk', kind: 'testing', baseUrl: 'https://api.example.com' }),
    await environments.updatePreferences({ theme: 'dark' }),
    await environments.use('local-sandbox'),
  ];
  for (const change of changes) {
    expect(change).toEqual({ ok: false, error: { kind: 'storage', message: SETTINGS_BUSY_MESSAGE } });
  }
  expect(await readFile(settingsPath, 'utf8')).toBe(before);
  // Reading never waits for the lock.
  expect(await environments.list()).toMatchObject({ ok: true });
  // Once the holder is done, changes go through again.
  release();
  expect(await holder).toEqual({ ok: true, data: undefined });
  expect(await environments.updatePreferences({ theme: 'dark' })).toMatchObject({ ok: true });
});
