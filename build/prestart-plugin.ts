import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { build, runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../shared/contract';
import { PRESTART_LANGUAGE_ATTRIBUTE, PRESTART_PLACEHOLDER } from '../renderer/src/prestart/markers';

// From the module's URL: electron-vite bundles the config with its imports into one file at the
// repository root, where import.meta.dirname would name the root, not this folder.
const RENDERER_ROOT = fileURLToPath(new URL('../renderer', import.meta.url));
const APP_PAGE = resolve(RENDERER_ROOT, 'index.html');

/**
 * The app's entry module, which Vite names in the head; moved after the pre-start script, so its
 * fetch and compile do not take the cores from the first screen (docs/performance.md).
 */
const ENTRY_SCRIPT = /\n\s*<script type="module"[^>]*><\/script>/g;

/**
 * The pre-start shell (renderer/src/prestart): the app's first screen as HTML, so the lookup box
 * is on screen and takes typing before the app's JavaScript has been compiled, let alone run.
 * The app's own components render it at build time (prerender.tsx, in Node through Vite's module
 * runner), once per language, into `<template>`s at index.html's placeholder; the pre-start script
 * (prestart.ts, bundled here as a classic script, since it must run as the parser reaches it)
 * shows the one in the user's language. The app's first render then replaces it (handover.ts).
 * Only the app's page gets it: the bench's stack-floor pages are built by the same config.
 */
export function prestartShell(): Plugin {
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
  // The renderer's own types stay out of this program (they need Vite's client types).
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
