import { Alert, Button, type MenuProps, type PopoverDropdownProps, type PopoverProps } from '@mantine/core';
import {
  cloneElement,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type * as OverlayCode from './overlay-code';

/** What overlay-code.ts exports: Menu, Modal, Popover, Notifications. */
type Overlays = typeof OverlayCode;

const OverlaysContext = createContext<Overlays | null>(null);

/** A page busy past this still gets its menus: the load starts then, idle or not. */
const OVERLAYS_IDLE_TIMEOUT_MS = 500;

/**
 * Loads the overlays' code (overlay-code.ts) once the browser is first idle after the first render
 * (at the latest OVERLAYS_IDLE_TIMEOUT_MS later), and hands it to everything below once it is in,
 * in a transition. Neither the download nor the compile nor the extra renders Mantine's overlays
 * make when they mount (a portal or a floating-ui reference set in a layout effect, then an
 * immediate second render) stand between the first paint and the first keystroke; the menus and
 * dialogs that need it wait for it (DeferredMenu, Dialog...). Idle, not the next task: even a task
 * that only starts the import ran between the first frame and the first keystroke's task, and
 * held that keystroke up (docs/performance.md).
 */
export function OverlaysProvider({ children }: { children: ReactNode }) {
  const [overlays, setOverlays] = useState<Overlays | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let mounted = true;
    const idle = requestIdleCallback(
      () => {
        import('./overlay-code').then(
          (code) => {
            if (mounted) startTransition(() => setOverlays(code));
          },
          (error: unknown) => {
            // Short of a broken install (or, in the browser build, a server gone away), this does
            // not fail; if it does, the menus stay plain buttons, and the user is told so.
            console.error('Paydesk could not load the code of its menus and dialogs', error);
            if (mounted) setFailed(true);
          },
        );
      },
      { timeout: OVERLAYS_IDLE_TIMEOUT_MS },
    );
    return () => {
      mounted = false;
      cancelIdleCallback(idle);
    };
  }, []);
  return (
    <OverlaysContext.Provider value={overlays}>
      {children}
      {failed && <OverlaysFailed />}
    </OverlaysContext.Provider>
  );
}

function OverlaysFailed() {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="red"
      variant="filled"
      pos="fixed"
      bottom="var(--mantine-spacing-md)"
      right="var(--mantine-spacing-md)"
      maw={420}
      style={{ zIndex: 1000 }}
      data-testid="overlays-failed"
    >
      {t('overlays.failed')}{' '}
      <Button size="compact-sm" variant="white" color="red" onClick={() => window.location.reload()}>
        {t('overlays.reload')}
      </Button>
    </Alert>
  );
}

/** The overlays' code once it is loaded; null during the start-up render and until it arrives. */
export function useOverlays(): Overlays | null {
  return useContext(OverlaysContext);
}

type TargetElement = ReactElement<{
  onClick?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  autoFocus?: boolean;
}>;

/**
 * `target` alone, with the same look, until the overlays' code is in. A click on it meanwhile is
 * kept (`clicked`: the overlay's defaultOpened, so it opens as soon as it can), and so is the
 * keyboard focus: the button is mounted afresh inside the overlay, and takes the focus back.
 */
function useTargetWhileLoading(target: TargetElement): {
  clicked: boolean;
  placeholder: ReactElement;
  ready: ReactElement;
} {
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    clicked,
    placeholder: cloneElement(target, {
      onClick: () => setClicked(true),
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    }),
    ready: focused ? cloneElement(target, { autoFocus: true }) : target,
  };
}

/** A Mantine Menu whose code comes after the first paint; `children` gets Menu for its items. */
export function DeferredMenu({
  target,
  children,
  ...menu
}: Omit<MenuProps, 'children'> & {
  target: TargetElement;
  children: (menu: Overlays['Menu']) => ReactNode;
}) {
  const overlays = useOverlays();
  const { clicked, placeholder, ready } = useTargetWhileLoading(target);
  if (!overlays) return placeholder;
  const { Menu } = overlays;
  return (
    <Menu defaultOpened={clicked} {...menu}>
      <Menu.Target>{ready}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
}

/** A Mantine Popover whose code comes after the first paint. */
export function DeferredPopover({
  target,
  dropdown,
  children,
  ...popover
}: Omit<PopoverProps, 'children'> & {
  target: TargetElement;
  dropdown?: Omit<PopoverDropdownProps, 'children'>;
  children: ReactNode;
}) {
  const overlays = useOverlays();
  const { clicked, placeholder, ready } = useTargetWhileLoading(target);
  if (!overlays) return placeholder;
  const { Popover } = overlays;
  return (
    <Popover defaultOpened={clicked} {...popover}>
      <Popover.Target>{ready}</Popover.Target>
      <Popover.Dropdown {...dropdown}>{children}</Popover.Dropdown>
    </Popover>
  );
}
