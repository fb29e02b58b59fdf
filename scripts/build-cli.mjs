#!/usr/bin/env node
/**
 * Bundles the command line (main/cli/index.ts) into out/cli/ (or `--outDir <dir>`), so `paydesk`
 * starts under plain Node without tsx transforming the sources on every call.
 *
 * ESM with code splitting: main/sandbox/starter.ts imports the sandbox (and Fastify with it) with
 * import(), so it lands in a chunk of its own that only the local-sandbox profile loads. keytar
 * and better-sqlite3 stay external: each native addon must be a real file next to its own loader.
 * Everything else is inside the bundle, so the installed app ships no other node_modules for it.
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const repositoryRoot = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
const outdir = resolve(repositoryRoot, values.outDir ?? 'out/cli');

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: repositoryRoot,
  entryPoints: { index: 'main/cli/index.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest system Node the installed CLI is promised to run on: package.json "engines" (README,
  // "The command line"), not .nvmrc, the newer Node this project is developed and tested on.
  target: 'node22.14',
  external: ['better-sqlite3', 'keytar'],
  // CommonJS packages in the bundle (pino, fastify's dependencies) call require() for Node's
  // built-ins, which an ES module does not have.
  banner: {
    js: "import { createRequire as __paydeskCreateRequire } from 'node:module';\nconst require = __paydeskCreateRequire(import.meta.url);",
  },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
