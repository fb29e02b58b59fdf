/**
 * The renderer rows (docs/performance.md), measured in Debian Chromium (Playwright, the e2e launch
 * options) against `npm run web` started as a child process (its own event loop: the bridge's work
 * never runs on this process's clock), with a temp --data-dir and the memory vault. Every row is a
 * ratio to a floor measured in the same run, the same way, next to it (stack-floors.ts builds the
 * floor pages into the served renderer):
 *
 * 1. Initial JavaScript, gzipped: what the built index.html loads before any lazy route (its
 *    module script with every module that imports statically), each file
 *    gzipped at zlib's default level 6. Floor: the React + Mantine floor page's start-up scripts,
 *    counted the same way. The web bridge's page script is not counted (it stands in for
 *    Electron's preload); its size and what an empty route requested are in the details.
 * 2. Navigation → the app's own lookup box interactive, three ways, each a row of its own:
 *    - warm start: a browser with the app's Chromium switches (policy.ts) on a profile on disk, one
 *      tab; every load comes into a new renderer process, its files from the HTTP cache and its
 *      compiled code from V8's code cache (written on a script's second load, the unmeasured
 *      rounds). A traced start after the measured ones checks that every start-up script over
 *      1 KB did come from the cache, or the row is no pass.
 *    - no code cache: one tab of an in-memory context (no code cache): a first start after an
 *      install or an update.
 *    - cold: a new context per load, nothing cached.
 *    Each start comes from about:blank after a pause (startInNewProcess). An init script watches
 *    the DOM; once the lookup box exists, is enabled, laid out and focused, the time is taken in
 *    the next task (a MessageChannel message), in ms since navigation start. Floor:
 *    the React + Mantine floor page (its lookup box alone), loaded in the same rounds the same way,
 *    median of LOADS each; the other floors (plain page, React alone) are in the details.
 * 3. A finished batch on /batch in a fresh context, 10,000 rows and the batch cap (100,000): the
 *    init script wraps the page's WebSocket so it sees frames before the bridge; the clock starts
 *    when the answer to the first rows page of that batch arrives and stops at the first paint
 *    with rows in the table (the rows appear → requestAnimationFrame → the next task). Floor: the
 *    batch-table floor page (React + TanStack Virtual alone, the same rows as getBatchRows answered
 *    them, the same columns and widths), its rows fetched untimed, timed from handing them to
 *    React to its first paint with rows, the same way. App and floor samples alternate.
 * 4. Scrolling them, the app and the floor alike: once the page is idle, a requestAnimationFrame
 *    loop sets the table's scrollTop over SCROLL_MS, through the first READABLE_SCROLL_ROWS rows
 *    (~8 rows a frame: every frame shows rows with their text) and then top to bottom; the longest
 *    frame is the largest gap between rAF callbacks or the longest 'long-animation-frame' entry,
 *    whichever is larger, the worst of every scroll. At the top-to-bottom pace the app draws the
 *    rows going by empty (BatchResults.tsx, FlyingRow); the details count the frames that showed
 *    rows' text.
 * 5. At the batch cap, the JS heap of the renderer after those scrolls and a full GC (CDP
 *    HeapProfiler.collectGarbage, Runtime.getHeapUsage), against the floor page's holding every
 *    row of the same batch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { chromiumLaunch } from '../../playwright.config';
import {
  BATCH_LIMITS,
  CHANNELS,
  type BatchParseResult,
  type BatchRow,
  type BatchRowsPage,
  type BatchSummary,
  type Result,
} from '../../shared/contract';
import {
  BATCH_ROW_HEIGHT,
  batchColumnsSpec,
  COLUMN_WIDTHS,
} from '../../renderer/src/features/batch/batch-view';
import { shownColumns } from '../../renderer/src/lib/table-columns';
import {
  codeCacheableStartUpScripts,
  codeCacheConsumedDuring,
  desktopChromiumLaunch,
  startInNewProcess,
} from '../support/desktop-chromium';
import { ensureRendererBuilt, startUpScriptPaths } from '../support/renderer-build';
import { median, round, type BenchRow } from './bench-row';
import {
  BATCH_TABLE_FLOOR,
  isStackFloor,
  rendererWithStackFloors,
  STACK_FLOORS,
  stackFloorDetail,
  stackFloorPath,
  type StackFloor,
} from './stack-floors';

const root = join(import.meta.dirname, '..', '..');

/** The targets: each row's value over its floor's, measured in the same run. */
const INITIAL_JS_TARGET = 4;
const START_UP_TARGET = 1.2;
const FIRST_PAINT_TARGET = 1.5;
const FRAME_TARGET = 1.5;
const HEAP_TARGET = 2;
/** Loads per route for the interactive measure (the brief: at least 15). */
const LOADS = 15;
/** The batches shown: 10,000 rows, and the batch cap. */
const BATCH_SIZES: readonly number[] = [10_000, BATCH_LIMITS.maxIds];
/** Fresh pages showing each batch (app and floor alike), and of those the ones that also scroll. */
const BATCH_SAMPLES: Readonly<Record<number, { renders: number; scrolls: number }>> = {
  10_000: { renders: 15, scrolls: 5 },
  [BATCH_LIMITS.maxIds]: { renders: 7, scrolls: 3 },
};
const SCROLL_MS = 2_000;
/** Rows the readable scroll goes through in SCROLL_MS: fewer than a screenful (15) a frame. */
const READABLE_SCROLL_ROWS = 1_000;
/** The first ids of the embedded sandbox's deposits; past its seeded ones, a row is "not found". */
const FIRST_BATCH_ID = 300_000_001;

