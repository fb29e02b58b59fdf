import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from '../../support/built-app';

/**
 * The test switches of main/index.ts (PAYDESK_DATA_DIR, PAYDESK_MEMORY_VAULT,
 * PAYDESK_SANDBOX_SEED, ELECTRON_RENDERER_URL) are honoured only while the app is unpackaged.
 * main/index.ts runs in a child process against the stand-in electron module, once as a
 * development app and once as a packaged one, with every switch set.
 */

interface Chosen {
  userData: string;
  loaded: { file?: string; url?: string } | null;
  /** Schemes the app asked the OS to hand it. */
  protocolClients: string[];
}

let home: string;

test.beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'paydesk-packaged-'));
});

test.afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function runComposition(mode: 'packaged' | 'unpackaged'): Promise<Chosen> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'packaged-app-child.ts'), mode],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        PAYDESK_DATA_DIR: join(home, `switch-data-${mode}`),
        PAYDESK_MEMORY_VAULT: '1',
        PAYDESK_SANDBOX_SEED: '7',
        ELECTRON_RENDERER_URL: 'http://localhost:5173/',
      },
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout) as Chosen;
}

test('unpackaged (npm start, npm run dev): the switches choose the data folder and the dev server', async () => {
  const chosen = await runComposition('unpackaged');
  expect(chosen.userData).toBe(join(home, 'switch-data-unpackaged'));
  expect(chosen.loaded).toEqual({ url: 'http://localhost:5173/' });
  // A development run leaves `paydesk://` links to the installed app.
  expect(chosen.protocolClients).toEqual([]);
});

test('packaged: every switch is ignored; the per-OS data folder and the built page', async () => {
  const chosen = await runComposition('packaged');
  expect(chosen.userData).toBe(join(home, 'config', 'Paydesk'));
  expect(chosen.loaded).toEqual({ url: 'paydesk://app/index.html' });
  expect(chosen.protocolClients).toEqual(['paydesk']);
  await expect(stat(join(home, 'switch-data-packaged'))).rejects.toThrow();
  // The other two switches have no outward effect at start; in the source each read of the
  // environment sits behind the same `testSwitches` (= !app.isPackaged) the run above exercised.
  const composition = await readFile(join(repositoryRoot, 'main', 'index.ts'), 'utf8');
  const reads = [...composition.matchAll(/process\.env\.(\w+)/g)];
  expect(reads.map((read) => read[1])).toEqual(
    expect.arrayContaining(['PAYDESK_SANDBOX_SEED', 'PAYDESK_MEMORY_VAULT', 'ELECTRON_RENDERER_URL']),
  );
  for (const read of reads) {
    const statement = composition.slice(composition.lastIndexOf(';', read.index), read.index);
    expect(statement, read[1]).toMatch(/testSwitches/);
  }
  expect(composition).toMatch(/^const testSwitches = !app\.isPackaged;$/m);
});
