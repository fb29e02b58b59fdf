import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The web bridge is dev and test only, and the page policy it shares with the app is plain data:
 * checked on the sources so that neither can drift into the packaged app or pick up an Electron
 * import.
 */

const root = join(import.meta.dirname, '..', '..', '..');

const importSpecifiers = (file: string): string[] =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(
      /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '');

/** Repository paths of the relative imports of `file`, extensionless as written. */
const relativeTargets = (file: string): string[] =>
  importSpecifiers(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(root, join(root, dirname(file), specifier)));

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

test('the Electron app never imports the web bridge', () => {
  const appFiles = ['main/index.ts', ...sources('main/electron')];
  const offenders = appFiles.flatMap((file) =>
    relativeTargets(file)
      .filter((target) => target.startsWith('main/web'))
      .map((target) => `${file} imports ${target}`),
  );
  expect(offenders).toEqual([]);
});

test('the web bridge and the page policy import nothing from electron', () => {
  const files = [
    ...sources('main/web'),
    ...sources('main/page'),
    'preload/bridge.ts',
    'preload/web-bridge.ts',
  ];
  const offenders = files.flatMap((file) =>
    importSpecifiers(file)
      .filter((specifier) => specifier === 'electron' || specifier === 'electron-store')
      .map((specifier) => `${file} imports ${specifier}`),
  );
  expect(offenders).toEqual([]);
});

test('the web bridge imports nothing from main/electron, renderer/ or preload/', () => {
  // What it shares with the Electron app lives in main/page; with the page, in shared/.
  const offenders = sources('main/web').flatMap((file) =>
    relativeTargets(file)
      .filter((target) => /^(main\/electron|renderer|preload)(\/|$)/.test(target))
      .map((target) => `${file} imports ${target}`),
  );
  expect(offenders).toEqual([]);
});

test('the page bridges import only the bridge factory, the contract and the wire format', () => {
  expect(relativeTargets('preload/bridge.ts')).toEqual(['shared/contract']);
  expect([...new Set(relativeTargets('preload/web-bridge.ts'))].sort()).toEqual(
    ['preload/bridge', 'shared/contract', 'shared/web-protocol'].sort(),
  );
  expect(importSpecifiers('shared/web-protocol.ts')).toEqual([]);
});
