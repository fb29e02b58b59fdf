import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HashRouter, useRoutes, type RouteObject } from 'react-router';
import type { Preferences, Result } from '../../../shared/contract';
import { EnvironmentProvider } from '../api/environment';
import { createQueryClient } from '../api/query-client';
import { ArmButtonProvider } from '../components/arming-focus';
import { OverlaysProvider, useOverlays } from '../components/overlays';
import { AppLayout } from './AppLayout';
import { NotFoundScreen } from './NotFoundScreen';
import { colorSchemeOf, PreferencesProvider } from './preferences';
import { SCREENS } from './screens';
import { contrastVariables, preferencesColorSchemeManager, theme } from './theme';

function routes(): RouteObject[] {
  const children: RouteObject[] = SCREENS.flatMap((screen) =>
    screen.paths.map((path) =>
      path === '' ? { index: true, Component: screen.component } : { path, Component: screen.component },
    ),
  );
  children.push({ path: '*', Component: NotFoundScreen });
  return [{ path: '/', Component: AppLayout, children }];
}

const ROUTES = routes();

/**
 * A hash router: the packaged app loads a file:// URL, where only the fragment can change. The
 * component router, not createHashRouter: no screen uses loaders, actions or fetchers, and the
 * data router is about half of react-router's code in the first bundle. Render errors are caught
 * around the screen by AppLayout (ScreenErrorBoundary), which the data router did by default.
 */
function Screens() {
  return useRoutes(ROUTES);
}

/** Toasts shown before it mounts wait in Mantine's notifications store and appear when it does. */
function ToastHost() {
  const overlays = useOverlays();
  return overlays ? <overlays.Notifications position="top-right" /> : null;
}

/**
 * `preferences`: what to start with (the last run's hints); `stored`: main's answer, applied by
 * PreferencesProvider when it arrives.
 */
export function App({
  preferences,
  stored,
}: {
  preferences: Preferences;
  stored: Promise<Result<Preferences>>;
}) {
  const queryClient = useMemo(() => createQueryClient(), []);
  const scheme = colorSchemeOf(preferences.theme);
  const colorSchemeManager = useMemo(() => preferencesColorSchemeManager(scheme), [scheme]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={scheme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={contrastVariables}
    >
      <OverlaysProvider>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <PreferencesProvider initial={preferences} stored={stored}>
            <EnvironmentProvider>
              <HashRouter>
                <ArmButtonProvider>
                  <Screens />
                </ArmButtonProvider>
              </HashRouter>
            </EnvironmentProvider>
          </PreferencesProvider>
        </QueryClientProvider>
      </OverlaysProvider>
    </MantineProvider>
  );
}
