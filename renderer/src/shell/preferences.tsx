import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notify';
import type { ChoosableTable, Language, Preferences, Result, Theme } from '../../../shared/contract';
import { paydesk } from '../api/bridge';
import { changeLanguage } from '../i18n';
import { rememberThemeHint } from './start-hint';
import { sayError } from '../lib/validation-text';

export function colorSchemeOf(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

interface PreferencesContextValue {
  preferences: Preferences;
  setLanguage(language: Language): Promise<void>;
  setTheme(theme: Theme): Promise<void>;
  /** The columns a table shows (TableColumnsChoice). */
  setTableColumns(table: ChoosableTable, columns: readonly string[]): Promise<void>;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/**
 * Language, theme and tables' columns: applied at once, then persisted with setPreferences. A failed save keeps
 * the choice for this session and says so. The app starts with `initial` (the last run's hints)
 * and adopts `stored`, main's answer, when it arrives, unless a choice was made meanwhile.
 */
export function PreferencesProvider({
  initial,
  stored,
  children,
}: {
  initial: Preferences;
  stored: Promise<Result<Preferences>>;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('shell');
  const { setColorScheme } = useMantineColorScheme();
  const [preferences, setPreferences] = useState(initial);
  const chosen = useRef(false);
  const adopted = useRef(false);

  useEffect(() => {
    let live = true;
    stored.then(
      (answer) => {
        // Once: adopting re-renders with new callbacks, which must not adopt again.
        if (!live || adopted.current) return;
        adopted.current = true;
        if (!answer.ok) return; // unreadable: keep the hints
        // The stored columns are not among the start-up hints; a choice made meanwhile wins.
        const withColumns = (previous: Preferences): Preferences => ({
          ...previous,
          tableColumns: { ...answer.data.tableColumns, ...previous.tableColumns },
        });
        setPreferences(withColumns);
        if (chosen.current) return; // a language or theme was chosen: keep it
        const { language, theme } = answer.data;
        rememberThemeHint(theme);
        if (language === initial.language && theme === initial.theme) return;
        setPreferences((previous) => withColumns({ ...previous, language, theme }));
        if (theme !== initial.theme) setColorScheme(colorSchemeOf(theme));
        if (language !== initial.language) void changeLanguage(language);
      },
      () => {}, // the bridge closed: every call says so where it is made
    );
    return () => {
      live = false;
    };
  }, [stored, initial, setColorScheme]);

  const persist = useCallback(
    async (change: Partial<Preferences>) => {
      // As main does: a patch of tableColumns replaces only the tables it names.
      setPreferences((previous) => ({
        ...previous,
        ...change,
        ...(change.tableColumns && { tableColumns: { ...previous.tableColumns, ...change.tableColumns } }),
      }));
      const result = await paydesk().setPreferences(change);
      if (!result.ok) {
        notify({
          color: 'orange',
          title: t('preferences.notSaved'),
          message: sayError(t, i18n.language, result.error),
        });
      }
    },
    [t, i18n],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({
      preferences,
      setLanguage: async (language) => {
        chosen.current = true;
        await changeLanguage(language);
        await persist({ language });
      },
      setTheme: async (theme) => {
        chosen.current = true;
        setColorScheme(colorSchemeOf(theme));
        rememberThemeHint(theme);
        await persist({ theme });
      },
      setTableColumns: async (table, columns) => {
        await persist({ tableColumns: { [table]: [...columns] } });
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
