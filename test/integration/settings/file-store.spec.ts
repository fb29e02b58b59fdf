import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { firstRunDocument, type SettingsDocument } from '../../../main/core/settings/schema';
import { loadSettings } from '../../../main/core/settings/settings-document';
import { expect, test } from '../../unit/settings/fixtures';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

/** A document big enough that writing it takes several system calls. */
function bigDocument(name: string): SettingsDocument {
  const document = firstRunDocument();
  // Enough profiles that the text passes 100 kB (profiles no longer carry a watch list).
  for (let index = 0; index < 1_000; index += 1) {
    document.environments.push({
      id: `testing-${index}`,
      name: `${name} ${index}`,
      kind: 'testing',
      baseUrl: `https://api-${index}.example.com`,
      color: 'blue',
    });
  }
  return document;
}

test('first run creates exactly one active Local sandbox profile and writes it', async ({ settingsPath }) => {
  const store = createFileSettingsStore(settingsPath);
  const first = await loadSettings(store);
  expect(first).toEqual({
    ok: true,
    data: {
      firstRun: true,
      document: {
        version: 3,
        environments: [
          {
            id: 'local-sandbox',
            name: 'Local sandbox',
            kind: 'local-sandbox',
            baseUrl: 'sandbox:embedded',
            color: 'teal',
          },
        ],
        activeEnvironmentId: 'local-sandbox',
        preferences: { language: 'en', theme: 'system' },
      },
    },
  });
  expect(JSON.parse(await readFile(settingsPath, 'utf8'))).toEqual(first.ok && first.data.document);
  const second = await loadSettings(store);
  expect(second.ok && second.data.firstRun).toBe(false);
});

test('the settings file is private to the user', async ({ settingsPath }) => {
  await loadSettings(createFileSettingsStore(settingsPath));
  expect((await stat(settingsPath)).mode & 0o777).toBe(0o600);
});

test('a temp file left by a crashed writer changes nothing, and a later write removes it once stale', async ({
  folder,
  settingsPath,
}) => {
  const store = createFileSettingsStore(settingsPath);
  await loadSettings(store);
  const before = await readFile(settingsPath, 'utf8');

  // Named as conf's writer (atomically) names its temp files.
  const stale = join(folder, 'settings.json.tmp-1700000000abcdef');
  const fresh = join(folder, 'settings.json.tmp-1700000001fedcba');
  await writeFile(stale, '{"version":2,"environments":[{"id":"half-writ');
  await writeFile(fresh, '{"version":2');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  await utimes(stale, anHourAgo, anHourAgo);

  expect(await loadSettings(store)).toMatchObject({ ok: true, data: { firstRun: false } });
  expect(await readFile(settingsPath, 'utf8')).toBe(before);

  const document = firstRunDocument();
  document.preferences.theme = 'dark';
  expect(await store.write(document)).toEqual({ ok: true, data: undefined });
  const left = await readdir(folder);
  expect(left).not.toContain('settings.json.tmp-1700000000abcdef');
  // A young temp file may belong to another process writing right now: it stays.
  expect(left).toContain('settings.json.tmp-1700000001fedcba');
  expect(left.filter((name) => name.includes('.tmp-'))).toHaveLength(1);
});

test('a writer killed mid-write never leaves a half-written document', async ({ settingsPath }) => {
  const documents = [bigDocument('First'), bigDocument('Second')];
  const texts = documents.map((document) => `${JSON.stringify(document, null, 2)}\n`);
  expect(texts[0]?.length ?? 0).toBeGreaterThan(100_000);
  for (let kill = 0; kill < 4; kill += 1) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join('test', 'integration', 'settings', 'writer-child.ts'),
        settingsPath,
        JSON.stringify(documents[0]),
        JSON.stringify(documents[1]),
      ],
      { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
    });
    // Somewhere in the middle of a write, at a different moment each round.
    await new Promise((resolve) => setTimeout(resolve, 5 + kill * 7));
    child.kill('SIGKILL');
    await exited;
    const onDisk = await readFile(settingsPath, 'utf8');
    expect(texts).toContain(onDisk);
  }
});

test('Ctrl-C after conf is loaded reaches our own handler, which closes at its pace', async ({
  settingsPath,
}) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('test', 'integration', 'settings', 'graceful-close-child.ts'), settingsPath],
    { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  await expect.poll(() => output, { timeout: 30_000 }).toContain('ready');
  child.kill('SIGINT');
  // when-exit, left on, would raise SIGINT again and end the child by the signal before `closed`.
  expect(await exited).toEqual([0, null]);
  expect(output).toContain('closed');
});

