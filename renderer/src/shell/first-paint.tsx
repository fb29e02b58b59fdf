import { Menu, type MenuProps } from '@mantine/core';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

const AfterFirstPaintContext = createContext(false);

/**
 * Holds back what the first screen can do without until the task after the one that rendered it.
 * Mantine's overlays (the toast host, modals, menus and their dropdowns) mount in two steps: a
 * portal or a floating-ui reference is set in a layout effect, and React renders again at once, in
 * the same task. Mounted with the shell they added 70–80 ms of such renders between the first
 * commit and the first moment a keystroke in the lookup box could be handled (traced in Chromium
 * with the bench's build). After this flag turns, they mount in a transition of their own.
 */
export function AfterFirstPaintProvider({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return <AfterFirstPaintContext.Provider value={painted}>{children}</AfterFirstPaintContext.Provider>;
}

/** False during the start-up render, true from the task after it on. */
export function useAfterFirstPaint(): boolean {
  return useContext(AfterFirstPaintContext);
}

/**
 * A Mantine Menu whose target is shown alone, with the same look, until the first paint is done:
 * the menu itself (popover, floating-ui, dropdown portal) mounts a task later. No one can open a
 * menu in between; the target's button is rendered afresh when the menu takes it over.
 */
export function ShellMenu({
  target,
  children,
  ...menu
}: Omit<MenuProps, 'children'> & { target: ReactElement; children: ReactNode }) {
  if (!useAfterFirstPaint()) return target;
  return (
    <Menu {...menu}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
