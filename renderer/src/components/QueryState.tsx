import { Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleFailure } from '../api/console-failure';
import { ErrorNotice } from './ErrorNotice';

interface QueryStateProps<T> {
  query: UseQueryResult<T, ConsoleFailure>;
  /** What is being loaded, for screen readers ("Loading deposit 300000001"). */
  label: string;
  children: (data: T) => ReactNode;
  /** The loading look; default: a few skeleton lines. */
  skeleton?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** What to say when `isEmpty`; default: "Nothing to show." */
  empty?: ReactNode;
}

/** Skeleton lines that hold a layout's place while it loads. */
export function SkeletonLines({ lines = 4 }: { lines?: number }) {
  return (
    <Stack gap="xs" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={14} width={`${90 - ((index * 17) % 40)}%`} />
      ))}
    </Stack>
  );
}

/** Skeleton lines in a bordered card: the loading look of a record's detail. */
export function SkeletonCard({ lines }: { lines: number }) {
  return (
    <Paper withBorder p="md">
      <SkeletonLines lines={lines} />
    </Paper>
  );
}

/**
 * THE loading / empty / error pattern for one query. A disabled query (nothing asked yet)
 * renders nothing; errors go through ErrorNotice with a retry.
 */
export function QueryState<T>({ query, label, children, skeleton, isEmpty, empty }: QueryStateProps<T>) {
  const { t } = useTranslation('common');
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    if (query.fetchStatus === 'idle') return null;
    return (
      <div aria-busy="true" data-loading="true">
        <VisuallyHidden role="status">{label}</VisuallyHidden>
        {skeleton ?? <SkeletonLines />}
      </div>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <div data-empty="true">
        {empty ?? (
          <Text size="sm" c="dimmed">
            {t('query.empty')}
          </Text>
        )}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
