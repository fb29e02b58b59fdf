import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { repositoryRoot } from '../support/built-app';

/**
 * The Node the project is developed and tested on is named in four places (issue 26, item 7):
 * package.json "engines" (the floor .ci/run compares the machine's Node with), "devEngines" (what
 * npm stops a developer on an older Node with), .nvmrc (what nvm, fnm and .ci/run install) and
 * @types/node (the APIs the code may use). They move together, and the suites run on that Node.
 */

const manifest = z
  .object({
    engines: z.object({ node: z.string() }),
    devEngines: z.object({
      runtime: z.object({ name: z.literal('node'), version: z.string(), onFail: z.string() }),
    }),
    devDependencies: z.object({ '@types/node': z.string() }),
  })
  .parse(JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')));
const nvmrc = readFileSync(join(repositoryRoot, '.nvmrc'), 'utf8').trim();

/** "1.2.3" as numbers, so that 26.10 sorts after 26.9. */
const parts = (version: string): number[] => version.split('.').map(Number);
const atLeast = (version: string, floor: string): boolean => {
  const [have, want] = [parts(version), parts(floor)];
  for (let i = 0; i < want.length; i++) {
    if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > (want[i] ?? 0);
  }
  return true;
};

test('.nvmrc names an exact version, and engines and devEngines have it as their floor', () => {
  expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
  expect(manifest.engines.node).toBe(`>=${nvmrc}`);
  expect(manifest.devEngines.runtime.version).toBe(`>=${nvmrc}`);
  // A warning would scroll past among npm's install output; a stop names the version to install.
  expect(manifest.devEngines.runtime.onFail).toBe('error');
});

test('@types/node is of the same major as that Node, as declared and as installed', () => {
  const major = nvmrc.split('.')[0];
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

test('the suites run on that Node or a newer one', () => {
  expect(atLeast(process.versions.node, nvmrc), `Node ${process.versions.node}, floor ${nvmrc}`).toBe(true);
});
