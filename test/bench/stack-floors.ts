import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRenderer, repositoryRoot } from '../../main/web/build-renderer';

/**
 * The renderer bench's stack floors: pages that show the lookup box and nothing else, built by the
 * renderer's own toolchain (electron.vite.config.ts: plugins, chunking, Mantine's styles per
 * component) and served by the same `npm run web` with the same headers and bridge script. Timed
 * like the app (navigation → interactive lookup box, the same loads), they show what the budget
 * leaves the app on the machine the bench runs on: the browser alone, React DOM alone, React DOM
 * with Mantine's provider and text input. A fourth page, the batch-table floor (BATCH_TABLE_FLOOR),
 * shows the batch's rows with React and TanStack Virtual alone, for the batch rows' ratios.
 */
const FLOORS = {
  page: {
    body: '<input data-testid="jump-input" aria-label="Lookup" autofocus />',
    detail: 'stackFloorPageMs',
  },
  react: {
    body: '<div id="root"></div>\n    <script type="module" src="./react.tsx"></script>',
    detail: 'stackFloorReactMs',
  },
  'react-mantine': {
    body: '<div id="root"></div>\n    <script type="module" src="./mantine.tsx"></script>',
    detail: 'stackFloorReactMantineMs',
  },
} as const;
export type StackFloor = keyof typeof FLOORS;
export const STACK_FLOORS = Object.keys(FLOORS) as StackFloor[];

/** The batch-table floor's page (stack-floors/batch-table.tsx); not a start-up floor. */
export const BATCH_TABLE_FLOOR = 'batch-table';
const PAGES: Record<StackFloor | typeof BATCH_TABLE_FLOOR, string> = {
  ...(Object.fromEntries(STACK_FLOORS.map((floor) => [floor, FLOORS[floor].body])) as Record<
    StackFloor,
    string
  >),
  [BATCH_TABLE_FLOOR]: '<div id="root"></div>\n    <script type="module" src="./batch-table.tsx"></script>',
};
type FloorPage = keyof typeof PAGES;

export const isStackFloor = (name: string): name is StackFloor => name in FLOORS;

/** The key of a floor's median in the bench row's details. */
export function stackFloorDetail(floor: StackFloor): string {
  return FLOORS[floor].detail;
}

/** The floors' scripts (react.tsx, mantine.tsx, batch-table.tsx). */
const FLOOR_SCRIPTS = join(import.meta.dirname, 'stack-floors');

/**
 * The path (and hash route) of a floor's page on the served origin: beside the app's index.html,
 * its files in the same assets folder, which the server alone marks immutable, so the warm tab
 * takes them from its HTTP cache as it does the app's.
 */
export function stackFloorPath(floor: FloorPage): string {
  return `/stack-floor-${floor}.html#/`;
}

/** The app's index.html with a floor's body: the head (CSP, icon) stays the app's. */
function stackFloorPage(appPage: string, floor: FloorPage): string {
  const page = appPage
    .replace(/<title>[^<]*<\/title>/, `<title>Paydesk stack floor: ${floor}</title>`)
    .replace(/<body>[\s\S]*<\/body>/, `<body>\n    ${PAGES[floor]}\n  </body>`);
  if (!page.includes(PAGES[floor]) || !page.includes(`stack floor: ${floor}`))
    throw new Error('renderer/index.html has no <title> or <body> to replace for the stack floors');
  return page;
}

/**
 * A temporary copy of the built renderer with the floors built into it (stackFloorPath), so one
 * `npm run web` (one origin, one bridge token) serves the app and the floors. The caller removes it.
 */
export async function rendererWithStackFloors(rendererDir: string): Promise<string> {
  const served = await mkdtemp(join(tmpdir(), 'paydesk-bench-renderer-'));
  await cp(rendererDir, served, { recursive: true });
  const appPage = await readFile(join(repositoryRoot, 'renderer', 'index.html'), 'utf8');
  // Inside the repository, so the scripts' imports resolve from its node_modules.
  await mkdir(join(repositoryRoot, 'out'), { recursive: true });
  const sources = await mkdtemp(join(repositoryRoot, 'out', 'bench-stack-floors-'));
  try {
    await cp(FLOOR_SCRIPTS, sources, { recursive: true });
    // One build per page: chunks shared between pages would load on a floor that does not use them.
    for (const floor of Object.keys(PAGES) as FloorPage[]) {
      const page = join(sources, `${floor}.html`);
      const built = join(sources, 'built', floor);
      await writeFile(page, stackFloorPage(appPage, floor));
      await buildRenderer(built, { quiet: true, instead: { root: sources, pages: { [floor]: page } } });
      // File names carry a hash of their content: a name the app has too holds the same bytes.
      if (existsSync(join(built, 'assets')))
        await cp(join(built, 'assets'), join(served, 'assets'), { recursive: true });
      await cp(join(built, `${floor}.html`), join(served, `stack-floor-${floor}.html`));
    }
  } finally {
    await rm(sources, { recursive: true, force: true });
  }
  return served;
}
