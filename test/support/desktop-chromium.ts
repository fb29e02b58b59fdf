import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { z } from 'zod';
import { chromiumLaunch } from '../../playwright.config';
import { DISABLED_CHROMIUM_FEATURES, withDisabledFeatures } from '../../main/page/policy';
import { startUpScriptPaths } from './renderer-build';

const DISABLE_FEATURES = '--disable-features=';

/**
 * Launch options for Debian's Chromium with the features the desktop app turns off in Electron's
 * (policy.ts DISABLED_CHROMIUM_FEATURES). Playwright passes a --disable-features of its own and
 * Chromium honours only the last one, so ours is merged into Playwright's, which is read back from
 * a browser it launched (Chromium answers its command line only under --enable-automation).
 */
export async function desktopChromiumLaunch(): Promise<LaunchOptions> {
  const probe = await chromium.launch({
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--enable-automation'],
  });
  let playwrights: string | undefined;
  try {
    const session = await probe.newBrowserCDPSession();
    const { arguments: args } = await session.send('Browser.getBrowserCommandLine');
    playwrights = args.find((arg) => arg.startsWith(DISABLE_FEATURES));
  } finally {
    await probe.close();
  }
  const features = withDisabledFeatures(
    playwrights?.slice(DISABLE_FEATURES.length),
    DISABLED_CHROMIUM_FEATURES,
  );
  return {
    ...chromiumLaunch,
    ignoreDefaultArgs: playwrights === undefined ? [] : [playwrights],
    args: [...chromiumLaunch.args, `${DISABLE_FEATURES}${features}`],
  };
}

/** Chromium keeps no code cache for a script shorter than this (V8CodeCache's minimal length). */
const MIN_CODE_CACHED_SCRIPT_BYTES = 1024;

/**
 * The start-up scripts of the build in `rendererDir` (paths inside it, `assets/…`) that Chromium
 * would keep a code cache for: all but those too short for one, whose compile costs next to nothing.
 */
export async function codeCacheableStartUpScripts(rendererDir: string): Promise<string[]> {
  const cacheable: string[] = [];
  for (const path of await startUpScriptPaths((path) => readFile(join(rendererDir, path), 'utf8'))) {
    const bytes = (await readFile(join(rendererDir, path))).length;
    if (bytes >= MIN_CODE_CACHED_SCRIPT_BYTES) cacheable.push(path);
  }
  return cacheable;
}

/**
 * The renderer processes of the last start and of about:blank come and go before the next start:
 * an app starts one renderer process, while none is being torn down. Measured on a 2-core machine
 * in one run, 15 loads each, a plain page with one input: navigation → input focused 364 → 249 ms
 * (median) with this pause, the app 659 → 584 ms.
 */
const SETTLE_BEFORE_START_MS = 300;

/** What the desktop app's next start has: the same profile on disk, a new renderer process. */
export async function startInNewProcess(page: Page, url: string): Promise<void> {
  // From about:blank: the page's Cross-Origin-Opener-Policy swaps a new renderer process in.
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_BEFORE_START_MS));
  await page.goto(url);
}

const compileEventSchema = z.object({
  name: z.string(),
  args: z
    .object({
      data: z.object({ url: z.string().optional(), consumedCacheSize: z.number().optional() }).optional(),
    })
    .optional(),
});
const traceSchema = z.union([
  z.object({ traceEvents: z.array(z.unknown()) }).transform((trace) => trace.traceEvents),
  z.array(z.unknown()),
]);

/** Runs `action` under Chromium's tracing with these categories; answers its result and the events. */
export async function tracedDuring<T>(
  context: BrowserContext,
  page: Page,
  categories: string,
  action: () => Promise<T>,
): Promise<{ result: T; events: unknown[] }> {
  const session = await context.newCDPSession(page);
  try {
    await session.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' });
    const result = await action();
    const complete = new Promise<string | undefined>((resolve) =>
      session.once('Tracing.tracingComplete', (event) => resolve(event.stream)),
    );
    await session.send('Tracing.end');
    const stream = await complete;
    if (stream === undefined) throw new Error('Chromium ended the trace without its data');
    let text = '';
    for (;;) {
      const chunk = await session.send('IO.read', { handle: stream });
      text += chunk.data;
      if (chunk.eof) break;
    }
    await session.send('IO.close', { handle: stream });
    return { result, events: traceSchema.parse(JSON.parse(text)) };
  } finally {
    await session.detach();
  }
}

/**
 * Runs `action` under Chromium's tracing and answers, for each script V8 compiled meanwhile (by
 * URL), how many bytes of V8 code cache its compile consumed: 0 when it was compiled from source.
 */
export async function codeCacheConsumedDuring(
  context: BrowserContext,
  page: Page,
  action: () => Promise<void>,
): Promise<Map<string, number>> {
  const { events } = await tracedDuring(context, page, 'v8', action);
  const consumed = new Map<string, number>();
  for (const raw of events) {
    const event = compileEventSchema.safeParse(raw);
    if (!event.success || !/^v8\.compile(Module)?$/.test(event.data.name)) continue;
    const url = event.data.args?.data?.url;
    if (url === undefined) continue;
    consumed.set(url, (consumed.get(url) ?? 0) + (event.data.args?.data?.consumedCacheSize ?? 0));
  }
  return consumed;
}
