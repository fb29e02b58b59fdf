import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Repository paths of the relative imports of `file`, as written (no extension added). */
const relativeTargets = (file: string): string[] =>
  importSpecifiers(readFileSync(join(root, file), 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(root, join(root, dirname(file), specifier)));

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

test('the preload imports only electron (in preload/index.ts), its own files and shared/', () => {
  const files = sourceFiles('preload');
  expect(files).toContain('preload/index.ts');
  const offenders = files.flatMap((file) =>
    importSpecifiers(readFileSync(join(root, file), 'utf8'))
      .filter((specifier) => {
        if (!specifier.startsWith('.')) return !(file === 'preload/index.ts' && specifier === 'electron');
        const target = relative(root, join(root, dirname(file), specifier));
        return !/^(preload|shared)\//.test(target);
      })
      .map((specifier) => `${file} imports ${specifier}`),
  );
  expect(offenders).toEqual([]);
});

test('main/page, which both shells use, imports neither shell', () => {
  const files = sourceFiles('main/page');
  expect(files).toContain('main/page/policy.ts');
  const offenders = files.flatMap((file) =>
    relativeTargets(file)
      .filter((target) => /^main\/(electron|web)(\/|$)/.test(target))
      .map((target) => `${file} imports ${target}`),
  );
  expect(offenders).toEqual([]);
});

test('the servers of the page know nothing of the console core: its files come from main/page', () => {
  for (const server of ['main/electron/app-scheme.ts', 'main/web/server.ts']) {
    const targets = relativeTargets(server);
    expect(targets, server).toContain('main/page/renderer-files');
    expect(
      targets.filter((target) => /^main\/core(\/|$)/.test(target)),
      server,
    ).toEqual([]);
  }
});

test('the sandbox does not import the client, the CLI or the contract', () => {
  const outside = sourceFiles('main/sandbox').flatMap((file) =>
    relativeTargets(file)
      .filter((target) => /^(main\/(core|cli)|preload)(\/|$)/.test(target))
      .map((target) => `${file} imports ${target}`),
  );
  expect(outside).toEqual([]);
});

test('main/core imports nothing from main/sandbox, not even a type', () => {
  const into = sourceFiles('main/core').flatMap((file) =>
    relativeTargets(file)
      .filter((target) => /^main\/sandbox(\/|$)/.test(target))
      .map((target) => `${file} imports ${target}`),
  );
  expect(into).toEqual([]);
});

/**
 * The specifiers of the static imports that load a module when the importing one loads: with
 * verbatimModuleSyntax only `import type` / `export type` are erased, and an `import()` waits
 * until it is called.
 */
const loadedSpecifiers = (source: string): string[] =>
  [...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .filter((match) => match[1] === undefined)
    .map((match) => match[2] ?? '');

function resolveSource(from: string, specifier: string): string | undefined {
  const base = join(root, dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
    .filter((candidate) => existsSync(candidate) && statSync(candidate).isFile())
    .map((candidate) => relative(root, candidate))[0];
}

/** What loading `entry` loads: the repository's files, and which of them import which packages. */
function loadedAtStart(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages: string[] = [];
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of loadedSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.push(`${file} imports ${specifier}`);
        continue;
      }
      const target = resolveSource(file, specifier);
      if (target) pending.push(target);
    }
  }
  return { files: [...files], packages };
}

test('the start-up reader follows what loads and skips what is erased or imported on demand', () => {
  const sample = `import type { A } from './a';\nimport {\n  b,\n  type C,\n} from './b';\nexport type { D } from './d';\nexport { e } from './e';\nimport './f';\nconst g = await import('./g');\n// import h from './h';`;
  expect(loadedSpecifiers(sample)).toEqual(['./b', './e', './f']);
});

test('the composition roots load the sandbox and Fastify only when the local sandbox is used', () => {
  for (const entry of ['main/cli/run.ts', 'main/index.ts', 'main/web/cli.ts']) {
    const loaded = loadedAtStart(entry);
    // The starter is the one sandbox file a root loads: it imports the rest with import().
    expect(loaded.files, entry).toContain('main/sandbox/starter.ts');
    expect(
      loaded.files.filter((file) => file.startsWith('main/sandbox/') && file !== 'main/sandbox/starter.ts'),
      entry,
    ).toEqual([]);
    expect(
      loaded.packages.filter((line) => / imports (fastify|@fastify\/|qrcode)/.test(line)),
      entry,
    ).toEqual([]);
  }
});

test('the composition roots load the record index database only when a record is first seen', () => {
  for (const entry of ['main/cli/run.ts', 'main/index.ts', 'main/web/cli.ts']) {
    const loaded = loadedAtStart(entry);
    // The starter imports the SQLite adapter with import(): `paydesk --help` never opens the file.
    expect(loaded.files, entry).toContain('main/core/console/record-index-starter.ts');
    expect(
      loaded.files.filter((file) => file.startsWith('main/core/record-index/') && !file.endsWith('/port.ts')),
      entry,
    ).toEqual([]);
    expect(
      loaded.packages.filter((line) => / imports better-sqlite3/.test(line)),
      entry,
    ).toEqual([]);
  }
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

test('the renderer imports nothing from the preload: it shares only the contract with it', () => {
  expect(breaches(sourceFiles('renderer'), (s) => /(^|\/)preload(\/|$)/.test(s))).toEqual([]);
});

test('the contract imports nothing from outside its folder', () => {
  const outside = sourceFiles('shared/contract').flatMap((file) =>
    importSpecifiers(readFileSync(join(root, file), 'utf8'))
      .filter(
        (specifier) =>
          !specifier.startsWith('.') ||
          // The folder itself, not a sibling that merely starts with its name (`shared/contract-old`).
          !/^shared\/contract(\/|$)/.test(relative(root, join(root, dirname(file), specifier))),
      )
      .map((specifier) => `${file} imports ${specifier}`),
  );
  expect(sourceFiles('shared/contract')).toContain('shared/contract/index.ts');
  expect(outside).toEqual([]);
});

test('raw ipcMain and ipcRenderer appear only in the router and the preload bridge', () => {
  const allowed = new Set(['main/electron/ipc-router.ts', 'preload/index.ts']);
  const files = ['main', 'preload', 'renderer'].flatMap(sourceFiles).filter((file) => !allowed.has(file));
  const users = files.filter((file) => /\bipc(Main|Renderer)\b/.test(readFileSync(join(root, file), 'utf8')));
  expect(users).toEqual([]);
});
