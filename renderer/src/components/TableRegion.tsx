import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The cells that name a row (its first column) stay in view while a table scrolls sideways inside
 * its TableRegion; opaque, so the columns going by do not show through.
 */
export const STICKY_CELL: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  borderRight: '1px solid var(--mantine-color-default-border)',
};

/** The sticky header cell above STICKY_CELLs: over them and over the other headers. */
export const STICKY_HEADER_CELL: CSSProperties = { ...STICKY_CELL, zIndex: 2 };

/**
 * A table that may be wider than the window (1024 × 768, long words in es and pt-BR) scrolls
 * inside this box, never the page, with the browser's own scrollbar: a focusable, labelled
 * region, so the keyboard scrolls it too. Every column stays reachable; STICKY_CELL keeps the
 * row's name beside whichever column is in view.
 */
export function TableRegion({
  label,
  testId,
  children,
}: {
  /** The region's accessible name (what the table lists). */
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label={label}
      // Positioned, so that it clips what its cells place absolutely too (hidden labels, icons).
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
      data-testid={testId}
      data-table-region=""
    >
      {children}
    </Box>
  );
}
