import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The renderer's texts: every language complete, same placeholders, real translations. */
const localesDir = join(import.meta.dirname, '../../../renderer/src/i18n/locales');
const LANGUAGES = ['en', 'es', 'pt-BR'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Texts = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Texts): Texts {
  if (typeof value === 'string') {
    into.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    throw new Error(`${prefix} is neither text nor a group`);
  }
  return into;
}

function load(language: string, namespace: string): Texts {
  return flatten(JSON.parse(readFileSync(join(localesDir, language, namespace), 'utf8')), '', new Map());
}

/** Keys with plural suffixes folded (languages have different plural categories). */
const baseKeys = (texts: Texts): string[] =>
  [...new Set([...texts.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const namespaces = readdirSync(join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

test('every language has every namespace', () => {
  expect(namespaces.length).toBeGreaterThan(0);
  for (const language of LANGUAGES) {
    expect(readdirSync(join(localesDir, language)).sort(), language).toEqual([...namespaces].sort());
  }
});

for (const namespace of namespaces) {
  test(`${namespace}: same keys and placeholders in en, es and pt-BR, and translated`, () => {
    const english = load('en', namespace);
    for (const language of ['es', 'pt-BR'] as const) {
      const other = load(language, namespace);
      expect(baseKeys(other), `${language}/${namespace} keys`).toEqual(baseKeys(english));
      for (const [key, text] of other) {
        const englishText = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
        expect(englishText, `${language}/${namespace}: ${key} has no English counterpart`).toBeDefined();
        expect(placeholders(text), `${language}/${namespace}: placeholders of ${key}`).toEqual(
          placeholders(englishText ?? ''),
        );
        expect(text.trim(), `${language}/${namespace}: ${key} is empty`).not.toBe('');
      }
      // Some texts are the same in every language (codes, "No", "Color"); most must not be.
      const same = [...other].filter(([key, text]) => english.get(key) === text && /[a-z]{4,}/i.test(text));
      expect(
        same.length / other.size,
        `${language}/${namespace} copies English: ${same.map(([k]) => k).join(', ')}`,
      ).toBeLessThan(0.1);
    }
  });
}
