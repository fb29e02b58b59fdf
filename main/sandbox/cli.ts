import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isLoopback } from './auth';
import { credentialOverridesSchema } from './credentials';
import { startSandbox, type SandboxHandle, type SandboxOptions } from './index';

/**
 * `npm run sandbox -- --port 4010`: the sandbox as a standalone process for a merchant's own
 * developers. Every flag has an environment variable (flags win). Bad flags: a message on
 * stderr and exit code 2. Prints the base URL and the credentials, then runs until SIGINT or
 * SIGTERM.
 */

const USAGE = `Usage: npm run sandbox -- [options]

  --port <n>                  port on 127.0.0.1 (default 4010; 0 picks a free one)   PAYDESK_SANDBOX_PORT
  --host <addr>               loopback address to listen on (default 127.0.0.1)        PAYDESK_SANDBOX_HOST
  --seed <n>                  seed of credentials, ids and records (0..4294967295)    PAYDESK_SANDBOX_SEED
  --api-key <key>             signed-call API key (X-Login)                           PAYDESK_SANDBOX_API_KEY
  --api-secret <secret>       signed-call API signature secret                        PAYDESK_SANDBOX_API_SECRET
  --readonly-key <key>        read-only key of the reference endpoints                PAYDESK_SANDBOX_READONLY_KEY
  --cashout-login <login>     cashout login (max 32)                                  PAYDESK_SANDBOX_CASHOUT_LOGIN
  --cashout-pass <pass>       cashout passphrase (max 32)                             PAYDESK_SANDBOX_CASHOUT_PASS
  --cashout-secret <secret>   cashout Payload-Signature secret                        PAYDESK_SANDBOX_CASHOUT_SECRET
  --allow-ip <ip>             accept service calls only from this IP (repeatable)     PAYDESK_SANDBOX_ALLOW_IP (comma-separated)
  --clock-skew-ms <n>         authentication clock minus real clock (X-Date window,   PAYDESK_SANDBOX_CLOCK_SKEW_MS
                              Date header), to test the 5-second rule; time travel
                              (POST /__sandbox/clock/advance) moves the business clock
                              (expiry, 7-day cancel, record dates), never this one
  --notification-retry-ms <n> gap before the first notification retry (default 2000)  PAYDESK_SANDBOX_NOTIFICATION_RETRY_MS
  --log                       log requests (method, path, status; never secrets)      PAYDESK_SANDBOX_LOG=1
  --json                      print the start-up facts as one JSON line
  --help                      show this help
`;

/** parseArgs options; `ENV` names the environment variable of each flag. */
const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  'readonly-key': { type: 'string' },
  'cashout-login': { type: 'string' },
  'cashout-pass': { type: 'string' },
  'cashout-secret': { type: 'string' },
  'allow-ip': { type: 'string', multiple: true },
  'clock-skew-ms': { type: 'string' },
  'notification-retry-ms': { type: 'string' },
  log: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

