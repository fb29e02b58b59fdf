import { LANGUAGES, THEMES, type Language, type Theme } from '../../../shared/contract/preferences';

/**
 * A preference of the last run kept in localStorage only as a start-up hint, so the first render
 * can use it while the stored preferences are a round trip to main away (main.tsx). The stored
 * preferences stay the truth; a missing, unknown or unreadable hint is simply no hint.
 */
function readStartHint<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const hint = localStorage.getItem(key);
    return hint !== null && (allowed as readonly string[]).includes(hint) ? (hint as T) : null;
  } catch {
    return null; // storage disabled
  }
}

function rememberStartHint(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Only a start-up hint.
  }
}

const LANGUAGE_HINT_KEY = 'paydesk-language-hint';
const THEME_HINT_KEY = 'paydesk-theme-hint';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The language of the last run. */
function languageHint(): Language | null {
  return readStartHint(LANGUAGE_HINT_KEY, LANGUAGES);
}

export function rememberLanguageHint(language: Language): void {
  rememberStartHint(LANGUAGE_HINT_KEY, language);
}

/** The theme of the last run, so the first render has the right colours. */
function themeHint(): Theme | null {
  return readStartHint(THEME_HINT_KEY, THEMES);
}

export function rememberThemeHint(theme: Theme): void {
  rememberStartHint(THEME_HINT_KEY, theme);
}

function browserLanguage(): Language {
  const language = navigator.language;
  if (isLanguage(language)) return language;
  if (language.startsWith('pt')) return 'pt-BR';
  if (language.startsWith('es')) return 'es';
  return 'en';
}

/** What the first render uses: the last run's hints, else the browser's language and the system theme. */
export function startPreferences(): { language: Language; theme: Theme } {
  return { language: languageHint() ?? browserLanguage(), theme: themeHint() ?? 'system' };
}
