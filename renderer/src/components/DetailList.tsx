import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A labelled list of fields (`<dl>`): use it for every record view so that labels, "—" and
 * alignment look the same everywhere. `field` (the service's dotted field name) lands in
 * `data-field`, which tests use to find a value. `copyId` marks the value as an id (data-copy-id:
 * right-click → Copy ID in the desktop app, shell/copy-id-menu.ts).
 */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(9rem, max-content) minmax(0, 1fr)',
        columnGap: 'var(--mantine-spacing-lg)',
        rowGap: 'var(--mantine-spacing-xs)',
      }}
    >
      {children}
    </Box>
  );
}

export function DetailRow({
  label,
  field,
  copyId,
  children,
}: {
  label: ReactNode;
  field?: string;
  copyId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Text component="dt" fw={600} size="sm">
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        data-field={field}
        data-copy-id={copyId}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </>
  );
}
