import { createTheme, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 7/8 keeps white text on filled buttons above 4.5:1 (axe, WCAG AA).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'sm',
  focusRing: 'auto',
});

/**
 * Mantine's defaults for dimmed text, error text and the text of light-variant alerts and buttons are
 * below 4.5:1 on their backgrounds; these darker (light scheme) / lighter (dark scheme) values pass.
 */
export const contrastVariables: CSSVariablesResolver = (mantine) => {
  const light: Record<string, string> = {
    '--mantine-primary-color-light-color': mantine.colors.blue[9],
    // Hovered light surfaces (an active nav link under the pointer) default to shade 2, where
    // shade 9 text is about 4:1; shade 1 keeps it above 4.5:1.
    '--mantine-primary-color-light-hover': mantine.colors.blue[1],
    '--mantine-color-dimmed': mantine.colors.gray[7],
    '--mantine-color-error': mantine.colors.red[9],
  };
  const dark: Record<string, string> = {
    '--mantine-primary-color-light-color': mantine.colors.blue[2],
    '--mantine-color-dimmed': mantine.colors.dark[1],
    '--mantine-color-error': mantine.colors.red[4],
  };
  for (const color of ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'gray']) {
    const shades = mantine.colors[color];
    if (!shades) continue;
    light[`--mantine-color-${color}-light-color`] = shades[9];
    light[`--mantine-color-${color}-light-hover`] = shades[1];
    dark[`--mantine-color-${color}-light-color`] = shades[2];
  }
  // No shade of these palettes reaches 4.5:1 on their own light tint: near-black text instead.
  for (const color of ['orange', 'yellow', 'lime', 'green', 'teal']) {
    const shades = mantine.colors[color];
    if (!shades) continue;
    light[`--mantine-color-${color}-light-color`] = mantine.colors.dark[7];
    dark[`--mantine-color-${color}-light-color`] = shades[2];
  }
  return { variables: {}, light, dark };
};

/**
 * The colour scheme lives in the console's preferences (setPreferences), not in localStorage:
 * this manager only hands Mantine the scheme to start with.
 */
export function preferencesColorSchemeManager(initial: 'light' | 'dark' | 'auto'): MantineColorSchemeManager {
  return {
    get: () => initial,
    set: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {},
  };
}
