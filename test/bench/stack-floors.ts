import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRenderer } from '../../main/web/build-renderer';

/**
 * The renderer bench's stack floors: pages that show the lookup box and nothing else, built by the
 * renderer's own toolchain (electron.vite.config.ts: plugins, chunking, compile hints, Mantine's
 * styles per component) and served by the same `npm run web` with the same headers and bridge
 * script. Timed like the app (navigation → interactive lookup box, the same loads), they show what
 * the budget leaves the app on the machine the bench runs on: the browser alone, React DOM alone,
 * React DOM with Mantine's provider and text input.
 */
export const STACK_FLOORS = {
  page: 'page.html',
  react: 'react.html',
  'react-mantine': 'mantine.html',
} as const;
export type StackFloor = keyof typeof STACK_FLOORS;

/** The floors' folder inside the served renderer folder (rendererWithStackFloors). */
const FLOORS_FOLDER = 'stack-floors';

/** The path (and hash route) of a floor's page on the served origin. */
export function stackFloorPath(floor: StackFloor): string {
  return `/${FLOORS_FOLDER}/${floor}/${STACK_FLOORS[floor]}#/`;
}

/**
 * A temporary copy of the built renderer with the floors built into it, so one `npm run web`
 * (one origin, one bridge token) serves the app and the floors. The caller removes it.
 */
export async function rendererWithStackFloors(rendererDir: string): Promise<string> {
  const served = await mkdtemp(join(tmpdir(), 'paydesk-bench-renderer-'));
  await cp(rendererDir, served, { recursive: true });
  const root = join(import.meta.dirname, 'stack-floors');
  // One build per page: chunks shared between pages would load on a floor that does not use them.
  for (const [floor, file] of Object.entries(STACK_FLOORS)) {
    await buildRenderer(join(served, FLOORS_FOLDER, floor), {
      quiet: true,
      instead: { root, pages: { [floor]: join(root, file) } },
    });
  }
  return served;
}
