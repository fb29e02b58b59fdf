import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { devServerWithoutCspMeta } from './build/dev-csp-plugin';
import { mantineStylesByComponent } from './build/mantine-styles-plugin';
import { prestartShell } from './build/prestart-plugin';

/**
 * The start-up JavaScript in a few chunks, one per family of libraries, instead of one entry
 * chunk: Chromium compiles each script on a background thread of its own while it streams in, so
 * several compile side by side where one big one kept the main thread waiting. Each group takes
 * only modules the first screen loads anyway (`$initial`), so no lazy screen's code moves into the
 * start. No V8 all-functions compile hint on them: on two shared cores it cost the first render
 * more than it saved. Figures in docs/performance.md;
 * test/integration/packaging/start-up-scripts.spec.ts keeps the split.
 */
const START_UP_CHUNKS = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  {
    name: 'app-libraries',
    test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
  },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules, so this one bundle is CommonJS.
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), mantineStylesByComponent(), prestartShell(), devServerWithoutCspMeta()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      // index.html names its entry alone, no modulepreload of the chunks the entry imports:
      // Chromium compiles a preloaded module on the main thread as it arrives, ahead of the
      // pre-start script and so of the first lookup box (docs/performance.md). The lazy screens'
      // imports keep theirs (hostType 'js').
      modulePreload: {
        resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? [] : dependencies),
      },
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
        output: { codeSplitting: { groups: START_UP_CHUNKS } },
      },
    },
  },
});
