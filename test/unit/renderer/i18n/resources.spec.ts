import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_KEYS } from '../../../../shared/contract';

/** The renderer's texts: every language complete, same placeholders, real translations. */
const localesDir = join(import.meta.dirname, '../../../../renderer/src/i18n/locales');
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
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? ''))].sort();

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
      // A text equal to the English one is English left behind, unless every word of it is the
      // same in that language (codes, brand names, "Total").
      const copied = [...other]
        .filter(([key, text]) => english.get(key) === text)
        .filter(([, text]) => wordsOf(text).some((word) => !SAME_IN[language].has(word)))
        .map(([key, text]) => `${key} = "${text}"`);
      expect(copied, `${language}/${namespace} copies English`).toEqual([]);
    }
  });
}

/** Words of a text, placeholders left out; one-letter units (d, h, s) are not words. */
const wordsOf = (text: string): string[] =>
  (text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}{2,}/gu) ?? []).filter((word) => word !== '');

/** Words written the same as in English: codes, names, and words the language shares. */
const SHARED_WORDS = ['Id', 'Ids', 'HTTP', 'URL', 'QuickPay', 'Sandbox', 'Total', 'min'];
const SAME_IN: Record<'es' | 'pt-BR', ReadonlySet<string>> = {
  es: new Set([...SHARED_WORDS, 'No', 'Error']),
  'pt-BR': new Set([...SHARED_WORDS, 'Status', 'executor', 'Executor']),
};

/**
 * The glossary (renderer/src/i18n/GLOSSARY.md): English product words that must not appear in a
 * translation, and words no language shows staff (decision numbers, code identifiers).
 */
const NOT_IN: Record<'en' | 'es' | 'pt-BR', RegExp[]> = {
  en: [],
  // A record's number is "id" in every language (the glossary), never "identificador"; an amount
  // is "importe" and a way to pay a "método de pago(amento)", never the other word for either.
  es: [
    /\bcash-?outs?\b/i,
    /\bsub-?merchants?\b/i,
    /\bsaques?\b/i,
    /\bsubcomerciantes?\b/i,
    /identificador/i,
    /\bmontos?\b/i,
    /\bmedios? (de pago|habilitados?)\b/i,
  ],
  'pt-BR': [
    /\bcash-?outs?\b/i,
    /\bsub-?merchants?\b/i,
    /\bretiros?\b/i,
    /\bsubcomercios?\b/i,
    /identificador/i,
    /\bmeios? (de pagamento|habilitados?)\b/i,
  ],
};
const INTERNAL_WORDS = [
  /\(D\d+\)/,
  /\bD\d{1,2}\b/,
  /\bbaseUrl\b/,
  /\b(cashout|deposit|refund|sub_merchant)_id\b(?! is recognised)/,
];

for (const language of LANGUAGES) {
  test(`${language}: glossary words and no internal words`, () => {
    const found: string[] = [];
    // A namespace missing in this language is the first test's failure, not this one's.
    for (const namespace of readdirSync(join(localesDir, language)).filter((file) =>
      file.endsWith('.json'),
    )) {
      for (const [key, text] of load(language, namespace)) {
        // CSV headers are typed by staff into files: named as they are written.
        const prose = text.replace(/\{\{[^}]*\}\}/g, '').replace(/\b(CSV[^.;]*?\b[a-z]+_id)\b/g, '');
        for (const pattern of [...NOT_IN[language], ...INTERNAL_WORDS]) {
          if (pattern.test(prose)) found.push(`${namespace}: ${key} = "${text}" (${pattern})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
}

test('every text key main sends has a text in the errors namespace', () => {
  const texts = load('en', 'errors.json');
  const missing = MESSAGE_KEYS.filter(
    (key) => !texts.has(`text.${key}`) && !texts.has(`text.${key}_one`) && !texts.has(`text.${key}_other`),
  );
  expect(missing).toEqual([]);
});
