import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildRenderer } from './build-renderer';
import type { ConsoleSetup } from '../../shared/contract';
import { startWebBridge, WEB_VAULT_SERVICE, type WebBridgeOptions } from './start';

/**
 * `npm run web`: the console in a browser, for development and the e2e tests (never packaged).
 * Builds the renderer, serves it on 127.0.0.1 with the real console runtime behind a
 * token-guarded WebSocket, prints the URL to open, and runs until SIGINT or SIGTERM. Bad flags:
 * a message on stderr and exit code 2.
 */

const USAGE = `Usage: npm run web -- [options]

  --port <n>              port on 127.0.0.1 (default 0: a free one)
  --no-build              serve the renderer already built in --renderer-dir
  --build-only            build the renderer into --renderer-dir and exit
  --renderer-dir <dir>    where the built renderer is (default out/renderer)
  --data-dir <dir>        settings and audit journal folder (default: a temp folder, removed on exit)
  --vault-service <name>  OS keychain service name (default ${WEB_VAULT_SERVICE}, never the app's own)
  --memory-vault          keep credentials in memory only (nothing reaches the OS keychain)
  --seed <n>              seed of the embedded sandbox (its credentials and records)
  --json                  print {url, port, dataDir} as one JSON line (for test harnesses)
  --help                  show this help
`;

const FLAGS = {
  port: { type: 'string' },
  'no-build': { type: 'boolean' },
  'build-only': { type: 'boolean' },
  'renderer-dir': { type: 'string' },
  'data-dir': { type: 'string' },
  'vault-service': { type: 'string' },
  'memory-vault': { type: 'boolean' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `--${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `--${name} must be between ${min} and ${max}`);

const flagsSchema = z
  .object({
    port: integerText('port', 0, 65535).optional(),
    'no-build': z.boolean().optional(),
    'build-only': z.boolean().optional(),
    'renderer-dir': z.string().min(1, '--renderer-dir must not be empty').optional(),
    'data-dir': z.string().min(1, '--data-dir must not be empty').optional(),
    'vault-service': z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, '--vault-service takes letters, digits, dots, dashes and underscores')
      .optional(),
    'memory-vault': z.boolean().optional(),
    seed: integerText('seed', 0, 0xffffffff).optional(),
    json: z.boolean().optional(),
    help: z.boolean().optional(),
  })
  .refine(
    (flags) => !(flags['no-build'] && flags['build-only']),
    '--no-build and --build-only exclude each other',
  )
  .refine(
    (flags) => !(flags['memory-vault'] && flags['vault-service']),
    '--memory-vault and --vault-service exclude each other',
  );

export type WebCommand =
  | { kind: 'help' }
  | { kind: 'build'; rendererDir: string }
  | { kind: 'serve'; options: WebBridgeOptions; json: boolean };

/** Flags → what to do, or the message for a usage error. */
export function parseWebArgs(
  argv: readonly string[],
): { ok: true; command: WebCommand } | { ok: false; message: string } {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const parsed = flagsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'bad flags' };
  const flags = parsed.data;
  if (flags.help) return { ok: true, command: { kind: 'help' } };
  const rendererDir = flags['renderer-dir'] === undefined ? undefined : resolve(flags['renderer-dir']);
  if (flags['build-only'])
    return { ok: true, command: { kind: 'build', rendererDir: rendererDir ?? resolve('out/renderer') } };
  const options: WebBridgeOptions = {
    build: !flags['no-build'],
    vault: flags['memory-vault'] ? 'memory' : 'keychain',
    ...(flags.port !== undefined && { port: flags.port }),
    ...(rendererDir !== undefined && { rendererDir }),
    ...(flags['data-dir'] !== undefined && { dataDir: resolve(flags['data-dir']) }),
    ...(flags['vault-service'] !== undefined && { vaultService: flags['vault-service'] }),
    ...(flags.seed !== undefined && { sandboxSeed: flags.seed }),
    ...(flags.json && { quiet: true }),
  };
  return { ok: true, command: { kind: 'serve', options, json: flags.json ?? false } };
}

/**
 * What a first run must not learn too late, printed under the URL: the page says the same
 * (renderer/src/shell/StartNotes.tsx), each with the flag that changes it.
 */
export function startNotes(setup: ConsoleSetup, keychainProblem: string | null): string[] {
  const notes: string[] = [];
  if (setup.dataFolderTemporary) {
    notes.push(
      'Note: the data folder is temporary. The audit journal, settings and drafts are deleted when this',
      '  stops (Ctrl-C). To keep them, start with --data-dir <folder>: npm run web -- --data-dir ~/paydesk-data',
    );
  }
  if (setup.keychain === 'unavailable') {
    if (notes.length > 0) notes.push('');
    notes.push(
      `Note: the OS keychain cannot be used${keychainProblem ? ` (${keychainProblem.replace(/\.$/, '')})` : ''}.`,
      '  Credentials cannot be stored, and drafts are kept only until this stops. Start a Secret Service',
      '  (README, "Linux desktop"), or start with --memory-vault to keep credentials in memory for this',
      '  run: npm run web -- --memory-vault',
    );
  }
  return notes;
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseWebArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`npm run web: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  const { command } = parsed;
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command.kind === 'build') {
    await buildRenderer(command.rendererDir, { quiet: true });
    return 0;
  }

  const bridge = await startWebBridge(command.options);
  const notes = startNotes(bridge.setup, bridge.keychainProblem);
  if (command.json) {
    process.stdout.write(
      `${JSON.stringify({ url: bridge.url, port: bridge.port, dataDir: bridge.dataDir, setup: bridge.setup })}\n`,
    );
    // stdout stays one JSON line for harnesses; a person reading the terminal still sees these.
    if (notes.length > 0) process.stderr.write(`${notes.join('\n')}\n`);
  } else {
    process.stdout.write(
      [
        '',
        `Paydesk (browser build) is running. Open:`,
        '',
        `  ${bridge.url}`,
        '',
        `Data folder: ${bridge.dataDir}${command.options.dataDir ? '' : ' (temporary, removed on exit)'}`,
        `Credentials: ${bridge.vault === 'memory' ? 'in memory only' : `OS keychain, service "${bridge.vaultService}"${bridge.setup.keychain === 'unavailable' ? ' (cannot be used: see below)' : ''}`}`,
        'The URL carries the access token: share it with nobody. Ctrl-C stops.',
        '',
        ...notes,
        ...(notes.length > 0 ? [''] : []),
      ].join('\n'),
    );
  }

  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await bridge.close();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`npm run web: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
