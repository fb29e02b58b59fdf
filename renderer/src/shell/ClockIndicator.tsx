import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClockState, ClockStatus } from '../../../shared/contract';
import { useClockStatus } from '../api/guard';
import { useConsoleUnreachable } from '../api/reachability';
import { DetailList, DetailRow } from '../components/DetailList';
import { DeferredPopover } from '../components/overlays';
import { SolidBadge, type BadgeColor } from '../components/SolidBadge';
import { Value } from '../components/Value';
import { useFormat } from '../components/format-context';

const STATE_COLORS: Record<ClockState, BadgeColor> = {
  unmeasured: 'gray',
  in_sync: 'green',
  corrected: 'blue',
  uncorrectable: 'orange',
};

function clockColor(clock: ClockStatus): BadgeColor {
  return clock.blocksMutations ? 'red' : STATE_COLORS[clock.state];
}

/**
 * The local clock against the service's (D2): a badge, details on click. Nothing is shown before
 * the first answer has measured it: "not measured yet" on the first screen only worried staff
 * about a clock nothing was wrong with (a clock that blocks changes is always shown).
 */
export function ClockIndicator() {
  const { t } = useTranslation('shell');
  const format = useFormat();
  const clock = useClockStatus();
  const unreachable = useConsoleUnreachable();
  if (!clock.data || (clock.data.state === 'unmeasured' && !clock.data.blocksMutations)) return null;
  // The last answer is all the page has, and the console that gave it is gone: not "in sync".
  if (unreachable) return <UnreachableClock />;
  const status = clock.data;
  const offset = status.offsetMs === null ? null : format.offset(status.offsetMs);
  const label = status.blocksMutations
    ? t('clock.blocking', { offset: offset ?? '?' })
    : t(`clock.state.${status.state}`, { offset: offset ?? '' });

  return (
    <ClockPopover
      label={label}
      state={status.state}
      color={clockColor(status)}
      blocksMutations={status.blocksMutations}
    >
      <Stack gap="xs">
        <Text size="sm">{t(`clock.explain.${status.state}`)}</Text>
        {status.blocksMutations && (
          <Text size="sm" fw={600} c="var(--mantine-color-error)">
            {t('clock.blocksExplain')}
          </Text>
        )}
        <DetailList>
          <DetailRow label={t('clock.offset')}>
            <Value value={offset} />
          </DetailRow>
          <DetailRow label={t('clock.uncertainty')}>
            <Value
              value={status.uncertaintyMs === null ? null : `± ${format.seconds(status.uncertaintyMs)}`}
            />
          </DetailRow>
          <DetailRow label={t('clock.samples')}>
            <Value value={status.samples} />
          </DetailRow>
          <DetailRow label={t('clock.lastSample')}>
            <Value value={status.lastSampleAt === null ? null : format.dateTime(status.lastSampleAt)} />
          </DetailRow>
          <DetailRow label={t('clock.correction')}>
            <Value value={status.correctionActive} />
          </DetailRow>
        </DetailList>
      </Stack>
    </ClockPopover>
  );
}

function UnreachableClock() {
  const { t } = useTranslation('shell');
  return (
    <ClockPopover label={t('clock.unreachable')} state="unreachable" color="gray">
      <Text size="sm">{t('clock.explainUnreachable')}</Text>
    </ClockPopover>
  );
}

/** The header badge and the popover it opens, whatever the clock's state. */
function ClockPopover({
  label,
  state,
  color,
  blocksMutations,
  children,
}: {
  label: string;
  state: ClockState | 'unreachable';
  color: BadgeColor;
  blocksMutations?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <DeferredPopover
      position="bottom"
      withArrow
      shadow="md"
      dropdown={{ maw: 360 }}
      target={
        <UnstyledButton
          aria-label={t('clock.buttonLabel', { state: label })}
          data-testid="clock-indicator"
          data-clock-state={state}
          data-blocks-mutations={blocksMutations}
        >
          <SolidBadge color={color} size="lg" tt="none">
            {label}
          </SolidBadge>
        </UnstyledButton>
      }
    >
      {children}
    </DeferredPopover>
  );
}
