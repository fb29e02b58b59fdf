import { Box, Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnvironmentProfile } from '../../../shared/contract';
import { useActiveEnvironment } from '../api/environment';
import { useArming, useClockStatus } from '../api/guard';
import { useConsoleUnreachable } from '../api/reachability';
import { useConsoleMutation } from '../api/queries';
import { useArmButton } from '../components/arming-focus';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Countdown } from '../components/Countdown';
import { OutcomeUnknownNotice, UnresolvedFollower, useUnresolvedCount } from '../features/audit/shell-parts';

/** How many banner rows the header shows now (the layout sizes the header from it). */
export function useBannerCount(): number {
  const active = useActiveEnvironment();
  const clock = useClockStatus();
  const unresolved = useUnresolvedCount();
  const unreachable = useConsoleUnreachable();
  return (
    (unreachable ? 1 : 0) +
    (active?.kind === 'production' ? 1 : 0) +
    (clock.data?.blocksMutations ? 1 : 0) +
    (unresolved > 0 ? 1 : 0)
  );
}

export const BANNER_HEIGHT = 44;

export function HeaderBanners() {
  const active = useActiveEnvironment();
  const clock = useClockStatus();
  const unresolved = useUnresolvedCount();
  const unreachable = useConsoleUnreachable();
  return (
    <>
      {unreachable && <UnreachableBanner />}
      {active?.kind === 'production' && <ProductionBanner environment={active} />}
      {clock.data?.blocksMutations && <ClockBanner />}
      <UnresolvedFollower />
      {unresolved > 0 && (
        // Persistent on every screen until each change whose answer was lost is settled.
        <BannerRow
          background="var(--mantine-color-orange-4)"
          foreground="black"
          testId="outcome-unknown-banner"
        >
          <OutcomeUnknownNotice count={unresolved} />
        </BannerRow>
      )}
    </>
  );
}

function BannerRow({
  background,
  foreground,
  children,
  testId,
}: {
  background: string;
  foreground: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box
      h={BANNER_HEIGHT}
      px="md"
      bg={background}
      c={foreground}
      data-testid={testId}
      style={{ display: 'flex', alignItems: 'center' }}
    >
      {children}
    </Box>
  );
}

/**
 * Production is unmistakable: a red row saying PRODUCTION with the arming state. Production
 * opens read-only; arming (typing the profile's name) allows changes until 10 idle minutes pass.
 */
function ProductionBanner({ environment }: { environment: EnvironmentProfile }) {
  const { t } = useTranslation('shell');
  const arming = useArming();
  const armButton = useArmButton();
  const [arm, setArm] = useState(false);
  const armMutation = useConsoleMutation({
    call: (api, confirmation: string) => api.armProduction({ confirmation }),
    invalidates: (keys) => [keys.arming()],
    onSuccess: () => setArm(false),
  });
  const disarmMutation = useConsoleMutation({
    call: (api) => api.disarmProduction({}),
    invalidates: (keys) => [keys.arming()],
  });
  const armed = arming.data?.armed === true;
  const expiresAt = arming.data?.expiresAt ? Date.parse(arming.data.expiresAt) : null;

  return (
    <BannerRow background="var(--mantine-color-red-9)" foreground="white" testId="production-banner">
      <Group justify="space-between" w="100%" wrap="nowrap" data-armed={armed}>
        <Group gap="sm" wrap="nowrap">
          <Text fw={800} size="sm" style={{ letterSpacing: '0.08em' }}>
            {t('production.word')}
          </Text>
          <Text size="sm" data-testid="arming-state">
            {armed ? t('production.armed') : t('production.readOnly')}
            {armed && expiresAt !== null && (
              <>
                {' '}
                {t('production.lapsesIn')} <Countdown toEpochMs={expiresAt} />
              </>
            )}
          </Text>
        </Group>
        {armed ? (
          <Button
            size="compact-sm"
            variant="white"
            color="red"
            loading={disarmMutation.isPending}
            onClick={() => disarmMutation.mutate(undefined)}
          >
            {t('production.disarm')}
          </Button>
        ) : (
          <Button
            ref={armButton}
            size="compact-sm"
            variant="white"
            color="red"
            onClick={() => {
              armMutation.reset();
              setArm(true);
            }}
          >
            {t('production.arm')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={arm}
        title={t('production.armTitle', { name: environment.name })}
        confirmLabel={t('production.armConfirm')}
        cancelLabel={t('production.armDismiss')}
        confirmColor="red"
        typeToConfirm={environment.name}
        busy={armMutation.isPending}
        error={armMutation.error}
        onConfirm={(typed) => armMutation.mutate(typed)}
        onClose={() => setArm(false)}
      >
        <Text size="sm">{t('production.armExplain')}</Text>
      </ConfirmDialog>
    </BannerRow>
  );
}

/** The console itself is gone (the browser build's server stopped): nothing on the page is current. */
function UnreachableBanner() {
  const { t } = useTranslation('shell');
  return (
    <BannerRow background="var(--mantine-color-red-9)" foreground="white" testId="console-unreachable-banner">
      <Text size="sm" fw={600} role="alert">
        {t('unreachable.banner')}
      </Text>
    </BannerRow>
  );
}

function ClockBanner() {
  const { t } = useTranslation('shell');
  return (
    <BannerRow background="var(--mantine-color-yellow-4)" foreground="black" testId="clock-banner">
      <Text size="sm" fw={600} role="alert">
        {t('clock.banner')}
      </Text>
    </BannerRow>
  );
}
