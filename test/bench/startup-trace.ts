/**
 * A Chromium performance trace of warm starts of the app's lookup route and of the React + Mantine
 * stack floor page, loaded as the renderer bench loads them (renderer-budgets.ts: the same served
 * build with its floors, the same Chromium switches on a profile on disk, the same watch for the
 * lookup box). Not a bench row: it prints where each start's main-thread time went up to the
 * lookup box (its CPU profile by script and by function, trace events by self time, the script
 * compiles and the requests) and keeps the raw traces for DevTools.
 *
 *   flock /tmp/paydesk-heavy.lock npx tsx test/bench/startup-trace.ts [--loads 3] [--out /tmp/dir]
 *     [--against floor|empty-route]
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { desktopChromiumLaunch, startInNewProcess, tracedDuring } from '../support/desktop-chromium';
import { median, round } from './bench-row';
import { holdBridgeToken, startWebChild, VIEWPORT, watchForReady, type WebChild } from './renderer-budgets';
import { stackFloorPath } from './stack-floors';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'toplevel',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

const { values: flags } = parseArgs({
  options: {
    loads: { type: 'string', default: '3' },
    out: { type: 'string', default: '/tmp/startup-trace' },
    // Analyse the traces an earlier run kept in --out again, without a browser.
    reanalyse: { type: 'boolean', default: false },
    // What the app's lookup route is traced against: the React + Mantine floor page, or the app's
    // own empty route (its frame without a screen).
    against: { type: 'string', default: 'floor' },
  },
});
const LOADS = Number(flags.loads);
const OUT = flags.out ?? '/tmp/startup-trace';

type Subject = 'app' | 'floor';
const AGAINST = z.enum(['floor', 'empty-route']).parse(flags.against);
const floorPath = AGAINST === 'empty-route' ? '/#/no-such-screen' : stackFloorPath('react-mantine');
const pathOf = (subject: Subject): string => (subject === 'app' ? '/#/' : floorPath);

interface Marks {
  /** The lookup box usable. */
  readyMs: number;
}

async function load(page: Page, web: WebChild, subject: Subject): Promise<Marks> {
  await startInNewProcess(page, `${web.origin}${pathOf(subject)}`);
  await page.waitForFunction(() => (window as { __paydeskReady?: number }).__paydeskReady !== undefined);
  return page.evaluate(() => ({
    readyMs: (window as { __paydeskReady?: number }).__paydeskReady ?? NaN,
  }));
}

async function traced(
  context: BrowserContext,
  page: Page,
  action: () => Promise<Marks>,
): Promise<{ events: unknown[]; marks: Marks }> {
  const { result, events } = await tracedDuring(context, page, CATEGORIES, action);
  return { events, marks: result };
}

// -- Analysis -------------------------------------------------------------------------------

const eventSchema = z.object({
  name: z.string(),
  cat: z.string().optional(),
  ph: z.string(),
  ts: z.number().optional(),
  dur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  id: z.union([z.string(), z.number()]).optional(),
  args: z.record(z.string(), z.unknown()).optional(),
});
type TraceEvent = z.infer<typeof eventSchema>;

const cpuNodeSchema = z.object({
  id: z.number(),
  parent: z.number().optional(),
  callFrame: z.object({
    functionName: z.string(),
    url: z.string().optional(),
    lineNumber: z.number().optional(),
  }),
});
const chunkSchema = z.object({
  data: z.object({
    cpuProfile: z
      .object({ nodes: z.array(cpuNodeSchema).optional(), samples: z.array(z.number()).optional() })
      .optional(),
    timeDeltas: z.array(z.number()).optional(),
  }),
});
const profileStartSchema = z.object({ data: z.object({ startTime: z.number() }) });

