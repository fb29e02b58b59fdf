import { test, expect } from '@playwright/test';
import { startUpScriptPaths } from '../../support/renderer-build';
import { builtApp, type BuiltApp } from '../../support/built-app';

/**
 * What the built page hands Chromium to compile at start: V8's lazy compilation (no all-functions
 * compile hint: measured slower on two shared cores), and not the overlays' code, which comes after
 * the first paint (renderer/src/components/overlays.tsx). The time it buys is in `npm run bench`
 * (navigation → interactive lookup box); this keeps the build from falling back.
 */

/** V8's explicit compile hint for a whole script: compile every function of it eagerly. */
const ALL_FUNCTIONS_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** A string of floating-ui's (Mantine's menus, popovers and modals position and trap focus with it). */
const FLOATING_UI_MARK = 'data-floating-ui-focusable';

interface StartUpScript {
  path: string;
  code: string;
}

/** The scripts the page compiles before it runs (startUpScriptPaths). */
async function startUpScripts(): Promise<StartUpScript[]> {
  const built = await builtApp();
  const paths = (await startUpScriptPaths((path) => built.read(`renderer/${path}`))).map(
    (path) => `renderer/${path}`,
  );
  return Promise.all(paths.map(async (path) => ({ path, code: await built.read(path) })));
}

/** Every JavaScript file of the renderer build. */
const rendererScripts = (built: BuiltApp): string[] =>
  built.files.filter((path) => path.startsWith('renderer/assets/') && path.endsWith('.js'));

test("no chunk asks V8 to compile all its functions eagerly: the start-up's background compile stays lazy", async () => {
  const built = await builtApp();
  const scripts = rendererScripts(built);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of scripts)
    expect((await built.read(path)).includes(ALL_FUNCTIONS_COMPILE_HINT), path).toBe(false);
});

test("the overlays' code is not in the start-up chunks: it is a chunk of its own, loaded later", async () => {
  const scripts = await startUpScripts();
  for (const script of scripts) expect(script.code.includes(FLOATING_UI_MARK), script.path).toBe(false);
  const built = await builtApp();
  const overlayCode = rendererScripts(built).filter((path) => /\/overlay-code-[^/]+\.js$/.test(path));
  expect(overlayCode).toHaveLength(1);
  expect(scripts.map((script) => script.path)).not.toContain(overlayCode[0]);
  // Its imports include floating-ui, which is where the start-up no longer has it from.
  const withFloatingUi = [];
  for (const path of rendererScripts(built))
    if ((await built.read(path)).includes(FLOATING_UI_MARK)) withFloatingUi.push(path);
  expect(withFloatingUi.length).toBeGreaterThan(0);
});
