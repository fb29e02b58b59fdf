import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { devServerWithoutCspMeta } from './build/dev-csp-plugin';

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
    plugins: [react(), devServerWithoutCspMeta()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
      },
    },
  },
});
