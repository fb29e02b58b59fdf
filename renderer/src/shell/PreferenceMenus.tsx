import { Button } from '@mantine/core';
import { DeferredMenu } from '../components/overlays';
import { CurrentMark } from './CurrentMark';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, type Language } from '../../../shared/contract';
import { usePreferences } from './preferences';

/** Each language named in itself, so a reader can find theirs whatever the current language. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  // The same texts as Español, with Mexico's numbers (1,234.56): see LANGUAGES.
  'es-MX': 'Español (México)',
  'pt-BR': 'Português (Brasil)',
};

/** The header button's short name of the chosen language. */
const LANGUAGE_BUTTON: Record<Language, string> = { en: 'EN', es: 'ES', 'es-MX': 'ES-MX', 'pt-BR': 'PT' };

export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { preferences, setLanguage } = usePreferences();
  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          aria-label={t('preferences.languageLabel', { language: LANGUAGE_NAMES[preferences.language] })}
          data-testid="language-menu"
        >
          {LANGUAGE_BUTTON[preferences.language]}
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('preferences.language')}</Menu.Label>
          {LANGUAGES.map((language) => (
            <Menu.Item
              key={language}
              lang={language}
              leftSection={<CurrentMark current={language === preferences.language} />}
              onClick={() => void setLanguage(language)}
              data-language={language}
            >
              {LANGUAGE_NAMES[language]}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}

export function ThemeMenu() {
  const { t } = useTranslation('shell');
  const { preferences, setTheme } = usePreferences();
  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          aria-label={t('preferences.themeLabel', { theme: t(`theme.${preferences.theme}`) })}
          data-testid="theme-menu"
        >
          {t(`theme.${preferences.theme}`)}
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('preferences.theme')}</Menu.Label>
          {THEMES.map((theme) => (
            <Menu.Item
              key={theme}
              leftSection={<CurrentMark current={theme === preferences.theme} />}
              onClick={() => void setTheme(theme)}
              data-theme-option={theme}
            >
              {t(`theme.${theme}`)}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
