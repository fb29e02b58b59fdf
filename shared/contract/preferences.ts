/** The user's preferences: language, theme and the columns chosen in tables. */
import { method, type ApiOf } from './method';

/**
 * What the user chooses: the language of the texts and, with it, how numbers, amounts and dates
 * are written (Intl's locale). `es-MX` is the Spanish texts with Mexico's numbers ("1,234.56"),
 * for staff in Mexico; `es` writes them as Spain and most of South America do ("1.234,56").
 * Numbers follow the reader's choice, never the record's country: one screen lists deposits of
 * many countries, and amounts are typed back in the same format.
 */
export const LANGUAGES = ['en', 'es', 'es-MX', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages the texts are written in (renderer/src/i18n/locales/<language>). */
export const TEXT_LANGUAGES = ['en', 'es', 'pt-BR'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** The texts each choice reads: a regional variant reads its language's. */
export const TEXT_LANGUAGE_OF: Readonly<Record<Language, TextLanguage>> = {
  en: 'en',
  es: 'es',
  'es-MX': 'es',
  'pt-BR': 'pt-BR',
};
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Tables whose columns the user chooses; the choice is kept per table. */
export const CHOOSABLE_TABLES = ['batch-deposits', 'batch-refunds', 'batch-cashouts', 'audit'] as const;
export type ChoosableTable = (typeof CHOOSABLE_TABLES)[number];
/** Bounds of a stored column choice (main refuses more). */
export const TABLE_COLUMNS_LIMITS = { maxColumns: 40, maxNameLength: 40 } as const;
/** Per table, the columns the user chose to show, in no particular order; absent: the table's defaults. */
export type TableColumnsChoice = Partial<Record<ChoosableTable, string[]>>;

export interface Preferences {
  language: Language;
  theme: Theme;
  /** A patch replaces only the tables it names. */
  tableColumns?: TableColumnsChoice;
}

export const PREFERENCE_METHODS = {
  getPreferences: method<Record<string, never>, Preferences>(),

  setPreferences: method<Partial<Preferences>, Preferences>(),
};
export type PreferencesApi = ApiOf<typeof PREFERENCE_METHODS>;