/** preload/web-bridge.ts keeps the access token under this sessionStorage key (TOKEN_STORAGE_KEY). */
const BRIDGE_TOKEN_STORAGE_KEY = 'paydesk-web-bridge-token';
/** The web bridge's own page script (the browser build's stand-in for the preload). */
const BRIDGE_SCRIPT = '/paydesk-bridge.js';

export interface WebChild {
  origin: string;
  token: string;
  rendererDir: string;
  stop(): Promise<void>;
}

const webFactsSchema = z.object({ url: z.string().url(), port: z.number(), dataDir: z.string() });

/**
 * `npm run web -- --no-build --json` in a child process, on a copy of the shared e2e renderer build
 * with the stack floors built into it (stack-floors.ts).
 */
export async function startWebChild(): Promise<WebChild> {
  const rendererDir = await rendererWithStackFloors(await ensureRendererBuilt());
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-bench-web-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(root, 'main', 'web', 'cli.ts'),
      '--no-build',
      '--renderer-dir',
      rendererDir,
      '--data-dir',
      dataDir,
      '--memory-vault',
      '--seed',
      '42',
      '--json',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const facts = await new Promise<z.infer<typeof webFactsSchema>>((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`npm run web exited with ${String(code)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const newline = output.indexOf('\n');
      if (newline >= 0) resolve(webFactsSchema.parse(JSON.parse(output.slice(0, newline))));
    });
  });
  const url = new URL(facts.url);
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  if (!token) throw new Error('npm run web printed a URL without its token');
  return {
    origin: url.origin,
    token,
    rendererDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
}

export const VIEWPORT = { width: 1280, height: 900 };

/** A fresh context (cold HTTP cache) whose pages already hold the bridge token. */
async function freshContext(browser: Browser, web: WebChild): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await holdBridgeToken(context, web);
  return context;
}

/** Every page of `context` holds the bridge token before its scripts run. */
export async function holdBridgeToken(context: BrowserContext, web: WebChild): Promise<void> {
  // tsx compiles named inner functions to `__name(fn, "name")` calls; the functions handed to the
  // page (init scripts, evaluate) carry them, so the page gets the identity helper first.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(
    ([key, token]) => {
      sessionStorage.setItem(key, token);
    },
    [BRIDGE_TOKEN_STORAGE_KEY, web.token] as const,
  );
}

/**
 * A renderer row: the value over its floor's, measured in the same run the same way;
 * `premiseHeld` false makes it no pass whatever the ratio.
 */
function ratioRow(row: {
  name: string;
  floor: string;
  unit: 'ms' | 'KB' | 'MB';
  value: number;
  floorValue: number;
  target: number;
  premiseHeld?: boolean;
  details: Record<string, number | string>;
}): BenchRow {
  const ratio = row.value / row.floorValue;
  return {
    name: row.name,
    baseline: row.floor,
    unit: row.unit,
    value: round(row.value),
    baselineValue: round(row.floorValue),
    ratio: round(ratio, 3),
    target: `≤ ${row.target.toFixed(2)}`,
    pass: ratio <= row.target && (row.premiseHeld ?? true),
    details: row.details,
  };
}
const kb = (bytes: number): number => bytes / 1024;

// -- 1. Initial JavaScript -------------------------------------------------------------------

async function gzippedSize(rendererDir: string, assetPath: string): Promise<{ raw: number; gzip: number }> {
  const content = await readFile(join(rendererDir, assetPath));
  return { raw: content.length, gzip: gzipSync(content).length };
}

/** The start-up scripts of the build's `page` (startUpScriptPaths), as paths inside it. */
async function initialScripts(rendererDir: string, page = 'index.html'): Promise<string[]> {
  const paths = await startUpScriptPaths((path) =>
    readFile(join(rendererDir, path === 'index.html' ? page : path), 'utf8'),
  );
  if (paths.length === 0) throw new Error('the built index.html names no module script');
  return paths;
}

/** Same-origin .js paths a first load of `route` requested (the bridge script apart). */
async function scriptsRequested(
  browser: Browser,
  web: WebChild,
  route: string,
  ready: string,
): Promise<string[]> {
  const context = await freshContext(browser, web);
  try {
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === web.origin && url.pathname.endsWith('.js')) requested.add(url.pathname);
    });
    await page.goto(`${web.origin}/#${route}`);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    return [...requested];
  } finally {
    await context.close();
  }
}

async function initialJavaScriptRow(browser: Browser, web: WebChild): Promise<BenchRow> {
  const sum = async (paths: readonly string[]) => {
    let raw = 0;
    let gzip = 0;
    for (const path of paths) {
      const size = await gzippedSize(web.rendererDir, path);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { raw, gzip };
  };
  const initial = await initialScripts(web.rendererDir);
  const initialSize = await sum(initial);
  const renderer = (paths: string[]) =>
    paths.filter((path) => path !== BRIDGE_SCRIPT).map((path) => path.replace(/^\//, ''));
  const emptyRoute = await scriptsRequested(browser, web, '/no-such-place', 'main h2');
  const lookupRoute = await scriptsRequested(browser, web, '/', '[data-testid="jump-input"]');
  const emptySize = await sum(renderer(emptyRoute));
  const lookupSize = await sum(renderer(lookupRoute));
  const notLoaded = initial.filter((path) => !emptyRoute.includes(`/${path}`));
  const bridge = Buffer.from(await (await fetch(`${web.origin}${BRIDGE_SCRIPT}`)).arrayBuffer());
  const floorScripts = await initialScripts(
    web.rendererDir,
    stackFloorPath('react-mantine').replace(/^\//, '').replace(/#.*$/, ''),
  );
  const floorSize = await sum(floorScripts);
  return ratioRow({
    name: 'renderer: initial JavaScript (index.html entry and its static imports), gzipped',
    floor: "the React + Mantine stack floor page's start-up scripts, gzipped the same way",
    unit: 'KB',
    value: kb(initialSize.gzip),
    floorValue: kb(floorSize.gzip),
    target: INITIAL_JS_TARGET,
    details: {
      floorFiles: floorScripts.length,
      emptyRouteGzipKB: round(kb(emptySize.gzip)),
      initialFiles: initial.length,
      initialRawKB: round(kb(initialSize.raw)),
      emptyRouteFiles: renderer(emptyRoute).length,
      lookupRouteFiles: renderer(lookupRoute).length,
      lookupRouteGzipKB: round(kb(lookupSize.gzip)),
      bridgeScriptGzipKB: round(kb(gzipSync(bridge).length)),
      initialFilesNotRequested: notLoaded.join(' ') || 'none',
      // Loaded after the entry ran (lazy chunks every route waits for: a waterfall step of their own).
      emptyRouteLaterFiles:
        renderer(emptyRoute)
          .filter((path) => !initial.includes(path))
          .map((path) => path.replace(/^assets\//, ''))
          .join(' ') || 'none',
      gzipLevel: 6,
    },
  });
}

// -- 2. Navigation → interactive lookup box --------------------------------------------------

type ReadyTarget = 'lookup-box' | 'not-found-heading';

const ROUTE_OF: Record<ReadyTarget, string> = { 'lookup-box': '/', 'not-found-heading': '/no-such-place' };

/** What one load opens: a route of the app, or a stack floor (its lookup box alone). */
type LoadTarget = ReadyTarget | StackFloor;

function pathOf(target: LoadTarget): string {
  return isStackFloor(target) ? stackFloorPath(target) : `/#${ROUTE_OF[target]}`;
}

/**
 * Runs in the page before its scripts: sets window.__paydeskReady (ms since navigation start) in
 * the first task after the target of this route (the lookup box on `#/`, else the empty route's
 * heading) is usable. Serialised by Playwright: no imports, no closures.
 */
export function watchForReady(): void {
  const state = window as unknown as { __paydeskReady?: number };
  const target = location.hash === '#/' || location.hash === '' ? 'lookup-box' : 'not-found-heading';
  let scheduled = false;
  const find = (): HTMLElement | null => {
    if (target === 'lookup-box') {
      const input = document.querySelector<HTMLInputElement>('[data-testid="jump-input"]');
      if (!input || input.disabled || input.getClientRects().length === 0) return null;
      if (document.activeElement !== input) input.focus();
      return document.activeElement === input ? input : null;
    }
    const heading = document.querySelector<HTMLElement>('main h2');
    return heading && heading.getClientRects().length > 0 ? heading : null;
  };
  const check = (): void => {
    if (scheduled || !find()) return;
    scheduled = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      state.__paydeskReady = performance.now();
    };
    channel.port2.postMessage(null);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

interface LoadFigures {
  readyMs: number;
  domContentLoadedMs: number;
}

/**
 * One full navigation of `page` to the target's route, into a new renderer process (from
 * about:blank, so even a hash-only change is a full navigation); answers when it was ready (see
 * watchForReady).
 */
async function loadUntilReady(page: Page, web: WebChild, target: LoadTarget): Promise<LoadFigures> {
  await startInNewProcess(page, `${web.origin}${pathOf(target)}`);
  await page.waitForFunction(() => (window as { __paydeskReady?: number }).__paydeskReady !== undefined);
  const figures = await page.evaluate(() => ({
    readyMs: (window as { __paydeskReady?: number }).__paydeskReady ?? NaN,
    domContentLoadedMs:
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.domContentLoadedEventEnd ?? NaN,
  }));
  if (target !== 'not-found-heading') {
    // Not timed: the box found ready does take typing.
    await page.keyboard.type('300000001');
    const typed = await page.getByTestId('jump-input').inputValue();
    if (typed !== '300000001') throw new Error(`the lookup box took "${typed}", not the typed id`);
  } else {
    const title = await page.locator('main h2').first().innerText();
    if (title !== 'No such screen') throw new Error(`the empty route showed "${title}"`);
  }
  return figures;
}

/** How the loads of a start-up row come (the top of this file says what each stands for). */
type StartKind = 'warm start' | 'no code cache' | 'cold';

const START_ROW_NAMES: Record<StartKind, string> = {
  'warm start': 'warm start (code cache from earlier starts)',
  'no code cache': 'files cached, no code cache (a first start after an install)',
  cold: 'cold cache (nothing cached)',
};

/** The tab a warm or no-code-cache row loads in, and how to dispose of it. */
interface OneTab {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

async function openTab(browser: Browser, web: WebChild, kind: StartKind): Promise<OneTab | undefined> {
  if (kind === 'cold') return undefined;
  if (kind === 'no code cache') {
    const context = await freshContext(browser, web);
    return { context, page: await context.newPage(), close: () => context.close() };
  }
  const profile = await mkdtemp(join(tmpdir(), 'paydesk-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...(await desktopChromiumLaunch()),
    viewport: VIEWPORT,
  });
  await holdBridgeToken(context, web);
  return {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What one traced start took from V8's code cache, of the start-up scripts that could. */
interface CodeCacheUse {
  cacheable: number;
  cachedKB: number;
  /** The cacheable scripts compiled from source. */
  missing: string[];
}

/**
 * How much of the start-up JavaScript one more start of the lookup route took from V8's code
 * cache: all of it on a warm start, none without a code cache, or the row is not what it says.
 */
async function startUpFromCodeCache(tab: OneTab, web: WebChild): Promise<CodeCacheUse> {
  const consumed = await codeCacheConsumedDuring(tab.context, tab.page, async () => {
    await loadUntilReady(tab.page, web, 'lookup-box');
  });
  const cacheable = await codeCacheableStartUpScripts(web.rendererDir);
  const bytes = (path: string): number => consumed.get(`${web.origin}/${path}`) ?? 0;
  return {
    cacheable: cacheable.length,
    cachedKB: kb(cacheable.reduce((sum, path) => sum + bytes(path), 0)),
    missing: cacheable.filter((path) => bytes(path) === 0),
  };
}

/** Whether a row's traced start got the code it stands for (cold rows are not traced). */
function premiseHeld(kind: StartKind, use: CodeCacheUse | undefined): boolean {
  if (kind === 'cold') return true;
  if (!use) return false;
  return kind === 'warm start' ? use.missing.length === 0 : use.missing.length === use.cacheable;
}

/**
 * LOADS loads of each route, alternating (a drift of the machine's load falls on both alike), in
 * one tab or (cold) a new context each; the stack floors load in the same rounds, the same way,
 * for the details.
 */
async function interactiveRow(browser: Browser, web: WebChild, kind: StartKind): Promise<BenchRow> {
  const samples = new Map<LoadTarget, LoadFigures[]>();
  let fromCache: CodeCacheUse | undefined;
  const tab = await openTab(browser, web, kind);
  try {
    await tab?.context.addInitScript(watchForReady);
    const load = async (target: LoadTarget): Promise<LoadFigures> => {
      if (tab) return loadUntilReady(tab.page, web, target);
      const context = await freshContext(browser, web);
      try {
        await context.addInitScript(watchForReady);
        return await loadUntilReady(await context.newPage(), web, target);
      } finally {
        await context.close();
      }
    };
    // Unmeasured: primes the tab (a warm start's code cache is written on a script's second load)
    // and, cold, the server's first file reads.
    const priming = kind === 'warm start' ? [0, 1] : [0];
    for (const round of priming)
      for (const target of [...alternating(round), ...STACK_FLOORS]) await load(target);
    for (let round = 0; round < LOADS; round += 1) {
      for (const target of [...alternating(round), ...rotated(STACK_FLOORS, round)]) {
        const figures = samples.get(target) ?? [];
        figures.push(await load(target));
        samples.set(target, figures);
      }
    }
    if (tab) fromCache = await startUpFromCodeCache(tab, web);
  } finally {
    await tab?.close();
  }
  const readyMs = (target: LoadTarget) => (samples.get(target) ?? []).map((one) => one.readyMs);
  const domContentLoadedMs = (target: LoadTarget) =>
    median((samples.get(target) ?? []).map((one) => one.domContentLoadedMs));
  const lookup = readyMs('lookup-box');
  const empty = readyMs('not-found-heading');
  const value = median(lookup);
  const floorValue = median(readyMs('react-mantine'));
  return ratioRow({
    name: `renderer: navigation → the app's own lookup box interactive, ${START_ROW_NAMES[kind]} (median of ${LOADS} loads)`,
    floor:
      'the React + Mantine stack floor page (its lookup box alone), loaded in the same rounds the same way',
    unit: 'ms',
    value,
    floorValue,
    target: START_UP_TARGET,
    // A row whose start did not get the code it says (all from the cache, or none) is no verdict.
    premiseHeld: premiseHeld(kind, fromCache),
    details: {
      loads: LOADS,
      emptyRouteMs: round(median(empty)),
      lookupMinMs: round(Math.min(...lookup)),
      lookupMaxMs: round(Math.max(...lookup)),
      emptyMinMs: round(Math.min(...empty)),
      emptyMaxMs: round(Math.max(...empty)),
      lookupDomContentLoadedMs: round(domContentLoadedMs('lookup-box')),
      emptyDomContentLoadedMs: round(domContentLoadedMs('not-found-heading')),
      // Every floor, loaded the same way (stack-floors.ts); the React + Mantine one is the row's.
      ...Object.fromEntries(
        STACK_FLOORS.map((floor) => [stackFloorDetail(floor), round(median(readyMs(floor)))]),
      ),
      ...(fromCache && {
        startUpScriptsFromCodeCache: `${fromCache.cacheable - fromCache.missing.length} of ${fromCache.cacheable}`,
        codeCacheConsumedKB: round(fromCache.cachedKB),
        startUpScriptsCompiledFromSource: fromCache.missing.join(' ') || 'none',
      }),
    },
  });
}

/** Round `round`'s order of the two routes (a drift of the machine's load falls on both alike). */
function alternating(round: number): ReadyTarget[] {
  return round % 2 === 0 ? ['lookup-box', 'not-found-heading'] : ['not-found-heading', 'lookup-box'];
}

/** `items` rotated by `round` places: each takes every place in the round in turn. */
function rotated<T>(items: readonly T[], round: number): T[] {
  const shift = items.length === 0 ? 0 : round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

// -- 3 and 4. Batch rows: render and scroll --------------------------------------------------

async function call<T>(page: Page, method: string, arg: unknown): Promise<T> {
  const result = await page.evaluate(
    ([name, argument]) =>
      (window as unknown as { paydesk: Record<string, (value: unknown) => Promise<unknown>> }).paydesk[
        name
      ]?.(argument),
    [method, arg] as const,
  );
  const answer = result as Result<T> | undefined;
  if (!answer) throw new Error(`${method}: no answer`);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.data;
}

/**
 * A finished batch of `size` deposit ids in the child's console; answers its id, with its rows
 * written beside the served renderer (`/bench-rows-<size>.json`, the columns the app's table shows
 * by default and every row as getBatchRows answered it) for the batch-table floor.
 */
async function runBatch(browser: Browser, web: WebChild, size: number): Promise<string> {
  const context = await freshContext(browser, web);
  try {
    const page = await context.newPage();
    await page.goto(`${web.origin}/#/`);
    await page.waitForFunction(() => 'paydesk' in window);
    const text = Array.from({ length: size }, (_, index) => String(FIRST_BATCH_ID + index)).join('\n');
    const parsed = await call<BatchParseResult>(page, 'parseBatch', { kind: 'deposits', text });
    const started = await call<BatchSummary>(page, 'startBatch', {
      kind: 'deposits',
      ids: parsed.ids,
      concurrency: 32,
      ratePerSecond: 10_000,
    });
    const deadline = Date.now() + 180_000 * Math.max(1, size / 10_000);
    for (;;) {
      const list = await call<BatchSummary[]>(page, 'listBatches', {});
      const batch = list.find((summary) => summary.batchId === started.batchId);
      if (batch?.state === 'done' && batch.total === size) break;
      if (batch && batch.state !== 'running') throw new Error(`the bench batch ended ${batch.state}`);
      if (Date.now() > deadline) throw new Error(`the ${size}-id bench batch did not finish in time`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const rows: BatchRow[] = [];
    while (rows.length < size) {
      const answer = await call<BatchRowsPage>(page, 'getBatchRows', {
        batchId: started.batchId,
        offset: rows.length,
        limit: BATCH_LIMITS.maxPageRows,
      });
      if (answer.rows.length === 0) throw new Error('getBatchRows answered no rows before the end');
      rows.push(...answer.rows);
    }
    const columns = shownColumns(batchColumnsSpec('deposits'), undefined).map((name) => ({
      name,
      width: COLUMN_WIDTHS[name],
    }));
    await writeFile(join(web.rendererDir, batchRowsFile(size).slice(1)), JSON.stringify({ columns, rows }));
    return started.batchId;
  } finally {
    await context.close();
  }
}

const batchRowsFile = (size: number): string => `/bench-rows-${size}.json`;

interface RenderProbe {
  batchId: string;
  filter: 'all' | 'pending';
}

/**
 * Runs in the page before its scripts. Wraps WebSocket so this listener sees each frame before
 * the bridge's: the request frames name the getBatchRows calls, the answer to page 0 of the probed
 * batch and filter starts the clock, and the first paint with the table's content stops it.
 * Serialised by Playwright: no imports, no closures.
 */
function installRenderProbe({ rowsChannel, armed }: { rowsChannel: string; armed: RenderProbe }): void {
  type Probe = { batchId: string; filter: string; start?: number; end?: number; before?: string };
  const state = window as unknown as { __paydeskProbe?: Probe; __paydeskArm?: (probe: Probe) => void };
  const rowsCalls = new Map<number, { batchId: string; offset: number; filter: string }>();
  const Native = window.WebSocket;
  const contentReady = (probe: Probe): boolean => {
    if (probe.filter === 'all') return document.querySelector('[data-testid="batch-row"]') !== null;
    const empty = document.querySelector('[data-testid="batch-results-empty"]');
    return empty !== null && empty.textContent !== probe.before;
  };
  const watchPaint = (probe: Probe): void => {
    let done = false;
    const check = (): void => {
      if (done || !contentReady(probe)) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.end = performance.now();
        };
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  };
  class ProbedWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        const probe = state.__paydeskProbe;
        if (!probe || probe.start !== undefined || typeof event.data !== 'string') return;
        const frame = JSON.parse(event.data) as { type?: string; id?: number };
        const asked = frame.type === 'result' && frame.id != null ? rowsCalls.get(frame.id) : undefined;
        if (asked?.batchId !== probe.batchId || asked.offset !== 0 || asked.filter !== probe.filter) return;
        probe.start = performance.now();
        probe.before = document.querySelector('[data-testid="batch-results-empty"]')?.textContent ?? '';
        watchPaint(probe);
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data === 'string') {
        const frame = JSON.parse(data) as {
          id?: number;
          channel?: string;
          arg?: { batchId?: string; offset?: number; filter?: string };
        };
        if (
          frame.channel === rowsChannel &&
          frame.id !== undefined &&
          frame.arg?.batchId !== undefined &&
          frame.arg.offset !== undefined
        )
          rowsCalls.set(frame.id, {
            batchId: frame.arg.batchId,
            offset: frame.arg.offset,
            filter: frame.arg.filter ?? 'all',
          });
      }
      super.send(data);
    }
  }
  window.WebSocket = ProbedWebSocket;
  state.__paydeskProbe = { ...armed };
  state.__paydeskArm = (probe) => {
    state.__paydeskProbe = probe;
  };
}

/**
 * Arms the probe for `probe` (unless the init script armed it already), does `act`, and answers
 * the ms from the rows answer to the painted table.
 */
async function measureRender(page: Page, probe?: RenderProbe, act?: () => Promise<void>): Promise<number> {
  if (probe)
    await page.evaluate((armed) => {
      (window as unknown as { __paydeskArm: (value: unknown) => void }).__paydeskArm(armed);
    }, probe);
  await act?.();
  await page.waitForFunction(
    () => (window as unknown as { __paydeskProbe?: { end?: number } }).__paydeskProbe?.end !== undefined,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const done = (window as unknown as { __paydeskProbe: { start: number; end: number } }).__paydeskProbe;
    return done.end - done.start;
  });
}

interface ScrollFigures {
  longestFrameMs: number;
  longestRafGapMs: number;
  longestLoafMs: number;
  /** Of the longest long-animation-frame: script time, style and layout time, the longest script's invoker. */
  longestLoafScriptMs: number;
  longestLoafLayoutMs: number;
  longestLoafInvoker: string;
  frames: number;
  /** Of those frames, the ones that showed rows' text (not only empty or loading rows). */
  framesWithRows: number;
  scrolledPx: number;
}

/**
 * Scrolls the results table from its top over `durationMs` in a rAF loop, to its bottom or
 * `throughPx` down; see the file comment.
 */
async function scrollThrough(page: Page, durationMs: number, throughPx?: number): Promise<ScrollFigures> {
  const scroll = { duration: durationMs, through: throughPx ?? Number.MAX_SAFE_INTEGER };
  return page.getByTestId('batch-results').evaluate(async (element, { duration, through }) => {
    interface LoafEntry {
      startTime: number;
      duration: number;
      styleAndLayoutStart: number;
      scripts: Array<{ duration: number; invoker: string }>;
    }
    // From the table at rest: what the page still does once it has appeared is not the scroll's.
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 }));
    const loafs: LoafEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) loafs.push(entry as unknown as LoafEntry);
    });
    observer.observe({ type: 'long-animation-frame', buffered: false });
    const range = Math.min(element.scrollHeight - element.clientHeight, through);
    element.scrollTop = 0;
    const gaps: number[] = [];
    let framesWithRows = 0;
    await new Promise<void>((resolve) => {
      let first: number | undefined;
      let previous: number | undefined;
      const step = (now: number): void => {
        first ??= now;
        if (previous !== undefined) {
          gaps.push(now - previous);
          if (element.querySelector('[data-testid="batch-row"]')) framesWithRows += 1;
        }
        previous = now;
        const progress = Math.min(1, (now - first) / duration);
        element.scrollTop = progress * range;
        if (progress < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    // One more frame so a long last frame is reported too.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    observer.disconnect();
    const longestRafGapMs = Math.max(0, ...gaps);
    const longestLoaf = loafs.reduce<LoafEntry | undefined>(
      (longest, entry) => (longest && longest.duration >= entry.duration ? longest : entry),
      undefined,
    );
    const longestLoafMs = longestLoaf?.duration ?? 0;
    const longestScript = longestLoaf?.scripts.reduce<{ duration: number; invoker: string } | undefined>(
      (longest, script) => (longest && longest.duration >= script.duration ? longest : script),
      undefined,
    );
    return {
      longestFrameMs: Math.max(longestRafGapMs, longestLoafMs),
      longestRafGapMs,
      longestLoafMs,
      longestLoafScriptMs: longestLoaf?.scripts.reduce((sum, script) => sum + script.duration, 0) ?? 0,
      longestLoafLayoutMs: longestLoaf
        ? longestLoaf.startTime + longestLoaf.duration - longestLoaf.styleAndLayoutStart
        : 0,
      longestLoafInvoker: longestScript?.invoker ?? '',
      frames: gaps.length,
      framesWithRows,
      scrolledPx: element.scrollTop,
    };
  }, scroll);
}

interface BatchFigures {
  render: number;
  scroll?: ScrollFigures;
  readableScroll?: ScrollFigures;
  /** The renderer's JS heap after a full GC, once the table was shown (and scrolled), in MB. */
  heapMb?: number;
}

/** The scrolls of a shown table, the readable one first, then its heap; checks it is the virtualised table. */
async function afterFirstPaint(
  page: Page,
  size: number,
  scroll: boolean,
  heap: boolean,
): Promise<Omit<BatchFigures, 'render'>> {
  const results = page.getByTestId('batch-results');
  if ((await results.getAttribute('data-count')) !== String(size))
    throw new Error(`the shown table does not hold ${size} rows`);
  const rows = await results.getByTestId('batch-row').count();
  if (rows === 0 || rows > 100) throw new Error(`${rows} rows in the DOM: not the virtualised table`);
  const readable = scroll
    ? await scrollThrough(page, SCROLL_MS, READABLE_SCROLL_ROWS * BATCH_ROW_HEIGHT)
    : undefined;
  if (readable) await backAtTopWithRows(page);
  const scrolled = scroll ? await scrollThrough(page, SCROLL_MS) : undefined;
  if (scrolled && scrolled.scrolledPx <= 0) throw new Error('the table did not scroll');
  const heapMb = heap ? await heapAfterGc(page) : undefined;
  return {
    ...(scrolled && { scroll: scrolled }),
    ...(readable && { readableScroll: readable }),
    ...(heapMb !== undefined && { heapMb }),
  };
}

/** The page's JS heap in use after a full collection (CDP HeapProfiler.collectGarbage), in MB. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

/** The app: /batch in a fresh context shows the bench batch; timed from its rows answer. */
async function batchSample(
  browser: Browser,
  web: WebChild,
  batchId: string,
  size: number,
  scroll: boolean,
  heap: boolean,
): Promise<BatchFigures> {
  const context = await freshContext(browser, web);
  try {
    // /batch shows the newest batch on arrival: the probe is armed before the page runs.
    const probeSetup: { rowsChannel: string; armed: RenderProbe } = {
      rowsChannel: CHANNELS.getBatchRows,
      armed: { batchId, filter: 'all' },
    };
    await context.addInitScript(installRenderProbe, probeSetup);
    const page = await context.newPage();
    await page.goto(`${web.origin}/#/batch`);
    const render = await measureRender(page);
    if ((await page.getByTestId('batch-current').getAttribute('data-batch-id')) !== batchId)
      throw new Error('/batch did not show the bench batch');
    return { render, ...(await afterFirstPaint(page, size, scroll, heap)) };
  } finally {
    await context.close();
  }
}

/**
 * The floor: the batch-table floor page in a fresh context, its rows loaded (untimed, the rows
 * answer), then timed from handing them to React to the first paint with rows, as measureRender
 * times the app (a MutationObserver, then requestAnimationFrame, then the next task).
 */
async function floorSample(
  browser: Browser,
  web: WebChild,
  size: number,
  scroll: boolean,
  heap: boolean,
): Promise<BatchFigures> {
  const context = await freshContext(browser, web);
  try {
    const page = await context.newPage();
    await page.goto(`${web.origin}${stackFloorPath(BATCH_TABLE_FLOOR).replace(/#.*$/, '')}`);
    await page.waitForFunction(() => '__benchFloor' in window);
    type Floor = { __benchFloor: { load(url: string): Promise<number>; show(): void } };
    const loaded = await page.evaluate(
      (url) => (window as unknown as Floor).__benchFloor.load(url),
      batchRowsFile(size),
    );
    if (loaded !== size) throw new Error(`the floor page loaded ${loaded} rows, not ${size}`);
    const render = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="batch-row"]')) return;
            observer.disconnect();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve(performance.now() - start);
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          (window as unknown as Floor).__benchFloor.show();
        }),
    );
    return { render, ...(await afterFirstPaint(page, size, scroll, heap)) };
  } finally {
    await context.close();
  }
}

/** The table scrolled back to its top, its first row shown with its text (the scroll has ended). */
async function backAtTopWithRows(page: Page): Promise<void> {
  const results = page.getByTestId('batch-results');
  await results.evaluate((element) => {
    element.scrollTop = 0;
  });
  await results.locator('[data-testid="batch-row"][aria-rowindex="2"]').waitFor();
}

/** Where the time of the longest long-animation-frame of all scrolls went. */
function longestLoafBreakdown(scrolls: readonly ScrollFigures[]): Record<string, number | string> {
  const worstScroll = scrolls.reduce<ScrollFigures | undefined>(
    (worst, one) => (worst && worst.longestLoafMs >= one.longestLoafMs ? worst : one),
    undefined,
  );
  if (!worstScroll || worstScroll.longestLoafMs === 0) return {};
  return {
    longestLoafScriptMs: round(worstScroll.longestLoafScriptMs),
    longestLoafStyleAndLayoutMs: round(worstScroll.longestLoafLayoutMs),
    longestLoafInvoker: worstScroll.longestLoafInvoker,
  };
}

/**
 * One batch size: the app and the batch-table floor alike, samples alternating which goes first;
 * rows for first paint, the readable scroll, the scroll top to bottom and, at the batch cap, the heap.
 */
async function batchRowsRows(browser: Browser, web: WebChild, size: number): Promise<BenchRow[]> {
  const batchId = await runBatch(browser, web, size);
  const { renders: samples, scrolls } = BATCH_SAMPLES[size] ?? { renders: 5, scrolls: 2 };
  const heap = size === BATCH_LIMITS.maxIds;
  // Unmeasured: the first page of each of the run.
  await batchSample(browser, web, batchId, size, false, false);
  await floorSample(browser, web, size, false, false);
  const app: BatchFigures[] = [];
  const floor: BatchFigures[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const scroll = sample < scrolls;
    const measureApp = async () =>
      app.push(await batchSample(browser, web, batchId, size, scroll, heap && scroll));
    const measureFloor = async () =>
      floor.push(await floorSample(browser, web, size, scroll, heap && scroll));
    if (sample % 2 === 0) {
      await measureApp();
      await measureFloor();
    } else {
      await measureFloor();
      await measureApp();
    }
  }
  const rows = size.toLocaleString('en');
  const renders = (figures: readonly BatchFigures[]) => figures.map((one) => one.render);
  const scrollsOf = (
    figures: readonly BatchFigures[],
    pick: (one: BatchFigures) => ScrollFigures | undefined,
  ) =>
    figures.flatMap((one) => {
      const figure = pick(one);
      return figure ? [figure] : [];
    });
  const worst = (figures: readonly ScrollFigures[], pick: (one: ScrollFigures) => number) =>
    Math.max(...figures.map(pick));
  const scrollRow = (name: string, pick: (one: BatchFigures) => ScrollFigures | undefined): BenchRow => {
    const figures = scrollsOf(app, pick);
    const floorFigures = scrollsOf(floor, pick);
    return ratioRow({
      name,
      floor:
        'the batch-table floor page (React + TanStack Virtual, the same rows and columns), the same scroll',
      unit: 'ms',
      value: worst(figures, (one) => one.longestFrameMs),
      floorValue: worst(floorFigures, (one) => one.longestFrameMs),
      target: FRAME_TARGET,
      details: {
        scrolls: figures.length,
        framesPerScroll: Math.round(median(figures.map((one) => one.frames))),
        framesWithRowsPerScroll: Math.round(median(figures.map((one) => one.framesWithRows))),
        floorFramesWithRowsPerScroll: Math.round(median(floorFigures.map((one) => one.framesWithRows))),
        medianOfLongestFrameMs: round(median(figures.map((one) => one.longestFrameMs))),
        floorMedianOfLongestFrameMs: round(median(floorFigures.map((one) => one.longestFrameMs))),
        longestRafGapMs: round(worst(figures, (one) => one.longestRafGapMs)),
        longestLoafMs: round(worst(figures, (one) => one.longestLoafMs)),
        floorLongestRafGapMs: round(worst(floorFigures, (one) => one.longestRafGapMs)),
        ...longestLoafBreakdown(figures),
      },
    });
  };
  const result: BenchRow[] = [
    ratioRow({
      name: `renderer: ${rows} batch rows, rows answer → first paint of the table (median of ${samples})`,
      floor:
        'the batch-table floor page (React + TanStack Virtual, the same rows and columns): rows handed to React → first paint',
      unit: 'ms',
      value: median(renders(app)),
      floorValue: median(renders(floor)),
      target: FIRST_PAINT_TARGET,
      details: {
        samples,
        renderMaxMs: round(Math.max(...renders(app))),
        floorRenderMaxMs: round(Math.max(...renders(floor))),
      },
    }),
    scrollRow(
      `renderer: scrolling the first ${READABLE_SCROLL_ROWS.toLocaleString('en')} of ${rows} batch rows in ${SCROLL_MS / 1000} s (rows shown with their text), longest frame (worst of ${scrolls})`,
      (one) => one.readableScroll,
    ),
    scrollRow(
      `renderer: scrolling ${rows} batch rows top to bottom in ${SCROLL_MS / 1000} s, longest frame (worst of ${scrolls})`,
      (one) => one.scroll,
    ),
  ];
  if (heap) {
    const heaps = (figures: readonly BatchFigures[]) =>
      figures.flatMap((one) => (one.heapMb === undefined ? [] : [one.heapMb]));
    result.push(
      ratioRow({
        name: `renderer: JS heap after showing and scrolling the ${rows}-row batch, after a full GC (median of ${scrolls})`,
        floor: 'the batch-table floor page holding the same rows, after the same scrolls and GC',
        unit: 'MB',
        value: median(heaps(app)),
        floorValue: median(heaps(floor)),
        target: HEAP_TARGET,
        details: {
          heapMb: heaps(app)
            .map((one) => round(one))
            .join(' / '),
          floorHeapMb: heaps(floor)
            .map((one) => round(one))
            .join(' / '),
        },
      }),
    );
  }
  return result;
}

/** Rows 1 and 2: what the first start loads and how soon the lookup box takes a keystroke. */
export function benchStartUp(): Promise<BenchRow[]> {
  return withBrowser(async (browser, web) => [
    await initialJavaScriptRow(browser, web),
    await interactiveRow(browser, web, 'warm start'),
    await interactiveRow(browser, web, 'no code cache'),
    await interactiveRow(browser, web, 'cold'),
  ]);
}

/** Rows 3 to 5: a finished batch shown, scrolled and held, at 10,000 rows and at the cap. */
export function benchBatchRows(): Promise<BenchRow[]> {
  return withBrowser(async (browser, web) => [
    ...(await batchRowsRows(browser, web, BATCH_SIZES[0] ?? 10_000)),
    ...(await batchRowsRows(browser, web, BATCH_SIZES[1] ?? BATCH_LIMITS.maxIds)),
  ]);
}

async function withBrowser(
  measure: (browser: Browser, web: WebChild) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const web = await startWebChild();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(chromiumLaunch);
    return await measure(browser, web);
  } finally {
    await browser?.close();
    await web.stop();
  }
}
