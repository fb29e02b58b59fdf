import { test, expect } from '@playwright/test';
import {
  parseWindowState,
  quitsWhenAllWindowsClosed,
  restoreWindowBounds,
  WINDOW_SIZING,
  type Rect,
  type WindowState,
} from '../../../main/electron/window-state';

/**
 * Where the window opens, from the saved state and the displays connected now. Work areas are
 * what Electron's screen reports (the display minus menu bar, dock or task bar). That Electron
 * places the window there, and maximises it, is for a machine with Electron.
 */

// A laptop at the origin and an external monitor to its right, as a user has them at work.
const laptop: Rect = { x: 0, y: 25, width: 1440, height: 875 };
const monitor: Rect = { x: 1440, y: 0, width: 2560, height: 1400 };

const saved = (bounds: Rect, maximized = false): WindowState => ({ bounds, maximized });

/** Whether all of `bounds` lies inside `area`. */
const within = (bounds: Rect, area: Rect): boolean =>
  bounds.x >= area.x &&
  bounds.y >= area.y &&
  bounds.x + bounds.width <= area.x + area.width &&
  bounds.y + bounds.height <= area.y + area.height;

test('first run: the default size, centred on the primary display', () => {
  expect(restoreWindowBounds(undefined, [laptop, monitor], laptop)).toEqual({
    bounds: { x: 80, y: 63, width: 1280, height: 800 },
    maximized: false,
  });
});

test('first run on a screen smaller than the default size: the window fits it', () => {
  const small: Rect = { x: 0, y: 0, width: 1024, height: 700 };
  const { bounds } = restoreWindowBounds(undefined, [small], small);
  expect(bounds).toEqual({ x: 0, y: 0, width: 1024, height: 700 });
});

test('a window on a display that is still there opens exactly where it was', () => {
  const onMonitor: Rect = { x: 2000, y: 200, width: 1300, height: 900 };
  expect(restoreWindowBounds(saved(onMonitor), [laptop, monitor], laptop)).toEqual(saved(onMonitor));
});

test('a window straddling two displays stays where it was (its title bar can be grabbed)', () => {
  const straddling: Rect = { x: 1000, y: 100, width: 1200, height: 700 };
  expect(restoreWindowBounds(saved(straddling), [laptop, monitor], laptop).bounds).toEqual(straddling);
});

test('display removed: a window that was on the monitor is centred on the primary display', () => {
  const onMonitor: Rect = { x: 2000, y: 200, width: 1300, height: 900 };
  const { bounds } = restoreWindowBounds(saved(onMonitor), [laptop], laptop);
  expect(within(bounds, laptop)).toBe(true);
  // Its size kept as far as the laptop allows, centred.
  expect(bounds).toEqual({ x: 70, y: 25, width: 1300, height: 875 });
});

test('off-screen (a position no display covers): centred on the primary display', () => {
  const lost: Rect = { x: -5000, y: -3000, width: 1280, height: 800 };
  expect(restoreWindowBounds(saved(lost), [laptop, monitor], laptop).bounds).toEqual({
    x: 80,
    y: 63,
    width: 1280,
    height: 800,
  });
});

test('title bar above the top of the display (only the lower part visible): moved down onto it', () => {
  const tooHigh: Rect = { x: 100, y: -400, width: 1000, height: 700 };
  const { bounds } = restoreWindowBounds(saved(tooHigh), [laptop, monitor], laptop);
  expect(bounds).toEqual({ x: 100, y: 25, width: 1000, height: 700 });
});

test('only a sliver left on a display: moved fully onto that display', () => {
  const sliver: Rect = { x: -1250, y: 100, width: 1280, height: 700 };
  const { bounds } = restoreWindowBounds(saved(sliver), [laptop, monitor], laptop);
  expect(bounds).toEqual({ x: 0, y: 100, width: 1280, height: 700 });
});

test('the resolution went down: a window larger than its display shrinks into it', () => {
  const big: Rect = { x: 1500, y: 0, width: 2500, height: 1400 };
  const smallerMonitor: Rect = { x: 1440, y: 0, width: 1920, height: 1040 };
  const { bounds } = restoreWindowBounds(saved(big), [laptop, smallerMonitor], laptop);
  expect(bounds).toEqual({ x: 1440, y: 0, width: 1920, height: 1040 });
  expect(within(bounds, smallerMonitor)).toBe(true);
});

test('maximised: kept, over normal bounds that are themselves put back on screen', () => {
  const normal: Rect = { x: 2000, y: 200, width: 1300, height: 900 };
  expect(restoreWindowBounds(saved(normal, true), [laptop, monitor], laptop)).toEqual(saved(normal, true));
  // Maximised on a monitor that was unplugged: maximised on the primary display.
  const restored = restoreWindowBounds(saved(normal, true), [laptop], laptop);
  expect(restored.maximized).toBe(true);
  expect(within(restored.bounds, laptop)).toBe(true);
});

test('a display left of and above the primary one (negative coordinates) counts like any other', () => {
  const leftAbove: Rect = { x: -1920, y: -1080, width: 1920, height: 1080 };
  const there: Rect = { x: -1800, y: -1000, width: 1280, height: 800 };
  expect(restoreWindowBounds(saved(there), [laptop, leftAbove], laptop).bounds).toEqual(there);
});

test('the saved file is read back only when it has the expected shape', () => {
  const good = { bounds: { x: -10, y: 20, width: 1300, height: 900 }, maximized: true };
  expect(parseWindowState(good)).toEqual(good);
  expect(parseWindowState({})).toBeUndefined();
  expect(parseWindowState(undefined)).toBeUndefined();
  expect(parseWindowState({ ...good, maximized: 'yes' })).toBeUndefined();
  expect(parseWindowState({ ...good, bounds: { ...good.bounds, width: 0 } })).toBeUndefined();
  expect(parseWindowState({ ...good, bounds: { ...good.bounds, x: 1.5 } })).toBeUndefined();
  expect(parseWindowState({ ...good, bounds: { ...good.bounds, y: 1e9 } })).toBeUndefined();
  expect(parseWindowState({ ...good, bounds: { ...good.bounds, height: Number.NaN } })).toBeUndefined();
});

test('the default size respects the minimum the window is built with', () => {
  expect(WINDOW_SIZING.width).toBeGreaterThanOrEqual(WINDOW_SIZING.minWidth);
  expect(WINDOW_SIZING.height).toBeGreaterThanOrEqual(WINDOW_SIZING.minHeight);
});

test('closing the last window quits on Windows and Linux, not on macOS (the dock opens a new one)', () => {
  expect(quitsWhenAllWindowsClosed('darwin')).toBe(false);
  expect(quitsWhenAllWindowsClosed('win32')).toBe(true);
  expect(quitsWhenAllWindowsClosed('linux')).toBe(true);
});