interface Analysis {
  subject: Subject;
  readyMs: number;
  /** Main-thread busy time from navigation start to the lookup box, ms. */
  busyMs: number;
  /** Self time by trace event name within the window, ms. */
  selfByEvent: Record<string, number>;
  /** CPU profile self time by script (file name) and by function within the window, ms. */
  cpuByScript: Record<string, number>;
  cpuByFunction: Record<string, number>;
  /** Compile / evaluate per script: ms on the main thread, and whether from the code cache. */
  scripts: Record<string, { compileMs: number; evaluateMs: number; cacheKB: number }>;
  /** Requests sent in the window, ms since navigation start. */
  requests: string[];
  /** Top-level tasks over 2 ms in the window: start ms, duration, what ran most in them. */
  tasks: string[];
}

const shortUrl = (url: string): string => {
  if (!url) return '(no script)';
  try {
    const parsed = new URL(url);
    return parsed.pathname.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || url;
  } catch {
    return url;
  }
};

function analyse(subject: Subject, raw: unknown[], marks: Marks): Analysis {
  const events: TraceEvent[] = [];
  for (const one of raw) {
    const parsed = eventSchema.safeParse(one);
    if (parsed.success) events.push(parsed.data);
  }
  const path = pathOf(subject).replace(/#.*$/, '');
  const argData = (event: TraceEvent): Record<string, unknown> =>
    (event.args?.['data'] as Record<string, unknown> | undefined) ??
    (event.args?.['beginData'] as Record<string, unknown> | undefined) ??
    {};
  // The renderer process of this start: the one that parsed the page's HTML.
  const pathnameOf = (url: unknown): string | undefined => {
    try {
      return new URL(String(url)).pathname;
    } catch {
      return undefined;
    }
  };
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && pathnameOf(argData(event)['url']) === path,
  );
  if (!parse) throw new Error(`no ParseHTML of ${path} in the trace`);
  const pid = parse.pid;
  const mainTid = events.find(
    (event) =>
      event.pid === pid &&
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.args?.['name'] === 'CrRendererMain',
  )?.tid;
  if (mainTid === undefined) throw new Error('no CrRendererMain thread in the page process');
  const navigationStart = events
    .filter((event) => event.pid === pid && event.name === 'navigationStart' && event.ts !== undefined)
    .map((event) => event.ts ?? 0)
    .sort((a, b) => b - a)[0];
  if (navigationStart === undefined) throw new Error('no navigationStart in the page process');
  const windowEnd = navigationStart + marks.readyMs * 1000;
  const ms = (us: number): number => us / 1000;
  const at = (ts: number): number => round(ms(ts - navigationStart), 1);

  // Complete events of the main thread (B/E paired), clipped to the window; self time by name.
  const main = events.filter((event) => event.pid === pid && event.tid === mainTid);
  interface Span {
    name: string;
    start: number;
    end: number;
    event: TraceEvent;
  }
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...main].sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0))) {
    if (event.ph === 'X' && event.ts !== undefined)
      spans.push({ name: event.name, start: event.ts, end: event.ts + (event.dur ?? 0), event });
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin?.ts !== undefined && event.ts !== undefined)
        spans.push({ name: begin.name, start: begin.ts, end: event.ts, event: begin });
    }
  }
  const inWindow = spans
    .filter((span) => span.end > navigationStart && span.start < windowEnd)
    .map((span) => ({
      ...span,
      start: Math.max(span.start, navigationStart),
      end: Math.min(span.end, windowEnd),
    }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const selfByEvent: Record<string, number> = {};
  const stack: Array<Span & { child: number }> = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (!done) break;
      selfByEvent[done.name] = (selfByEvent[done.name] ?? 0) + ms(done.end - done.start - done.child);
      const parent = stack.at(-1);
      if (parent) parent.child += done.end - done.start;
    }
  };
  for (const span of inWindow) {
    close(span.start);
    stack.push({ ...span, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  // The outermost spans: the main thread's tasks (and anything traced outside one).
  const topLevel: typeof inWindow = [];
  for (const span of inWindow) {
    const last = topLevel.at(-1);
    if (!last || span.start >= last.end) topLevel.push(span);
  }
  const busyMs = topLevel.reduce((sum, span) => sum + ms(span.end - span.start), 0);

  // The CPU profile of the main thread: self time of each sample until the next.
  const cpuByScript: Record<string, number> = {};
  const cpuByFunction: Record<string, number> = {};
  const samples: Array<{ ts: number; node: number }> = [];
  const nodes = new Map<number, z.infer<typeof cpuNodeSchema>>();
  const profiles = events.filter(
    (event) =>
      event.pid === pid && event.tid === mainTid && event.name === 'Profile' && event.id !== undefined,
  );
  for (const profile of profiles) {
    const start = profileStartSchema.safeParse(profile.args);
    if (!start.success) continue;
    let ts = start.data.data.startTime;
    for (const chunkEvent of events.filter(
      (event) => event.name === 'ProfileChunk' && event.id === profile.id && event.pid === pid,
    )) {
      const chunk = chunkSchema.safeParse(chunkEvent.args);
      if (!chunk.success) continue;
      for (const node of chunk.data.data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = chunk.data.data.cpuProfile?.samples ?? [];
      const deltas = chunk.data.data.timeDeltas ?? [];
      ids.forEach((node, index) => {
        ts += deltas[index] ?? 0;
        samples.push({ ts, node });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach((sample, index) => {
    const next = samples[index + 1];
    if (!next || sample.ts < navigationStart || sample.ts >= windowEnd) return;
    const node = nodes.get(sample.node);
    const frame = node?.callFrame;
    const fn = frame?.functionName || '(anonymous)';
    if (fn === '(idle)') return;
    const self = ms(Math.min(next.ts, windowEnd) - sample.ts);
    const script = frame?.url ? shortUrl(frame.url) : `(${fn})`;
    cpuByScript[script] = (cpuByScript[script] ?? 0) + self;
    const key = `${fn} ${frame?.url ? `${shortUrl(frame.url)}:${frame.lineNumber ?? 0}` : ''}`.trim();
    cpuByFunction[key] = (cpuByFunction[key] ?? 0) + self;
  });

  // Script compiles and evaluations on the main thread, by URL.
  const scripts: Analysis['scripts'] = {};
  for (const span of inWindow) {
    const data = argData(span.event);
    const url = typeof data['url'] === 'string' ? data['url'] : undefined;
    if (!url) continue;
    const entry = (scripts[shortUrl(url)] ??= { compileMs: 0, evaluateMs: 0, cacheKB: 0 });
    if (/^v8\.compile|^CompileScript|^v8\.produceModuleCache/.test(span.name)) {
      entry.compileMs += ms(span.end - span.start);
      const consumed = data['consumedCacheSize'];
      if (typeof consumed === 'number') entry.cacheKB += consumed / 1024;
    } else if (/^EvaluateScript|^v8\.evaluateModule|^v8\.run/.test(span.name))
      entry.evaluateMs += ms(span.end - span.start);
  }

  const requests = events
    .filter(
      (event) =>
        event.name === 'ResourceSendRequest' &&
        event.ts !== undefined &&
        event.ts >= navigationStart &&
        event.ts < windowEnd,
    )
    .map((event) => `${at(event.ts ?? 0)} ${shortUrl(String(argData(event)['url'] ?? ''))}`);
  const tasks = topLevel
    .filter((span) => span.end - span.start > 2000)
    .map((span) => {
      const within = inWindow.filter(
        (inner) =>
          inner !== span && inner.start >= span.start && inner.end <= span.end && inner.name !== 'RunTask',
      );
      // Its heaviest inner events: what the task was spent on.
      const names = [...within]
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .filter(
          (inner) => !/RunTask|mojo|OnHandleReady|AsyncTask|PumpTokenizer|ExecuteScript/.test(inner.name),
        )
        .slice(0, 5)
        .map((inner) => `${inner.name} ${round(ms(inner.end - inner.start), 1)}`)
        .join(', ');
      return `${at(span.start)} +${round(ms(span.end - span.start), 1)} ms: ${names}`;
    });
  return { subject, ...marks, busyMs, selfByEvent, cpuByScript, cpuByFunction, scripts, requests, tasks };
}

const top = (record: Record<string, number>, count: number): Array<[string, number]> =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, value]) => [key, round(value, 1)]);

/** Medians over the loads of one subject, keyed like the analyses. */
function medians(
  analyses: readonly Analysis[],
  pick: (one: Analysis) => Record<string, number>,
): Record<string, number> {
  const keys = new Set(analyses.flatMap((one) => Object.keys(pick(one))));
  return Object.fromEntries(
    [...keys].map((key) => [key, median(analyses.map((one) => pick(one)[key] ?? 0))]),
  );
}

function report(subject: Subject, analyses: readonly Analysis[]): void {
  console.log(`\n===== ${subject}: ${analyses.length} traced warm starts =====`);
  console.log(
    'lookup box ready:',
    analyses.map((one) => round(one.readyMs, 1)).join(' / '),
    'ms; main thread busy:',
    analyses.map((one) => round(one.busyMs, 1)).join(' / '),
    'ms',
  );
  console.log(
    'CPU profile self time by script (median ms):',
    top(
      medians(analyses, (one) => one.cpuByScript),
      15,
    ),
  );
  console.log(
    'CPU profile self time by function (median ms):',
    top(
      medians(analyses, (one) => one.cpuByFunction),
      30,
    ),
  );
  console.log(
    'trace events, self time (median ms):',
    top(
      medians(analyses, (one) => one.selfByEvent),
      25,
    ),
  );
  const middle = [...analyses].sort((a, b) => a.readyMs - b.readyMs)[Math.floor(analyses.length / 2)];
  if (middle) {
    console.log('the median start, scripts (compile / evaluate ms, code cache KB):');
    for (const [script, figures] of Object.entries(middle.scripts))
      console.log(
        `  ${script}: ${round(figures.compileMs, 1)} / ${round(figures.evaluateMs, 1)} ms, ${round(figures.cacheKB, 1)} KB`,
      );
    console.log('the median start, requests:', middle.requests);
    console.log('the median start, tasks over 2 ms:');
    for (const task of middle.tasks) console.log(`  ${task}`);
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const web = await startWebChild();
  const profile = await mkdtemp(join(tmpdir(), 'paydesk-trace-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      ...(await desktopChromiumLaunch()),
      viewport: VIEWPORT,
    });
    try {
      await holdBridgeToken(context, web);
      await context.addInitScript(watchForReady);
      const page = context.pages()[0] ?? (await context.newPage());
      // Unmeasured, as the bench's warm row: the code cache is written on a script's second load.
      for (let round = 0; round < 2; round += 1)
        for (const subject of ['app', 'floor'] as const) await load(page, web, subject);
      const analyses: Record<Subject, Analysis[]> = { app: [], floor: [] };
      for (let index = 0; index < LOADS; index += 1) {
        const order: Subject[] = index % 2 === 0 ? ['app', 'floor'] : ['floor', 'app'];
        for (const subject of order) {
          const { events, marks } = await traced(context, page, () => load(page, web, subject));
          await writeFile(
            join(OUT, `${subject}-${index}.json`),
            JSON.stringify({ traceEvents: events, marks }),
          );
          analyses[subject].push(analyse(subject, events, marks));
        }
      }
      report('app', analyses.app);
      report('floor', analyses.floor);
      await writeFile(join(OUT, 'analyses.json'), JSON.stringify(analyses, null, 2));
      console.log(`\ntraces and analyses in ${OUT}`);
    } finally {
      await context.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
    await web.stop();
  }
}

async function reanalyse(): Promise<void> {
  const files = (await readdir(OUT)).filter((file) => /^(app|floor)-\d+\.json$/.test(file)).sort();
  const analyses: Record<Subject, Analysis[]> = { app: [], floor: [] };
  for (const file of files) {
    const subject: Subject = file.startsWith('app') ? 'app' : 'floor';
    const saved = JSON.parse(await readFile(join(OUT, file), 'utf8')) as {
      traceEvents: unknown[];
      marks: Marks;
    };
    analyses[subject].push(analyse(subject, saved.traceEvents, saved.marks));
  }
  report('app', analyses.app);
  report('floor', analyses.floor);
}

await (flags.reanalyse ? reanalyse() : main());
