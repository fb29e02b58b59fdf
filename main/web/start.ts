import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHANNELS, type ConsoleApi, type ConsoleSetup } from '../../shared/contract';
import {
  createConsoleRuntime,
  createDispatcher,
  trackCalls,
  sqliteRecordIndexStarter,
  type ConsoleRuntime,
} from '../core/console';
import { DRAFT_KEY_ACCOUNT } from '../core/drafts';
import { createKeytarBackend, createMemoryBackend, VAULT_SERVICE } from '../core/vault';
import { embeddedSandboxStarter } from '../sandbox/starter';
import { buildRenderer, DEFAULT_RENDERER_DIR } from './build-renderer';
import { bundlePageBridge } from './page-bundle';
import { startWebBridgeServer, type Dispatch, type WebBridgeServer } from './server';

/**
 * `npm run web` as a function (cli.ts parses flags into these options; the e2e fixture calls it
 * in-process): the real console runtime (real client, real vault, the embedded sandbox as the
 * first-run environment) behind the web bridge server. Dev and test only: main/index.ts never
 * imports main/web.
 */

/** The keychain service of the browser build unless told otherwise: never the app's own entries. */
export const WEB_VAULT_SERVICE = `${VAULT_SERVICE}-web`;

export interface WebBridgeOptions {
  /** 0 (default): an ephemeral port on 127.0.0.1. */
  port?: number;
  /** The built renderer to serve; default out/renderer. */
  rendererDir?: string;
  /** Build the renderer into rendererDir first (default true; `--no-build` serves what is there). */
  build?: boolean;
  /** Settings and journal folder; a temp folder (removed on close) when absent. */
  dataDir?: string;
  /** `memory`: nothing reaches the OS keychain (quick exploration, machines without one). */
  vault?: 'keychain' | 'memory';
  /** Keychain service name; default WEB_VAULT_SERVICE. */
  vaultService?: string;
  /** Seed of the embedded sandbox (same seed, same credentials and records). */
  sandboxSeed?: number;
  /** A fixed access token (tests); random otherwise. */
  token?: string;
  /** Less build output. */
  quiet?: boolean;
}

export interface WebBridge extends WebBridgeServer {
  dataDir: string;
  rendererDir: string;
  vault: 'keychain' | 'memory';
  vaultService: string;
  /** The same dispatcher the socket uses: setup steps of tests go through the real code path. */
  dispatch: Dispatch;
  /** Calls one ConsoleApi method through the dispatcher. */
  call<K extends keyof ConsoleApi>(method: K, arg: Parameters<ConsoleApi[K]>[0]): ReturnType<ConsoleApi[K]>;
  /**
   * What the page's start-up notes say (getConsoleSetup), and why the keychain cannot be used when it
   * cannot (its error, for the terminal), asked when the bridge started.
   */
  setup: ConsoleSetup;
  keychainProblem: string | null;
  /** URLs the page asked to open in the system browser (the browser build opens none). */
  externalOpens(): string[];
  runtime: ConsoleRuntime;
}

/**
 * The bridge's own temporary data folder, removed when it closes. Node retries a removal that met
 * a file appearing underneath it (ENOTEMPTY), as a writer still finishing can make one for a
 * moment (SQLite ending its journal, say).
 */
const removeDataDir = (dataDir: string): Promise<void> =>
  rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });

export async function startWebBridge(options: WebBridgeOptions = {}): Promise<WebBridge> {
  const rendererDir = resolve(options.rendererDir ?? DEFAULT_RENDERER_DIR);
  const [, bridgeScript] = await Promise.all([
    options.build === false ? undefined : buildRenderer(rendererDir, { quiet: options.quiet ?? false }),
    bundlePageBridge(),
  ]);

  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'paydesk-web-')));
  const vault = options.vault ?? 'keychain';
  const vaultService = options.vaultService ?? WEB_VAULT_SERVICE;
  const opened: string[] = [];

  const backend = vault === 'memory' ? createMemoryBackend() : createKeytarBackend();
  const runtime = createConsoleRuntime({
    dataDir: resolve(dataDir),
    vault: { backend, service: vaultService, keptAcrossRuns: vault !== 'memory' },
    launch: { launcher: 'web', dataFolderTemporary: ownDataDir },
    embeddedSandbox: embeddedSandboxStarter(
      options.sandboxSeed === undefined ? {} : { seed: options.sandboxSeed },
    ),
    // A browser page cannot hand a URL to the OS: the link is recorded (tests read it) instead.
    openExternal: (url) => {
      opened.push(url);
      return false;
    },
    recordIndex: sqliteRecordIndexStarter(resolve(dataDir)),
    keepUnfinishedBatches: true,
  });
  // Calls still running when the bridge closes: the runtime closes after them, so a write they
  // began (settings, drafts, the record index) is finished, not cut off or raced by the removal.
  const calls = trackCalls(createDispatcher(runtime.api));
  const dispatch: Dispatch = calls.dispatch;

  let server: WebBridgeServer;
  let setup: ConsoleSetup;
  let keychainProblem: string | null = null;
  try {
    // Asked once at start, so the terminal says what the page will (cli.ts startNotes).
    const answered = await runtime.api.getConsoleSetup({});
    setup = answered.ok
      ? answered.data
      : { launcher: 'web', dataFolderTemporary: ownDataDir, keychain: 'unavailable' };
    if (!answered.ok) keychainProblem = answered.error.message;
    else if (setup.keychain === 'unavailable') {
      const probe = await backend.get(vaultService, DRAFT_KEY_ACCOUNT);
      keychainProblem = probe.ok ? null : probe.error.message;
    }
    server = await startWebBridgeServer({
      rendererDir,
      bridgeScript,
      dispatch,
      events: runtime.events,
      ...(options.port !== undefined && { port: options.port }),
      ...(options.token !== undefined && { token: options.token }),
    });
  } catch (error) {
    await runtime.close();
    if (ownDataDir) await removeDataDir(dataDir);
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    ...server,
    dataDir,
    rendererDir,
    vault,
    vaultService,
    setup,
    keychainProblem,
    dispatch,
    call: ((method: keyof ConsoleApi, arg: unknown) => dispatch(CHANNELS[method], arg)) as WebBridge['call'],
    externalOpens: () => [...opened],
    runtime,
    close() {
      closing ??= (async () => {
        await server.close();
        await calls.settled();
        await runtime.close();
        if (ownDataDir) await removeDataDir(dataDir);
      })();
      return closing;
    },
  };
}
