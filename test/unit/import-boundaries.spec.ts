import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The rooms of the architecture page, checked by reading the sources so that a lint
 * configuration change cannot hide a breach.
 */
const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  const absolute = join(root, dir);
  try {
    statSync(absolute);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) {
      found.push(relative(root, join(entry.parentPath, entry.name)));
    }
  }
  return found;
}

const importSpecifiers = (source: string): string[] =>
  [
    ...source.matchAll(
      /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');

function breaches(files: string[], forbidden: (specifier: string) => boolean): string[] {
  return files.flatMap((file) =>
    importSpecifiers(readFileSync(join(root, file), 'utf8'))
      .filter(forbidden)
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

test('the import-specifier reader finds every form of import', () => {
  const sample = `import a from 'electron';\nimport type { B } from "electron-store";\nexport { c } from './c';\nconst d = await import('node:fs');\nconst e = require('keytar');\nimport './side-effect';`;
  expect(importSpecifiers(sample)).toEqual([
    'electron',
    'electron-store',
    './c',
    'node:fs',
    'keytar',
    './side-effect',
  ]);
});

test('main/core, main/sandbox and main/cli import nothing from electron', () => {
  const files = ['main/core', 'main/sandbox', 'main/cli'].flatMap(sourceFiles);
  expect(
    breaches(files, (s) => s === 'electron' || s.startsWith('electron/') || s === 'electron-store'),
  ).toEqual([]);
});

test('the sandbox does not import the client, the CLI or the contract', () => {
  const outside = sourceFiles('main/sandbox').flatMap((file) =>
    importSpecifiers(readFileSync(join(root, file), 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => relative(root, join(root, dirname(file), specifier)))
      .filter((target) => /^(main\/(core|cli)|preload)(\/|$)/.test(target))
      .map((target) => `${file} imports ${target}`),
  );
  expect(outside).toEqual([]);
});

test('the renderer imports no Node, Electron, keytar or main code', () => {
  const forbidden = (s: string): boolean =>
    s.startsWith('node:') ||
    [
      'electron',
      'electron-store',
      'keytar',
      'fs',
      'path',
      'os',
      'crypto',
      'child_process',
      'http',
      'https',
      'net',
    ].includes(s) ||
    /(^|\/)main\//.test(s);
  expect(breaches(sourceFiles('renderer'), forbidden)).toEqual([]);
});

test('the renderer reaches the preload only through the contract', () => {
  const preloadImports = breaches(sourceFiles('renderer'), (s) => /(^|\/)preload(\/|$)/.test(s));
  expect(preloadImports.filter((line) => !/preload\/contract$/.test(line))).toEqual([]);
});

test('the contract is import-free', () => {
  expect(importSpecifiers(readFileSync(join(root, 'preload/contract.ts'), 'utf8'))).toEqual([]);
});

test('raw ipcMain and ipcRenderer appear only in the router and the preload bridge', () => {
  const allowed = new Set(['main/electron/ipc-router.ts', 'preload/index.ts']);
  const files = ['main', 'preload', 'renderer'].flatMap(sourceFiles).filter((file) => !allowed.has(file));
  const users = files.filter((file) => /\bipc(Main|Renderer)\b/.test(readFileSync(join(root, file), 'utf8')));
  expect(users).toEqual([]);
});
