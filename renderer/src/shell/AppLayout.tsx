import { Anchor, AppShell, Box, Burger, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useActiveEnvironment } from '../api/environment';
import { SkeletonLines } from '../components/QueryState';
import { ClockIndicator } from './ClockIndicator';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { environmentColor } from '../components/environment-look';
import { BANNER_HEIGHT, HeaderBanners, useBannerCount } from './HeaderBanners';
import { JumpDialog } from './JumpDialog';
import { OpenedLinks } from './OpenedLinks';
import { LanguageMenu, ThemeMenu } from './PreferenceMenus';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { SCREENS } from './screens';
import { StartNotes } from './StartNotes';
import { ApprovalToasts } from './ApprovalToasts';
import { NotificationLive } from './NotificationLive';
import { TeamLive } from './TeamLive';
import { WatchToasts } from './WatchToasts';

const HEADER_HEIGHT = 60;
const MAIN_ID = 'main-content';

/** The frame around every screen: header (environment, clock, jump, language, theme), navbar, main. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const active = useActiveEnvironment();
  const banners = useBannerCount();
  const location = useLocation();
  useDocumentTitle(active ? `Paydesk · ${active.name}` : 'Paydesk');

  const navItems = SCREENS.flatMap((screen) =>
    screen.nav && (screen.nav.visible?.(active) ?? true) ? [{ id: screen.id, ...screen.nav }] : [],
  ).sort((a, b) => a.order - b.order);
  // One entry is current: the longest href the path starts with, at a segment boundary
  // (/deposits/new is New deposit, not Deposits as well).
  const currentNav = navItems
    .filter((item) =>
      item.href === '/'
        ? location.pathname === '/'
        : location.pathname === item.href || location.pathname.startsWith(`${item.href}/`),
    )
    .reduce<(typeof navItems)[number] | undefined>(
      (best, item) => (best === undefined || item.href.length > best.href.length ? item : best),
      undefined,
    );

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + banners * BANNER_HEIGHT }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header
        style={{
          borderTop: active ? `4px solid var(--mantine-color-${environmentColor(active)}-filled)` : undefined,
        }}
      >
        <Anchor
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(MAIN_ID)?.focus();
          }}
          className="paydesk-skip-link"
        >
          {t('layout.skipToContent')}
        </Anchor>
        <Group h={HEADER_HEIGHT - 4} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleNavigation')}
            />
            <Title order={1} size="h4">
              Paydesk
            </Title>
            <EnvironmentSwitcher />
            <ClockIndicator />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <JumpDialog />
            <LanguageMenu />
            <ThemeMenu />
          </Group>
        </Group>
        <HeaderBanners />
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('layout.navigation')}>
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {navItems.map((item) => (
            <li key={item.id}>
              {/* A plain Link: react-router's NavLink would mark Deposits current on /deposits/new too. */}
              <NavLink
                component={Link}
                to={item.href}
                label={t(item.labelKey as 'nav.lookup')}
                active={item.id === currentNav?.id}
                aria-current={item.id === currentNav?.id ? 'page' : undefined}
                onClick={closeNav}
                data-nav={item.id}
                rightSection={item.badge && <item.badge />}
              />
            </li>
          ))}
        </Box>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <StartNotes />
        <ScreenErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
            <ScreenArrival key={location.pathname} />
          </Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
      <WatchToasts />
      <TeamLive />
      <NotificationLive />
      <ApprovalToasts />
      <OpenedLinks />
    </AppShell>
  );
}

/** Whether the app has shown its first screen: that one keeps the focus the start gave it. */
let shownFirstScreen = false;

/**
 * A move to another screen starts it at its top, with the focus on its heading (else on main), so
 * the title is in view and a screen reader names the new screen; without this the window kept
 * the old screen's scroll and the focus stayed on the clicked link or fell to <body> (the jump
 * box's screen gone). Rendered inside the screen's Suspense boundary, so it runs once the screen
 * is there, after the screen's own effects: a screen that focused one of its inputs keeps it.
 */
function ScreenArrival() {
  const first = useRef(!shownFirstScreen);
  useEffect(() => {
    shownFirstScreen = true;
    if (first.current) return;
    window.scrollTo(0, 0);
    const main = document.getElementById(MAIN_ID);
    if (!main || (main.contains(document.activeElement) && document.activeElement !== main)) return;
    const heading = main.querySelector<HTMLElement>('h2');
    // Focusable by script only: no extra Tab stop.
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    (heading ?? main).focus({ preventScroll: true });
  }, []);
  return null;
}

function ScreenLoading() {
  const { t } = useTranslation('shell');
  return (
    <Box aria-busy="true">
      <Text size="sm" c="dimmed" role="status" mb="sm">
        {t('layout.loadingScreen')}
      </Text>
      <SkeletonLines lines={6} />
    </Box>
  );
}
