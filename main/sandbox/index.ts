import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { isLoopback } from './auth';
import { SECOND_MS } from './clock';
import { CONTROL_PREFIX } from './control-routes';
import { SandboxCore } from './core';
import { credentialOverridesSchema, sandboxCredentials, type SandboxCredentials } from './credentials';
import { MAX_BULK_DEPOSITS } from './seed-data';
import { buildServer } from './server';

/**
 * The local sandbox: a faithful simulator of the payments service, on 127.0.0.1.
 * `startSandbox()` runs one in-process on an ephemeral port (the console's first-run default,
 * and as many as tests need); `npm run sandbox` runs one standalone (cli.ts).
 */

export type { SandboxCredentials } from './credentials';
/** Ids of the seeded records (deposit 300000001, refund 17, cashout 11954, sub-merchant 18703…). */
export { SEEDED as SEEDED_RECORDS, FIRST_BULK_DEPOSIT_ID } from './seed-data';

export interface SandboxOptions {
  /** Seeds credentials, ids and records; two sandboxes with one seed hold the same data. Random when absent. */
  seed?: number;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only: 127.0.0.1 (default), another 127.x address, ::1 or localhost. */
  host?: string;
  /** Replace some of the generated credentials. */
  credentials?: Partial<SandboxCredentials>;
  /** Caller IPs the service endpoints accept (401/201 for others); empty = everyone. */
  allowIps?: string[];
  /**
   * Authentication clock minus real clock, in ms (D13): the X-Date window and the `Date` header
   * follow it, to test clients whose clock is off. Time travel never moves it.
   */
  clockSkewMs?: number;
  /** Gap before the first notification retry (doubling after); default 2000 ms. */
  notificationRetryBaseMs?: number;
  /** Time allowed for one notification attempt; default 5000 ms. */
  notificationTimeoutMs?: number;
  /**
   * Extra deposits on top of the seeded records, ids FIRST_BULK_DEPOSIT_ID onwards, the same for
   * the same seed (benchmarks and batch tests need thousands of ids that exist). Default 0.
   */
  bulkDeposits?: number;
  /** Request logging (method, path, status; never headers, bodies or secrets). Off by default. */
  logger?: boolean;
}

export interface SandboxHandle {
  /** `http://127.0.0.1:<port>`: the service's base URL (paths start with /v3, or /sub_merchants). */
  baseUrl: string;
  /** `<baseUrl>/__sandbox`: the control API. */
  controlUrl: string;
  credentials: SandboxCredentials;
  seed: number;
  port: number;
  /** Names the records this sandbox holds now: new at every start and every reset (D19). */
  readonly worldId: string;
  close(): Promise<void>;
}

const optionsSchema = z
  .object({
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    port: z.number().int().min(0).max(65535).optional(),
    host: z
      .string()
      .refine((host) => host === 'localhost' || isLoopback(host), 'must be a loopback address')
      .optional(),
    credentials: credentialOverridesSchema.optional(),
    allowIps: z.array(z.string().min(1)).optional(),
    clockSkewMs: z.number().finite().optional(),
    notificationRetryBaseMs: z.number().int().min(1).max(3_600_000).optional(),
    notificationTimeoutMs: z.number().int().min(1).max(600_000).optional(),
    bulkDeposits: z.number().int().min(0).max(MAX_BULK_DEPOSITS).optional(),
    logger: z.boolean().optional(),
  })
  .strict();

/** A periodic look at the business clock so deposits expire (and notify) even when nobody calls. */
const SWEEP_INTERVAL_MS = SECOND_MS;

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const parsed = optionsSchema.parse(options);
  const seed = parsed.seed ?? randomInt(0, 0xffffffff);
  const credentials = sandboxCredentials(seed, parsed.credentials);
  const core = new SandboxCore({
    seed,
    credentials,
    allowIps: parsed.allowIps ?? [],
    clockSkewMs: parsed.clockSkewMs ?? 0,
    notificationRetryBaseMs: parsed.notificationRetryBaseMs ?? 2000,
    notificationTimeoutMs: parsed.notificationTimeoutMs ?? 5000,
    bulkDeposits: parsed.bulkDeposits ?? 0,
  });
  const app = buildServer(core, { logger: parsed.logger ?? false });
  const host = parsed.host ?? '127.0.0.1';
  await app.listen({ host, port: parsed.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (parsed.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  core.baseUrl = `http://${urlHost}:${port}`;

  const sweeper = setInterval(() => core.sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  let closing: Promise<void> | undefined;
  return {
    baseUrl: core.baseUrl,
    controlUrl: `${core.baseUrl}${CONTROL_PREFIX}`,
    credentials: { ...credentials },
    seed,
    port,
    get worldId() {
      return core.worldId;
    },
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        core.close();
        await app.close();
      })();
      return closing;
    },
  };
}
