import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Shade and text colour per palette colour so that every badge's text keeps at least 4.5:1
 * against its background (WCAG AA, axe `color-contrast`) in light and dark schemes alike:
 * white text where a dark enough shade exists, black text on the light palettes.
 */
const SOLID = {
  red: { shade: 9, text: 'white' },
  pink: { shade: 8, text: 'white' },
  grape: { shade: 8, text: 'white' },
  violet: { shade: 7, text: 'white' },
  indigo: { shade: 8, text: 'white' },
  blue: { shade: 8, text: 'white' },
  cyan: { shade: 9, text: 'white' },
  teal: { shade: 9, text: 'white' },
  green: { shade: 6, text: 'black' },
  lime: { shade: 6, text: 'black' },
  yellow: { shade: 5, text: 'black' },
  orange: { shade: 6, text: 'black' },
  gray: { shade: 7, text: 'white' },
  dark: { shade: 6, text: 'white' },
} as const;

export type BadgeColor = keyof typeof SOLID;

export function isBadgeColor(color: string): color is BadgeColor {
  return color in SOLID;
}

/**
 * Mantine cuts a badge's label with "…" when its cell is narrow ("UNREACH…"); a label is a word
 * or two that must be read whole, so it wraps onto a second line instead.
 */
const WHOLE_LABEL = {
  root: {
    height: 'auto',
    minHeight: 'var(--badge-height)',
    maxWidth: '100%',
    lineHeight: 1.25,
    paddingBlock: 2,
  },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'normal' },
} as const;

/** THE badge: a palette colour, always readable, never cut. */
export function SolidBadge({
  color,
  children,
  ...rest
}: Omit<BadgeProps, 'color' | 'variant' | 'c'> & { color: BadgeColor; children: ReactNode } & Record<
    `data-${string}`,
    string | number | boolean | undefined
  > & { title?: string }) {
  const { shade, text } = SOLID[color];
  return (
    <Badge variant="filled" color={`${color}.${shade}`} c={text} radius="sm" styles={WHOLE_LABEL} {...rest}>
      {children}
    </Badge>
  );
}