test('a corrupt file is kept aside with a typed storage error, and the next read starts afresh', async ({
  folder,
  settingsPath,
}) => {
  const store = createFileSettingsStore(settingsPath, { now: () => new Date('2024-03-05T14:07:09.123Z') });
  await writeFile(settingsPath, '{"version":2,"environments":[{"id":"tes');
  const loaded = await loadSettings(store);
  expect(loaded.ok).toBe(false);
  if (loaded.ok) return;
  const keptAt = `${settingsPath}.corrupt-2024-03-05T14-07-09-123Z`;
  expect(loaded.error.kind).toBe('storage');
  expect(loaded.error.message).toContain('not valid JSON');
  expect(loaded.error.message).toContain(keptAt);
  expect(await readFile(keptAt, 'utf8')).toBe('{"version":2,"environments":[{"id":"tes');

  const next = await loadSettings(store);
  expect(next.ok && next.data.firstRun).toBe(true);

  // A second bad file in the same millisecond does not overwrite the first copy.
  await writeFile(settingsPath, '');
  const again = await loadSettings(store);
  expect(again.ok ? '' : again.error.message).toContain('the file is empty');
  expect((await readdir(folder)).filter((name) => name.includes('.corrupt-')).sort()).toEqual([
    'settings.json.corrupt-2024-03-05T14-07-09-123Z',
    'settings.json.corrupt-2024-03-05T14-07-09-123Z-1',
  ]);
});

test('JSON that is not a settings document is kept aside too, naming the problem', async ({
  settingsPath,
}) => {
  const text = JSON.stringify({ version: 3, environments: 'none', activeEnvironmentId: 'x' });
  await writeFile(settingsPath, text);
  const loaded = await loadSettings(createFileSettingsStore(settingsPath));
  expect(loaded.ok).toBe(false);
  if (loaded.ok) return;
  expect(loaded.error).toMatchObject({ kind: 'storage' });
  expect(loaded.error.message).toContain('environments');
  const kept = loaded.error.message.match(/kept as (\S+);/)?.[1];
  expect(kept && (await readFile(kept, 'utf8'))).toBe(text);
});

test('JSON that holds no object (null, a list) is kept aside, never read as a first run', async ({
  folder,
  settingsPath,
}) => {
  for (const text of ['null', '[1,2]']) {
    await writeFile(settingsPath, text);
    const loaded = await loadSettings(createFileSettingsStore(settingsPath));
    expect(loaded.ok ? '' : loaded.error.message).toContain('does not hold a JSON object');
  }
  const kept = (await readdir(folder)).filter((name) => name.includes('.corrupt-'));
  const texts = await Promise.all(kept.map((name) => readFile(join(folder, name), 'utf8')));
  expect(texts.sort()).toEqual(['[1,2]', 'null']);
});

test('a document from a newer version is refused and left exactly where it is', async ({
  folder,
  settingsPath,
}) => {
  const text = JSON.stringify({ version: 99, environments: [], something: 'new' });
  await writeFile(settingsPath, text);
  const loaded = await loadSettings(createFileSettingsStore(settingsPath));
  expect(loaded.ok).toBe(false);
  if (loaded.ok) return;
  expect(loaded.error.kind).toBe('storage');
  expect(loaded.error.message).toContain('newer version');
  expect(await readFile(settingsPath, 'utf8')).toBe(text);
  expect(await readdir(folder)).toEqual(['settings.json']);
});

test('a settings path that cannot be read is a storage error and nothing is moved', async ({
  settingsPath,
}) => {
  await mkdir(settingsPath);
  const loaded = await loadSettings(createFileSettingsStore(settingsPath));
  expect(loaded).toMatchObject({ ok: false, error: { kind: 'storage' } });
  expect(loaded.ok ? '' : loaded.error.message).toContain('could not be read (EISDIR)');
  expect((await stat(settingsPath)).isDirectory()).toBe(true);
});

test('a write into a folder that cannot hold the file is a storage error', async ({ folder }) => {
  await writeFile(join(folder, 'not-a-folder'), '');
  const store = createFileSettingsStore(join(folder, 'not-a-folder', 'settings.json'));
  const written = await store.write(firstRunDocument());
  expect(written).toMatchObject({ ok: false, error: { kind: 'storage' } });
});
