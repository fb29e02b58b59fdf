import { loadConfigFromFile } from 'electron-vite';
import { isAbsolute, resolve } from 'node:path';
import { build } from 'vite';

export const repositoryRoot = resolve(import.meta.dirname, '../..');

/** Where `electron-vite build` puts the renderer (what `npm run web -- --no-build` serves). */
export const DEFAULT_RENDERER_DIR = resolve(repositoryRoot, 'out/renderer');

/** Other pages built with the renderer's toolchain instead of the app (the bench's stack floors). */
interface OtherPages {
  /** The folder the pages' paths are relative to (Vite's root). */
  root: string;
  /** Entry name → HTML file. */
  pages: Record<string, string>;
}

/**
 * Builds the renderer exactly as the Electron app gets it: the `renderer` section of
 * electron.vite.config.ts (root, plugins, build options), run by Vite, into `outDir`. `base` is
 * './' as electron-vite sets it for production, so the same files work from file:// and http.
 * With `options.instead`, the same toolchain builds those pages, not the app.
 */
export async function buildRenderer(
  outDir: string,
  options: { quiet?: boolean; instead?: OtherPages } = {},
): Promise<void> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    resolve(repositoryRoot, 'electron.vite.config.ts'),
    repositoryRoot,
    options.quiet ? 'silent' : 'warn',
  );
  const renderer = loaded.config.renderer;
  if (!renderer || typeof renderer === 'function' || renderer instanceof Promise)
    throw new Error('electron.vite.config.ts has no plain renderer section');
  const root = options.instead?.root ?? renderer.root ?? 'renderer';
  const rolldownOptions = options.instead
    ? { ...renderer.build?.rolldownOptions, input: options.instead.pages }
    : renderer.build?.rolldownOptions;
  await build({
    ...renderer,
    configFile: false,
    root: isAbsolute(root) ? root : resolve(repositoryRoot, root),
    base: './',
    mode: 'production',
    logLevel: options.quiet ? 'warn' : 'info',
    build: { ...renderer.build, rolldownOptions, outDir, emptyOutDir: true },
  });
}
