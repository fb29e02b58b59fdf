import { test, expect } from '@playwright/test';
import { resolve } from 'node:path';
import { parseWebArgs, startNotes } from '../../../main/web/cli';

test('no flags: build, serve on a free port, keychain under the web service', () => {
  expect(parseWebArgs([])).toEqual({
    ok: true,
    command: { kind: 'serve', json: false, options: { build: true, vault: 'keychain' } },
  });
});

test('every serve flag lands in the options', () => {
  const parsed = parseWebArgs([
    '--port',
    '0',
    '--no-build',
    '--renderer-dir',
    'out/r',
    '--data-dir',
    'tmp/data',
    '--vault-service',
    'paydesk-test-1',
    '--seed',
    '42',
    '--json',
  ]);
  expect(parsed).toEqual({
    ok: true,
    command: {
      kind: 'serve',
      json: true,
      options: {
        port: 0,
        build: false,
        rendererDir: resolve('out/r'),
        dataDir: resolve('tmp/data'),
        vault: 'keychain',
        vaultService: 'paydesk-test-1',
        sandboxSeed: 42,
        quiet: true,
      },
    },
  });
});

test('--memory-vault and --build-only', () => {
  expect(parseWebArgs(['--memory-vault'])).toMatchObject({
    ok: true,
    command: { options: { vault: 'memory' } },
  });
  expect(parseWebArgs(['--build-only', '--renderer-dir', '/tmp/x'])).toEqual({
    ok: true,
    command: { kind: 'build', rendererDir: '/tmp/x' },
  });
});

test('bad flags are usage errors with a message', () => {
  for (const argv of [
    ['--port', 'x'],
    ['--port', '70000'],
    ['--seed', '-1'],
    ['--unknown'],
    ['positional'],
    ['--no-build', '--build-only'],
    ['--memory-vault', '--vault-service', 'x'],
    ['--vault-service', 'has space'],
  ]) {
    const parsed = parseWebArgs(argv);
    expect(parsed.ok, argv.join(' ')).toBe(false);
    expect(!parsed.ok && parsed.message.length, argv.join(' ')).toBeGreaterThan(0);
  }
});

test('a first run is told, under the URL, what it would otherwise learn too late, each with its flag', () => {
  const notes = startNotes(
    { launcher: 'web', dataFolderTemporary: true, keychain: 'unavailable' },
    'The OS keychain refused to read an entry: Cannot autolaunch D-Bus without X11 $DISPLAY.',
  ).join('\n');
  expect(notes).toContain('the data folder is temporary');
  expect(notes).toContain('npm run web -- --data-dir');
  expect(notes).toContain('the OS keychain cannot be used (The OS keychain refused');
  expect(notes).toContain('drafts are kept only until this stops');
  expect(notes).toContain('npm run web -- --memory-vault');
  // Nothing to say when the folder is kept and the keychain works, or keys are in memory by choice.
  expect(startNotes({ launcher: 'web', dataFolderTemporary: false, keychain: 'usable' }, null)).toEqual([]);
  expect(startNotes({ launcher: 'web', dataFolderTemporary: false, keychain: 'memory' }, null)).toEqual([]);
});
