import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a screen: a landmark named by its title, `data-section` for tests, the heading
 * one level below the screen's record heading unless said otherwise.
 */
export function Section({
  title,
  testId,
  order = 3,
  children,
}: {
  title: string;
  testId: string;
  order?: 3 | 4;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-section={testId}>
      <Title order={order} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
