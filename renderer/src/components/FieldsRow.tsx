import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Fields side by side while each keeps room for its whole label and chosen option (`minWidth`),
 * one under the other when the box is narrower: a select never shows "Completed (COMP".
 */
export function FieldsRow({ children, minWidth = '16rem' }: { children: ReactNode; minWidth?: string }) {
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(min(${minWidth}, 100%), 1fr))`,
        gap: 'var(--mantine-spacing-md)',
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
