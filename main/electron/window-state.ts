import { z } from 'zod';

/**
 * Where the window opens: the size, position and maximised state of the last run, put back on a
 * display that still exists. Pure (no electron import): desktop.ts reads the displays from
 * Electron's `screen` and the saved state from its own small file, and applies the answer.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** The window's normal (not maximised) bounds. */
  bounds: Rect;
  maximized: boolean;
}

interface WindowSizing {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** The size of a first run, and the smallest the window may be (window.ts). */
export const WINDOW_SIZING: WindowSizing = { width: 1280, height: 800, minWidth: 900, minHeight: 600 };

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(1).max(100_000);

/** The saved file as it may be read back: anything else (hand-edited, truncated) is ignored. */
const windowStateSchema = z.object({
  bounds: z.object({ x: coordinate, y: coordinate, width: length, height: length }),
  maximized: z.boolean(),
});

export function parseWindowState(value: unknown): WindowState | undefined {
  const parsed = windowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** How much of the top of the window must be on a display for the user to grab and move it. */
const TITLE_STRIP_HEIGHT = 32;
const GRAB_WIDTH = 100;

function intersection(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

const area = ({ width, height }: { width: number; height: number }): number => width * height;

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);

/** `width` × `height` within the sizing's minimum and the work area (a small screen wins over the minimum). */
function fitSize(
  width: number,
  height: number,
  workArea: Rect,
  sizing: WindowSizing,
): { width: number; height: number } {
  return {
    width: clamp(width, Math.min(sizing.minWidth, workArea.width), workArea.width),
    height: clamp(height, Math.min(sizing.minHeight, workArea.height), workArea.height),
  };
}

function centredOn(workArea: Rect, size: { width: number; height: number }): Rect {
  return {
    x: workArea.x + Math.round((workArea.width - size.width) / 2),
    y: workArea.y + Math.round((workArea.height - size.height) / 2),
    ...size,
  };
}

/** `bounds` moved (and shrunk if need be) so that all of it is inside `workArea`. */
function inside(bounds: Rect, workArea: Rect, sizing: WindowSizing): Rect {
  const size = fitSize(bounds.width, bounds.height, workArea, sizing);
  return {
    x: clamp(bounds.x, workArea.x, workArea.x + workArea.width - size.width),
    y: clamp(bounds.y, workArea.y, workArea.y + workArea.height - size.height),
    ...size,
  };
}

/** Whether some display shows enough of the window's top strip to grab it with the mouse. */
function titleReachable(bounds: Rect, workAreas: readonly Rect[]): boolean {
  const strip: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: TITLE_STRIP_HEIGHT };
  return workAreas.some((workArea) => {
    const common = intersection(strip, workArea);
    return common.width >= Math.min(GRAB_WIDTH, bounds.width) && common.height >= TITLE_STRIP_HEIGHT / 2;
  });
}

/**
 * The bounds to open the window with, given the saved state and the work areas of the displays
 * connected now:
 * - nothing saved: the default size, centred on the primary display;
 * - its top strip still on a display: where it was, shrunk into its display if that got smaller;
 * - partly on a display but not grabbable: moved (and shrunk) into that display;
 * - on no display (one was unplugged, the resolution changed): centred on the primary display.
 * The maximised flag is kept: the window is maximised on top of these (normal) bounds.
 */
export function restoreWindowBounds(
  saved: WindowState | undefined,
  workAreas: readonly Rect[],
  primaryWorkArea: Rect,
  sizing: WindowSizing = WINDOW_SIZING,
): WindowState {
  if (!saved) {
    return {
      bounds: centredOn(primaryWorkArea, fitSize(sizing.width, sizing.height, primaryWorkArea, sizing)),
      maximized: false,
    };
  }
  const { bounds } = saved;
  let host: Rect | undefined;
  let hostOverlap = 0;
  for (const workArea of workAreas) {
    const overlap = area(intersection(bounds, workArea));
    if (overlap > hostOverlap) {
      host = workArea;
      hostOverlap = overlap;
    }
  }
  if (!host) {
    return {
      bounds: centredOn(primaryWorkArea, fitSize(bounds.width, bounds.height, primaryWorkArea, sizing)),
      maximized: saved.maximized,
    };
  }
  const fitsHost = bounds.width <= host.width && bounds.height <= host.height;
  if (titleReachable(bounds, workAreas) && fitsHost) {
    return { bounds: { ...bounds }, maximized: saved.maximized };
  }
  return { bounds: inside(bounds, host, sizing), maximized: saved.maximized };
}

/**
 * macOS keeps an app running with no window (the dock icon opens a new one); elsewhere closing
 * the last window quits, as users of those systems expect.
 */
export function quitsWhenAllWindowsClosed(platform: NodeJS.Platform): boolean {
  return platform !== 'darwin';
}
