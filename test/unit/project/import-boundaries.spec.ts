import { test, expect } from '@playwright/test';
import { ESLint } from 'eslint';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The rooms and what each may import are one table, ROOMS in eslint.config.js, enforced by
 * `boundaries/dependencies`. These tests make sure that table bites (a lint change that stops it
 * fails here), and check what a lint rule cannot: what the composition roots LOAD at start-up,
 * following imports from file to file.
 */
const root = join(import.meta.dirname, '..', '..', '..');

/** The boundaries errors ESLint gives for `code` as if it were the file at `filePath`. */
async function breaches(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => `${message.line}: ${message.message}`);
}

test('the table of rooms bites: each forbidden import is an ESLint error, allowed ones are not', async () => {
  test.setTimeout(120_000);
  const eslint = new ESLint({ cwd: root });
  const cases: { file: string; code: string; errors: RegExp[] }[] = [
    {
      file: 'main/core/zz-fixture.ts',
      code: `import 'electron';\nimport type { SandboxOptions } from '../sandbox';\nimport { z } from 'zod';\nimport type { Result } from '../../shared/contract';\nexport type { SandboxOptions, Result };\nexport const y = z;\n`,
      errors: [
        /^1: Only main\/electron, main\/index.ts and preload\/index.ts may import electron/,
        /^2: main\/core may import only contract/,
      ],
    },
    {
      file: 'renderer/src/zz-fixture.ts',
      code: `import { buildCsv } from '../../main/core/csv';\nimport { readFileSync } from 'node:fs';\nimport { join } from 'path';\nimport { createBridge } from '../../preload/bridge';\nimport { useState } from 'react';\nexport const x = [buildCsv, readFileSync, join, createBridge, useState];\n`,
      errors: [
        /^1: renderer may import/,
        /^2: renderer may import .*'node:fs'/,
        /^3: renderer .*'path'/,
        /^4: renderer .*preload/,
      ],
    },
    {
      file: 'main/cli/zz-fixture.ts',
      code: `import keytar from 'keytar';\nimport { startSandbox } from '../sandbox';\nimport { embeddedSandboxStarter } from '../sandbox/starter';\nexport const x = [keytar, startSandbox, embeddedSandboxStarter];\n`,
      errors: [
        /^1: Only main\/core\/vault reaches the OS keychain/,
        /^2: Other rooms reach main\/sandbox only through its lazy starter/,
      ],
    },
    {
      file: 'main/electron/zz-fixture.ts',
      code: `import { ipcMain, app } from 'electron';\nimport { startWebBridge } from '../web/start';\nexport const y = [ipcMain, app, startWebBridge];\n`,
      errors: [/^1: Raw IPC lives only in main\/electron\/ipc-router.ts/, /^2: main\/electron may import/],
    },
    {
      file: 'main/electron/app-scheme.ts',
      code: `import { buildCsv } from '../core/csv';\nexport const y = buildCsv;\n`,
      errors: [/^1: The page servers .* know nothing of the console core/],
    },
    {
      file: 'shared/contract/zz-fixture.ts',
      code: `import { z } from 'zod';\nexport const y = z;\n`,
      errors: [/^1: shared\/contract may import no other room, and no package/],
    },
    {
      file: 'preload/bridge.ts',
      code: `import { contextBridge } from 'electron';\nexport const y = contextBridge;\n`,
      errors: [/^1: Only main\/electron, main\/index.ts and preload\/index.ts may import electron/],
    },
  ];
  for (const { file, code, errors } of cases) {
    const found = await breaches(eslint, file, code);
    expect(found, file).toHaveLength(errors.length);
    errors.forEach((error, index) => expect(found[index], file).toMatch(error));
  }
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

/**
 * The roots that open the console core: the app, the web bridge, and the CLI's session (the CLI's
 * start loads no core at all; the test below says so).
 */
const CORE_ROOTS = ['main/cli/session.ts', 'main/index.ts', 'main/web/cli.ts'];

test('the composition roots load the sandbox and Fastify only when the local sandbox is used', () => {
  for (const entry of CORE_ROOTS) {
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
  for (const entry of CORE_ROOTS) {
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

test('the composition roots load pg only when a team command connects', () => {
  for (const entry of [...CORE_ROOTS, 'main/cli/team-actions.ts']) {
    const loaded = loadedAtStart(entry);
    // connectTeam imports pg with import(): `paydesk --help` and every other command never load it.
    expect(
      loaded.packages.filter((line) => / imports pg(\/|$)/.test(line)),
      entry,
    ).toEqual([]);
  }
  expect(loadedAtStart('main/cli/run.ts').files).toContain('main/cli/team-commands.ts');
});

test("paydesk starts with its command definitions only; a group's actions and the core load when a command runs", () => {
  for (const entry of ['main/cli/index.ts', 'main/cli/run.ts']) {
    const loaded = loadedAtStart(entry);
    // --help, --version and completion need the definitions alone (main/cli/command-groups.ts).
    expect(
      loaded.files.filter((file) => /^main\/cli\/(.*-actions|session|arming)\.ts$/.test(file)),
      entry,
    ).toEqual([]);
    // zod builds its schemas as it loads, and node:crypto its algorithm tables: neither at start
    // (docs/performance.md, "CLI start-up: each command group's work loads when it runs").
    expect(
      loaded.packages.filter((line) => !/ imports (commander|node:(?!crypto)[a-z_/]+)$/.test(line)),
      entry,
    ).toEqual([]);
  }
  // The groups' actions do load the core, so the rule above is not met by an empty graph.
  expect(loadedAtStart('main/cli/resource-actions.ts').packages.join('\n')).toMatch(/ imports zod$/m);
});
