import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build, runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from './shared/contract';
import { PRESTART_LANGUAGE_ATTRIBUTE, PRESTART_PLACEHOLDER } from './renderer/src/prestart/markers';

/**
 * The start-up JavaScript in a few chunks, one per family of libraries, instead of one ~470 KB
 * entry chunk: Chromium compiles each script on a background thread of its own while it streams
 * in, so with one big chunk the main thread sat idle until that one compile ended, and with
 * several they compile side by side. A/B in Chromium without V8's code cache, navigation →
 * interactive lookup box, paired loads: −22 ms median (faster in 24 of 30) against the single
 * chunk, when the chunks still carried V8's compile hint (below); without it the single chunk
 * was +8.7 ms (faster in 12 of 30). Each group takes only modules the first screen loads anyway
 * (`$initial`), so no lazy screen's code moves into the start; the app's own code stays in the
 * entry chunk. test/unit/packaging/start-up-scripts.spec.ts keeps the split.
 *
 * No chunk carries V8's explicit compile hint (`//# allFunctionsCalledOnLoad`) any more. It made
 * the background threads compile every function of the start-up chunks, most of React DOM's and
 * Mantine's never called at start, and on two cores shared with the browser's other processes that
 * work delays the first render more than the lazy compiles it saves on the main thread. Paired
 * starts without the hint against with it (median difference, faster in): cold −26.3 ms (12 of
 * 20) and −19.6 ms (14 of 24); files cached, no code cache −21.8 ms (18 of 30, busy machine) and
 * +0.7 ms (15 of 30, quiet); warm start with the code cache −10.2 ms (12 of 20).
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

const RENDERER_ROOT = resolve(import.meta.dirname, 'renderer');
const APP_PAGE = resolve(RENDERER_ROOT, 'index.html');

/**
 * The app's entry module, which Vite names in the head; the pre-start shell moves it after the
 * pre-start script. From the head, its fetch and compile (and its imports') took the two cores
 * from the parse, the stylesheets and the pre-start script; after that script they start once the
 * box is up, and the app takes over about as soon. Paired starts of the two builds (30 each, 2 cores),
 * navigation → interactive lookup box, with the pre-start script also asked for from the head
 * (below): warm 330 → 298 ms (faster in 21 of 30 pairs), the app taking over at 492 → 510 ms;
 * without the code cache 316 → 294 ms (23 of 30), taking over at 575 → 598 ms; cold (the browser
 * build's first visit, nothing cached, 24 each) 532 → 505 ms, taking over at 1130 → 1184 ms: there
 * the entry's later fetch costs the take-over more.
 */
const ENTRY_SCRIPT = /\n\s*<script type="module"[^>]*><\/script>/g;

/**
 * The pre-start shell (renderer/src/prestart): the app's first screen as HTML, so the lookup box
 * is on screen and takes typing before the app's JavaScript has been compiled, let alone run.
 * The app's own components render it at build time (prerender.tsx, in Node through Vite's module
 * runner), once per language, into `<template>`s at index.html's placeholder; the pre-start script
 * (prestart.ts, bundled here as a classic script, since it must run as the parser reaches it)
 * shows the one in the user's language. The app's first render then replaces it (handover.ts).
 * Only the app's page gets it: the bench's stack-floor pages are built by this config too.
 */
function prestartShell(): Plugin {
  let prepared: { fileName: string; code: string; html: string; address: string } | undefined;
  return {
    name: 'paydesk-prestart-shell',
    apply: 'build',
    // Here rather than in a bundler hook: the render takes seconds (Node loads React, Mantine and
    // the app), which the bundler would report as a slow plugin on every build.
    async configResolved(config) {
      const input = config.build.rolldownOptions.input;
      const inputs = typeof input === 'string' ? [input] : Object.values(input ?? {});
      if (!inputs.some((page) => resolve(config.root, page) === APP_PAGE)) return;
      const [copies, code] = await Promise.all([firstScreenCopies(), prestartScript()]);
      const fileName = `assets/prestart-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      const address = `./${fileName}`;
      prepared = { fileName, code, address, html: `${copies}\n    <script src="${address}"></script>` };
    },
    buildStart() {
      if (prepared) this.emitFile({ type: 'asset', fileName: prepared.fileName, source: prepared.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!prepared || resolve(context.filename) !== APP_PAGE) return html;
        if (!html.includes(PRESTART_PLACEHOLDER))
          throw new Error(`renderer/index.html has lost its ${PRESTART_PLACEHOLDER} placeholder`);
        const entry = html.match(ENTRY_SCRIPT);
        if (entry?.length !== 1)
          throw new Error('the built index.html does not name exactly one entry module');
        const [entryTag] = entry;
        return {
          html: html
            .replace(entryTag, '')
            .replace(PRESTART_PLACEHOLDER, `${prepared.html}\n    ${entryTag.trim()}`),
          // The parser reaches the pre-start script only after the copies; asked for from the head,
          // it comes alongside the stylesheets, which it waits for anyway.
          tags: [
            {
              tag: 'link',
              attrs: { rel: 'preload', href: prepared.address, as: 'script' },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

async function firstScreenCopies(): Promise<string> {
  // The renderer's own types stay out of this config's program (they need Vite's client types).
  const { module } = await runnerImport<{ prerenderFirstScreen(language: Language): Promise<string> }>(
    resolve(RENDERER_ROOT, 'src/prestart/prerender.tsx'),
    { root: RENDERER_ROOT, logLevel: 'warn' },
  );
  const copies: string[] = [];
  // One after another: i18next is one instance, switched between languages.
  for (const language of LANGUAGES) {
    const markup = await module.prerenderFirstScreen(language);
    // A script would not run in a template (nor pass the CSP); a pending boundary would show its fallback.
    if (markup.includes('<script') || markup.includes('<!--$?-->'))
      throw new Error(`the first screen (${language}) did not render completely at build time`);
    copies.push(`<template ${PRESTART_LANGUAGE_ATTRIBUTE}="${language}">${markup}</template>`);
  }
  return copies.join('\n    ');
}

async function prestartScript(): Promise<string> {
  const output = await build({
    configFile: false,
    root: RENDERER_ROOT,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: resolve(RENDERER_ROOT, 'src/prestart/prestart.ts'),
        formats: ['iife'],
        name: 'paydeskPrestart',
      },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the pre-start script was not built');
  return chunk.code;
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
      prestartShell(),
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
      // index.html names its entry alone, no modulepreload of the chunks the entry imports:
      // Chromium compiles a preloaded module on the main thread once it arrives, which held up the
      // pre-start script (renderer/src/prestart) and so the first lookup box; the entry names the
      // chunks itself once it runs. Paired starts of the same build with and without the links
      // (18 each, 2 cores), navigation → interactive lookup box: warm 374 → 331 ms, the app's box
      // taking over at 500 → 501 ms; without the code cache 449 → 376 ms, taking over 653 → 709 ms.
      // The lazy screens' imports keep theirs (hostType 'js').
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
