import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notify';
import type { Language, Preferences, Theme } from '../../../preload/contract';
import { paydesk } from '../api/bridge';
import { changeLanguage } from '../i18n';

export function colorSchemeOf(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

interface PreferencesContextValue {
  preferences: Preferences;
  setLanguage(language: Language): Promise<void>;
  setTheme(theme: Theme): Promise<void>;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/**
 * Language and theme: applied at once, then persisted with setPreferences. A failed save keeps
 * the choice for this session and says so.
 */
export function PreferencesProvider({ initial, children }: { initial: Preferences; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { setColorScheme } = useMantineColorScheme();
  const [preferences, setPreferences] = useState(initial);

  const persist = useCallback(
    async (change: Partial<Preferences>) => {
      setPreferences((previous) => ({ ...previous, ...change }));
      const result = await paydesk().setPreferences(change);
      if (!result.ok) {
        notify({
          color: 'orange',
          title: t('preferences.notSaved'),
          message: result.error.message,
        });
      }
    },
    [t],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({
      preferences,
      setLanguage: async (language) => {
        await changeLanguage(language);
        await persist({ language });
      },
      setTheme: async (theme) => {
        setColorScheme(colorSchemeOf(theme));
        await persist({ theme });
      },
    }),
    [preferences, persist, setColorScheme],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs <PreferencesProvider>');
  return value;
}
