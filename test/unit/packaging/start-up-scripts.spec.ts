import { test, expect } from '@playwright/test';
import { builtApp } from './built-app';

/**
 * How the built page hands its start-up JavaScript to Chromium (electron.vite.config.ts): in
 * several chunks that compile side by side on background threads (START_UP_CHUNKS), each with
 * V8's compile hint on its first line (compileHintsForInitialChunks). The time it buys is in
 * `npm run bench` (navigation → interactive lookup box); this keeps the build from falling back.
 */

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface StartUpScript {
  path: string;
  code: string;
}

/** The module script of index.html and its modulepreloads: what the page compiles before it runs. */
async function startUpScripts(): Promise<StartUpScript[]> {
  const built = await builtApp();
  const html = await built.read('renderer/index.html');
  const paths = [
    ...html.matchAll(/<script type="module"[^>]* src="\.\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\.\/([^"]+\.js)"/g),
  ].map((match) => `renderer/${match[1] ?? ''}`);
  return Promise.all(paths.map(async (path) => ({ path, code: await built.read(path) })));
}

test('the start-up JavaScript comes in several chunks, none with most of it', async () => {
  const scripts = await startUpScripts();
  const named = (name: string) => scripts.filter((script) => script.path.includes(`/${name}-`));
  for (const name of ['index', 'react-dom', 'app-libraries', 'overlays', 'mantine'])
    expect(named(name), `${name} chunk`).toHaveLength(1);
  const total = scripts.reduce((sum, script) => sum + script.code.length, 0);
  const largest = Math.max(...scripts.map((script) => script.code.length));
  // One chunk held two thirds of it before the split; a background compile per chunk is the point.
  expect(largest / total).toBeLessThan(0.4);
});

test('every start-up chunk carries the compile hint, and no lazy chunk does', async () => {
  const scripts = await startUpScripts();
  for (const script of scripts) {
    // The runtime chunk is a few hundred bytes, but it is compiled before anything runs too.
    expect(script.code.startsWith(`${COMPILE_HINT}\n`), script.path).toBe(true);
  }
  const built = await builtApp();
  const startUp = new Set(scripts.map((script) => script.path));
  const lazy = built.files.filter(
    (path) => path.startsWith('renderer/assets/') && path.endsWith('.js') && !startUp.has(path),
  );
  expect(lazy.length).toBeGreaterThan(0);
  for (const path of lazy) expect((await built.read(path)).startsWith(COMPILE_HINT), path).toBe(false);
});
