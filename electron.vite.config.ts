import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on the first line of
 * the chunks the page loads before its first screen (the entry and what it imports statically):
 * their functions are compiled eagerly on a background thread while the file streams in, instead
 * of lazily on the main thread during the first render, where most of them run anyway.
 * Lazily loaded chunks keep V8's lazy compilation.
 */
function compileHintsForInitialChunks(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'paydesk-compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which puts its preload map at the very top of the entry.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const initial = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = bundle[fileName];
          if (initial.has(fileName) || chunk?.type !== 'chunk') return;
          initial.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const [fileName, chunk] of Object.entries(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
        for (const fileName of initial) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.code = HINT + chunk.code;
        }
      },
    },
  };
}

/**
 * The start-up JavaScript in a few chunks, one per family of libraries, instead of one ~470 KB
 * entry chunk: Chromium compiles each script on a background thread of its own while it streams
 * in (every function, with the hint above), so with one big chunk the main thread sat idle until
 * that one compile ended, and with several they compile side by side. A/B in Chromium without
 * V8's code cache, navigation → interactive lookup box, paired loads: −22 ms median (faster in 24
 * of 30) against the single chunk. Each group takes only modules the first screen loads anyway
 * (`$initial`), so no lazy screen's code moves into the start; the app's own code stays in the
 * entry chunk. test/unit/packaging/start-up-scripts.spec.ts keeps the split.
 */
const START_UP_CHUNKS = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  {
    name: 'app-libraries',
    test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
  },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

/**
 * Mantine's stylesheet per component instead of the whole of it (300 KB, every component Mantine
 * has): each class-name module of @mantine/core (`<Name>.module.mjs`, imported by the component
 * that uses those classes) gets an import of `@mantine/core/styles/<Name>.css`, the file that
 * defines them, so a chunk carries the CSS of exactly the components it uses: the first screen
 * parses and matches the shell's rules only, and a lazy screen brings its own.
 *
 * Order is Mantine's: what every component needs (baseline, CSS variables, global classes) comes
 * with Box, which every component renders and imports before its own classes, so it precedes all
 * of them (a component's rule must win over a global one of the same specificity); and a
 * component imports the components it builds on before its own classes, so theirs come first.
 */
function mantineStylesByComponent(): Plugin {
  const stylesDir = resolve(import.meta.dirname, 'node_modules/@mantine/core/styles');
  const classModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/;
  const box = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]Box[\\/]Box\.mjs$/;
  const imports = (names: readonly string[]): string =>
    names.map((name) => `import '@mantine/core/styles/${name}.css';\n`).join('');
  return {
    name: 'paydesk-mantine-styles-by-component',
    transform: {
      filter: { id: [classModule, box] },
      handler(code, id) {
        if (box.test(id))
          return { code: imports(['baseline', 'default-css-variables', 'global']) + code, map: null };
        const name = classModule.exec(id)?.[1];
        if (!name || !existsSync(resolve(stylesDir, `${name}.css`))) return null;
        return { code: imports([name]) + code, map: null };
      },
    },
  };
}

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
      mantineStylesByComponent(),
      compileHintsForInitialChunks(),
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
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
        output: { codeSplitting: { groups: START_UP_CHUNKS } },
      },
    },
  },
});