const ENV: Partial<Record<keyof typeof FLAGS, string>> = {
  port: 'PAYDESK_SANDBOX_PORT',
  host: 'PAYDESK_SANDBOX_HOST',
  seed: 'PAYDESK_SANDBOX_SEED',
  'api-key': 'PAYDESK_SANDBOX_API_KEY',
  'api-secret': 'PAYDESK_SANDBOX_API_SECRET',
  'readonly-key': 'PAYDESK_SANDBOX_READONLY_KEY',
  'cashout-login': 'PAYDESK_SANDBOX_CASHOUT_LOGIN',
  'cashout-pass': 'PAYDESK_SANDBOX_CASHOUT_PASS',
  'cashout-secret': 'PAYDESK_SANDBOX_CASHOUT_SECRET',
  'allow-ip': 'PAYDESK_SANDBOX_ALLOW_IP',
  'clock-skew-ms': 'PAYDESK_SANDBOX_CLOCK_SKEW_MS',
  'notification-retry-ms': 'PAYDESK_SANDBOX_NOTIFICATION_RETRY_MS',
  log: 'PAYDESK_SANDBOX_LOG',
};

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, `--${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `--${name} must be between ${min} and ${max}`);

const ipText = z.union([z.ipv4(), z.ipv6()], '--allow-ip must be an IPv4 or IPv6 address');

const cliSchema = z.object({
  port: integerText('port', 0, 65535).optional(),
  host: z
    .string()
    .refine(
      (host) => host === 'localhost' || isLoopback(host),
      '--host must be a loopback address (the sandbox never listens beyond this machine)',
    )
    .optional(),
  seed: integerText('seed', 0, 0xffffffff).optional(),
  'allow-ip': z.array(ipText).optional(),
  'clock-skew-ms': integerText('clock-skew-ms', -10 * 366 * 86_400_000, 10 * 366 * 86_400_000).optional(),
  'notification-retry-ms': integerText('notification-retry-ms', 1, 3_600_000).optional(),
  log: z.boolean().optional(),
});

const CREDENTIAL_FLAGS = {
  'api-key': 'apiKey',
  'api-secret': 'apiSecret',
  'readonly-key': 'readOnlyKey',
  'cashout-login': 'cashoutLogin',
  'cashout-pass': 'cashoutPass',
  'cashout-secret': 'cashoutSecret',
} as const;

export type CliParse =
  | { kind: 'help' }
  | { kind: 'run'; options: SandboxOptions; json: boolean }
  | { kind: 'error'; message: string };

/** Flags and environment to sandbox options; pure, so it is tested without a process. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliParse {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    values = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : 'invalid arguments' };
  }
  if (values.help === true) return { kind: 'help' };

  const merged: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(FLAGS) as Array<
    [keyof typeof FLAGS, (typeof FLAGS)[keyof typeof FLAGS]]
  >) {
    const envName = ENV[name];
    const fromEnv = envName !== undefined ? env[envName] : undefined;
    if (values[name] !== undefined) {
      merged[name] = values[name];
    } else if (fromEnv !== undefined && fromEnv !== '') {
      if (flag.type === 'boolean') merged[name] = fromEnv === '1' || fromEnv.toLowerCase() === 'true';
      else if ('multiple' in flag)
        merged[name] = fromEnv
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      else merged[name] = fromEnv;
    }
  }

  const parsed = cliSchema.safeParse(merged);
  if (!parsed.success)
    return { kind: 'error', message: parsed.error.issues[0]?.message ?? 'invalid arguments' };
  const credentials: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(CREDENTIAL_FLAGS)) {
    if (typeof merged[flag] === 'string') credentials[field] = merged[flag];
  }
  const checkedCredentials = credentialOverridesSchema.safeParse(credentials);
  if (!checkedCredentials.success) {
    const issue = checkedCredentials.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const flag = Object.entries(CREDENTIAL_FLAGS).find(([, name]) => name === field)?.[0] ?? field;
    return { kind: 'error', message: `--${flag} ${issue?.message ?? 'is invalid'}` };
  }
  const value = parsed.data;
  return {
    kind: 'run',
    json: values.json === true,
    options: {
      port: value.port ?? 4010,
      ...(value.host !== undefined ? { host: value.host } : {}),
      ...(value.seed !== undefined ? { seed: value.seed } : {}),
      credentials: checkedCredentials.data,
      ...(value['allow-ip'] !== undefined ? { allowIps: value['allow-ip'] } : {}),
      ...(value['clock-skew-ms'] !== undefined ? { clockSkewMs: value['clock-skew-ms'] } : {}),
      ...(value['notification-retry-ms'] !== undefined
        ? { notificationRetryBaseMs: value['notification-retry-ms'] }
        : {}),
      logger: value.log ?? false,
    },
  };
}

function describe(handle: SandboxHandle): string {
  const width = Math.max(...Object.keys(handle.credentials).map((name) => name.length));
  return [
    `Paydesk sandbox listening on ${handle.baseUrl}`,
    `  control API   ${handle.controlUrl}`,
    `  seed          ${handle.seed}`,
    'Credentials',
    ...Object.entries(handle.credentials).map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
    'Stop with Ctrl+C.',
  ].join('\n');
}

async function main(): Promise<void> {
  const parsed = parseCli(process.argv.slice(2), process.env);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`paydesk sandbox: ${parsed.message}\nRun with --help to see the options.\n`);
    process.exitCode = 2;
    return;
  }
  let handle: SandboxHandle;
  try {
    handle = await startSandbox(parsed.options);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${parsed.options.port} is already in use`
        : error instanceof Error
          ? error.message
          : 'unknown error';
    process.stderr.write(`paydesk sandbox: could not start: ${reason}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    parsed.json
      ? `${JSON.stringify({ baseUrl: handle.baseUrl, controlUrl: handle.controlUrl, seed: handle.seed, credentials: handle.credentials })}\n`
      : `${describe(handle)}\n`,
  );
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`paydesk sandbox: ${signal}, stopping\n`);
    void handle.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Run only as the entry script, so tests can import parseCli.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
