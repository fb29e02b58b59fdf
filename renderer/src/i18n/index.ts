import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, TEXT_LANGUAGE_OF, type Language } from '../../../shared/contract';
import { rememberLanguageHint } from '../shell/start-hint';
import type { resources } from './resources';

/**
 * i18next with one namespace per feature: `locales/<language>/<namespace>.json`. The shell's
 * namespaces (what the frame and the home screen show) are in the entry bundle, every language's,
 * so the first screen renders in one step whatever the language (no second network step, no
 * waiting for the stored preferences: main.tsx). Every other namespace is its own small chunk of
 * the active language, loaded when first needed: a screen's together with the screen's code
 * (shell/screens.tsx, lazyScreen).
 */
export type Namespace = keyof typeof resources;
const SHELL_NAMESPACES = ['common', 'errors', 'shell', 'lookup'] as const satisfies readonly Namespace[];

type Texts = Record<string, unknown>;

/**
 * The shell namespaces of every language, in the entry. The glob must name the same files as
 * SHELL_NAMESPACES (Vite wants a literal); a namespace listed there but not here still works, it
 * is only loaded lazily.
 */
const bundled = import.meta.glob<Texts>('./locales/*/{common,errors,shell,lookup}.json', {
  eager: true,
  import: 'default',
});
const loaders = import.meta.glob<{ default: Texts }>([
  './locales/*/*.json',
  '!./locales/*/{common,errors,shell,lookup}.json',
]);

function bundledResources(): Record<string, Record<string, Texts>> {
  const resources: Record<string, Record<string, Texts>> = {};
  for (const [path, texts] of Object.entries(bundled)) {
    const [, language, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (language && namespace) (resources[language] ??= {})[namespace] = texts;
  }
  // A regional variant (es-MX) is a language of its own to i18next, so that the locale the
  // screens format numbers with is the chosen one; its texts are its language's, shared.
  for (const language of LANGUAGES) {
    const texts = resources[TEXT_LANGUAGE_OF[language]];
    if (texts) resources[language] ??= { ...texts };
  }
  return resources;
}

/** The folder a language's texts are in (a regional variant's are its language's). */
const textFolderOf = (language: string): string =>
  (LANGUAGES as readonly string[]).includes(language) ? TEXT_LANGUAGE_OF[language as Language] : language;

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./locales/${textFolderOf(language)}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${namespace} texts for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applied(language: Language): void {
  document.documentElement.lang = language;
  rememberLanguageHint(language);
}

/**
 * Ready when it returns: the shell's texts are bundled (`resources`), so i18next initialises
 * synchronously and the first render needs no Suspense step. Other namespaces still come from
 * the lazy backend (`partialBundledLanguages`).
 */
export function startI18n(language: Language): void {
  void initI18n(language);
  applied(language);
}

/** i18next alone, without touching the page. */
function initI18n(language: Language): Promise<unknown> {
  return i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      resources: bundledResources(),
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  applied(language);
}

export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}
