import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LANGUAGES, TEXT_LANGUAGE_OF } from '../../../shared/contract';
import {
  PRESTART_LANGUAGE_ATTRIBUTE,
  PRESTART_LOOKUP_ATTRIBUTE,
  PRESTART_PLACEHOLDER,
} from '../../../renderer/src/prestart/markers';
import { builtApp, repositoryRoot } from '../../support/built-app';

/**
 * The pre-start shell in the desktop app's build (build/prestart-plugin.ts): the first screen as
 * HTML in every language, and the small classic script that shows it before the app's modules run.
 * What it does in the page is in test/e2e/prestart.spec.ts; this keeps the build honest about what
 * it ships.
 */

/**
 * A copy of the first screen must stay plain markup: React and Mantine are what it spares the start.
 * The cap leaves room for the script's own code, not for app modules riding along with an import.
 */
const PRESTART_SCRIPT_MAX_BYTES = 2 * 1024;

async function builtPage(): Promise<string> {
  return (await builtApp()).read('renderer/index.html');
}

/** The page's classic scripts, by their attributes (the pre-start script should be the only one). */
const classicScripts = (page: string): string[] =>
  [...page.matchAll(/<script\b([^>]*)><\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !attributes.includes('type="module"'));

/** The pre-start script's path in the build, from the first classic script's address. */
const prestartScriptPath = (page: string): string | undefined =>
  /src="\.\/(assets\/prestart-[^"]+\.js)"/.exec(classicScripts(page)[0] ?? '')?.[1];

const copies = (page: string): Map<string, string> =>
  new Map(
    [
      ...page.matchAll(
        new RegExp(`<template ${PRESTART_LANGUAGE_ATTRIBUTE}="([^"]+)">([\\s\\S]*?)</template>`, 'g'),
      ),
    ].map((match) => [match[1] ?? '', match[2] ?? '']),
  );

test('index.html carries the first screen in every language, each with the lookup box and its label', async () => {
  const page = await builtPage();
  const byLanguage = copies(page);
  expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  for (const language of LANGUAGES) {
    const shell = JSON.parse(
      await readFile(
        join(repositoryRoot, 'renderer/src/i18n/locales', TEXT_LANGUAGE_OF[language], 'shell.json'),
        'utf8',
      ),
    ) as { jump: { label: string; open: string } };
    const copy = byLanguage.get(language) ?? '';
    // One box for the pre-start script to focus and the app to carry on from, marked as such.
    expect(copy.split(` ${PRESTART_LOOKUP_ATTRIBUTE}=`).length - 1, language).toBe(1);
    expect(copy, language).toMatch(new RegExp(`<input[^>]* ${PRESTART_LOOKUP_ATTRIBUTE}=`));
    expect(copy, language).toContain(`>${shell.jump.label}<`);
    expect(copy, language).toContain(`>${shell.jump.open}<`);
    // Complete at build time: no script (it would not run in a template, nor pass the CSP).
    expect(copy, language).not.toContain('<script');
  }
  expect(page).not.toContain(PRESTART_PLACEHOLDER);
  expect(await readFile(join(repositoryRoot, 'renderer/index.html'), 'utf8')).toContain(PRESTART_PLACEHOLDER);
});

test('the pre-start script is a small classic script after the copies, from the build itself', async () => {
  const built = await builtApp();
  const page = await builtPage();
  expect(classicScripts(page)).toHaveLength(1);
  const src = prestartScriptPath(page);
  expect(src).toBeDefined();
  // Parser-blocking where it is, which is the point: after the copies it shows, before </body>.
  const at = page.indexOf(`src="./${src}"`);
  expect(at).toBeGreaterThan(page.lastIndexOf('</template>'));
  expect(at).toBeLessThan(page.indexOf('</body>'));
  const code = await built.read(`renderer/${src}`);
  expect(code.length).toBeLessThan(PRESTART_SCRIPT_MAX_BYTES);
  expect(code).toContain(PRESTART_LANGUAGE_ATTRIBUTE);
  // It finds the lookup box by the shell's own marker: test ids are for the tests.
  expect(code).toContain(PRESTART_LOOKUP_ATTRIBUTE);
  expect(code).not.toContain('data-testid');
});

test("the pre-start script is asked for from the head, the app's entry only once that script ran", async () => {
  const page = await builtPage();
  const src = prestartScriptPath(page);
  expect(src).toBeDefined();
  const head = page.slice(0, page.indexOf('</head>'));
  expect(head).toContain(`<link rel="preload" href="./${src}" as="script">`);
  // Anything the parser meets before the pre-start script it loads alongside: the entry module
  // (and the chunks it imports) would compete with the first screen for the cores.
  expect(head).not.toMatch(/<script\b/);
  const entry = page.search(/<script type="module"[^>]*src="\.\/assets\/index-[^"]+\.js"><\/script>/);
  expect(entry).toBeGreaterThan(page.indexOf(`<script src="./${src}"></script>`));
  expect(entry).toBeLessThan(page.indexOf('</body>'));
});
