/** The user's preferences: language, theme and the columns chosen in tables. */
import type { Result } from './results';

export const LANGUAGES = ['en', 'es', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
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

export interface PreferencesApi {
  getPreferences(arg: Record<string, never>): Promise<Result<Preferences>>;
  setPreferences(arg: Partial<Preferences>): Promise<Result<Preferences>>;
}

export const PREFERENCE_CHANNELS = {
  getPreferences: 'paydesk:preferences:get',
  setPreferences: 'paydesk:preferences:set',
} as const satisfies { [K in keyof PreferencesApi]: `paydesk:${string}` };
