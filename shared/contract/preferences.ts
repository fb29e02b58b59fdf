/** The user's preferences: language and theme. */
import type { Result } from './results';

export const LANGUAGES = ['en', 'es', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export interface Preferences {
  language: Language;
  theme: Theme;
}

export interface PreferencesApi {
  getPreferences(arg: Record<string, never>): Promise<Result<Preferences>>;
  setPreferences(arg: Partial<Preferences>): Promise<Result<Preferences>>;
}

export const PREFERENCE_CHANNELS = {
  getPreferences: 'paydesk:preferences:get',
  setPreferences: 'paydesk:preferences:set',
} as const satisfies { [K in keyof PreferencesApi]: `paydesk:${string}` };
