import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

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
    plugins: [
      react(),
      {
        // The dev server inlines React's fast-refresh preamble, which the strict CSP meta tag of
        // index.html would block; in dev the window's CSP header (main/electron/policy.ts,
        // DEVELOPMENT_CONTENT_SECURITY_POLICY) governs alone. Builds keep the meta tag.
        name: 'paydesk-dev-csp-meta',
        apply: 'serve',
        transformIndexHtml: (html: string) =>
          html.replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
      },
    ],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
