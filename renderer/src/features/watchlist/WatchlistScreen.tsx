import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchRef } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState, SkeletonLines } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { ItemsTable } from './ItemsTable';
import { PinForm } from './PinForm';
import { PollingPanel } from './PollingPanel';
import { TimelinePanel } from './TimelinePanel';
import { refKey } from './watchlist-view';
import { useUnpin, useWatchlist } from './use-watchlist';
import { WatchTotals } from './WatchTotals';

/**
 * /watchlist: deposits, refunds, cashouts and sub-merchants pinned in the active environment, read
 * again by main at the chosen interval (or now). Each object keeps a timeline of the statuses
 * seen; a refund or cashout going COMPLETED → REJECTED is an alarm. Changes also arrive as toasts
 * on every screen (shell/WatchToasts).
 */
export default function WatchlistScreen() {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  const [timelineOf, setTimelineOf] = useState<WatchRef | null>(null);
  const unpin = useUnpin((ref) => {
    if (timelineOf && refKey(timelineOf) === refKey(ref)) setTimelineOf(null);
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <PinForm onPinned={(item) => setTimelineOf({ kind: item.kind, id: item.id })} />
      <QueryState query={list} label={t('list.loading')} skeleton={<SkeletonLines lines={5} />}>
        {(view) => (
          <>
            <PollingPanel view={view} />
            <Section title={t('list.title')} testId="watch-list">
              {unpin.error && <ErrorNotice error={unpin.error} />}
              {view.items.length === 0 ? (
                <Text size="sm" data-testid="watch-empty">
                  {t('list.empty')}
                </Text>
              ) : (
                <Stack gap="md">
                  <ItemsTable
                    items={view.items}
                    timelineOf={timelineOf}
                    onTimeline={setTimelineOf}
                    onUnpin={(ref) => unpin.mutate(ref)}
                    unpinning={unpin.isPending ? (unpin.variables ?? null) : null}
                  />
                  <WatchTotals view={view} />
                </Stack>
              )}
            </Section>
          </>
        )}
      </QueryState>
      {timelineOf && <TimelinePanel watchRef={timelineOf} />}
    </Stack>
  );
}
