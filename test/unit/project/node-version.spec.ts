import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { repositoryRoot } from '../../support/built-app';

/**
 * Two Nodes, each named where a tool reads it (README, "Prerequisites" and "The command line"):
 * - the oldest Node the shipped code runs on: package.json "engines", @types/node's major (the
 *   APIs the code may use) and the CLI bundle's esbuild target; .ci/run runs the CLI bundle and the
 *   unit tests on it;
 * - the Node the project is developed and tested on: .nvmrc (what nvm, fnm and .ci/run install) and
 *   "devEngines" (what npm stops a developer on an older Node with).
 */

const manifest = z
  .object({
    engines: z.object({ node: z.string().regex(/^>=\d+\.\d+\.\d+$/) }),
    devEngines: z.object({
      runtime: z.object({ name: z.literal('node'), version: z.string(), onFail: z.string() }),
    }),
    devDependencies: z.object({ '@types/node': z.string() }),
  })
  .parse(JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')));
const nvmrc = readFileSync(join(repositoryRoot, '.nvmrc'), 'utf8').trim();
const oldest = manifest.engines.node.slice(2);

/** "1.2.3" as numbers, so that 26.10 sorts after 26.9. */
const parts = (version: string): number[] => version.split('.').map(Number);
const atLeast = (version: string, floor: string): boolean => {
  const [have, want] = [parts(version), parts(floor)];
  for (let i = 0; i < want.length; i++) {
    if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > (want[i] ?? 0);
  }
  return true;
};

test('.nvmrc names an exact version, devEngines has it as its floor, and it is not older than engines', () => {
  expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
  expect(manifest.devEngines.runtime.version).toBe(`>=${nvmrc}`);
  // A warning would scroll past among npm's install output; a stop names the version to install.
  expect(manifest.devEngines.runtime.onFail).toBe('error');
  expect(atLeast(nvmrc, oldest)).toBe(true);
});

test('@types/node is of the oldest supported major, as declared and as installed', () => {
  const major = oldest.split('.')[0];
  expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  const installed = z
    .object({ version: z.string() })
    .parse(
      JSON.parse(
        readFileSync(join(repositoryRoot, 'node_modules', '@types', 'node', 'package.json'), 'utf8'),
      ),
    );
  expect(installed.version.split('.')[0]).toBe(major);
});

test('the CLI bundle is built for the oldest supported Node', () => {
  const script = readFileSync(join(repositoryRoot, 'scripts', 'build-cli.mjs'), 'utf8');
  const [major, minor] = parts(oldest);
  expect(script).toContain(`target: 'node${major}.${minor}'`);
});

test('the suites run on the oldest supported Node or a newer one', () => {
  expect(atLeast(process.versions.node, oldest), `Node ${process.versions.node}, floor ${oldest}`).toBe(true);
});
