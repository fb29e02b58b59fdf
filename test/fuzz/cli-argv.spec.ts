import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_KINDS } from '../../shared/contract';
import { cliVariables } from '../support/cli-variables';
import { createMemoryBackend } from '../../main/core/vault';
import { SEEDED_RECORDS, startSandbox, type SandboxHandle } from '../../main/sandbox';
import { fuzzRuns } from './support/channel-inputs';
import { EDGE_NUMBERS, EDGE_TEXTS, hugeText, unicodeText } from './support/hostile-values';
import { failOnProblems } from './support/property-check';
import { runCliInProcess, type CliRun } from '../support/in-process-cli';

/**
 * Random command lines through runCli, in-process, against the real
 * sandbox (PAYDESK_BASE_URL and the six credential variables). Whatever the words, flags and
 * values: runCli resolves to a documented exit code (never throws, never "Unexpected failure"),
 * a failure says why on stderr (one JSON line with a known kind under --json), no credential
 * value is printed, and afterwards the audit journal that the mutations wrote still verifies.
 */

/** 1,000 command lines in `npm test` (a few seconds); PAYDESK_FUZZ_RUNS for more. */
const RUNS = fuzzRuns(1_000);
const EXIT_CODES = new Set([0, 1, 2, 3, 130]);

let sandbox: SandboxHandle;
let dataDir: string;
let bodyFile: string;
let idsFile: string;

test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-fuzz-'));
  bodyFile = join(dataDir, 'body.json');
  idsFile = join(dataDir, 'ids.txt');
  await writeFile(
    bodyFile,
    JSON.stringify({ amount: 10, currency: 'BRL', country: 'BR', invoice_id: 'F-1' }),
  );
  await writeFile(
    idsFile,
    `${SEEDED_RECORDS.completedCardDeposit}\n${SEEDED_RECORDS.pendingVoucherDeposit}\nx\n`,
  );
});
test.afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const secrets = (): string[] => Object.values(sandbox.credentials).filter((value) => value.length >= 6);

const variables = (): Record<string, string> => ({
  PAYDESK_DATA_DIR: dataDir,
  ...cliVariables(sandbox.baseUrl, sandbox.credentials),
});

async function cli(argv: readonly string[], stdin: string): Promise<CliRun> {
  return runCliInProcess(
    argv,
    { env: variables(), stdin },
    {
      client: { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 }, timeoutMs: 2_000 },
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli-fuzz' },
      sandbox: false,
    },
  );
}

/** Command words as the CLI knows them, and a few it does not. */
const COMMANDS: readonly (readonly string[])[] = [
  ['deposits', 'get'],
  ['deposits', 'create'],
  ['refunds', 'get'],
  ['refunds', 'create'],
  ['cashouts', 'status'],
  ['cashouts', 'cancel'],
  ['payment-methods'],
  ['banks'],
  ['crypto-quote'],
  ['states'],
  ['fx-quote'],
  ['sub-merchants', 'get'],
  ['env', 'list'],
  ['env', 'add'],
  ['env', 'use'],
  ['env', 'credentials'],
  ['env', 'set-credential'],
  ['env', 'clear-credential'],
  ['env', 'doctor'],
  ['audit', 'verify'],
  ['audit', 'export'],
  ['audit', 'unresolved'],
  ['batch'],
  ['help'],
  [],
  ['deposit'],
  ['--', 'deposits'],
];

/** Every option any command takes (`--out` is left out: it writes where it is told). */
const OPTIONS: readonly string[] = [
  '--json',
  '--env',
  '--body',
  '--yes',
  '--reason',
  '--idempotency-key',
  '--deposit-id',
  '--invoice-id',
  '--amount',
  '--bank-account',
  '--bank-account-file',
  '--comments',
  '--notification-url',
  '--cashout-id',
  '--external-id',
  '--currency',
  '--crypto',
  '--country',
  '--name',
  '--kind',
  '--base-url',
  '--color',
  '--csv',
  '--action',
  '--state',
  '--from',
  '--to',
  '--concurrency',
  '--rate',
  '-h',
  '--help',
  '--unknown-flag',
];

/** Values a staff member would type: seeded ids, countries, kinds, files. */
const plausibleValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      String(SEEDED_RECORDS.completedCardDeposit),
      String(SEEDED_RECORDS.pendingVoucherDeposit),
      String(SEEDED_RECORDS.completedRefund),
      String(SEEDED_RECORDS.pendingCashout),
      'BR',
      'MX',
      'br',
      'USDT',
      'BRL',
      '10.50',
      'deposit',
      'refund',
      'cashout',
      'local-sandbox',
      'testing',
      'production',
      'api_key',
      'cashout_pass',
      '-',
      '{"beneficiary":"A"}',
      'https://example.invalid/hook',
      '2024-03-01T00:00:00Z',
    ),
    fc.constantFrom(bodyFile, idsFile, '-'),
  );

const word = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...OPTIONS) },
    { weight: 3, arbitrary: plausibleValue() },
    { weight: 1, arbitrary: fc.constantFrom(bodyFile, idsFile, join(dataDir, 'missing.json'), dataDir) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS).map(String) },
    { weight: 2, arbitrary: unicodeText },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

/**
 * Command lines the parser accepts, each slot holding what a staff member would type there four
 * times in five and a fuzzed word otherwise: these reach the id checks, the pre-flight reads, the
 * journal and the sandbox, where random words mostly stop at the parser.
 */
const shapedLine = (): fc.Arbitrary<string[]> => {
  const slot = (...typical: [string, ...string[]]): fc.Arbitrary<string> =>
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...typical) }, { weight: 1, arbitrary: word() });
  const deposit = slot(
    String(SEEDED_RECORDS.completedCardDeposit),
    String(SEEDED_RECORDS.pendingVoucherDeposit),
    String(SEEDED_RECORDS.refundedBankDeposit),
    '999999999',
  );
  const cashout = slot(String(SEEDED_RECORDS.pendingCashout), '1');
  const country = slot('BR', 'MX', 'CL', 'ZZ');
  const amount = slot('1', '10.50', '0.01', '100000');
  const text = slot('a', 'INV-1', 'payout-7781', '');
  return fc.oneof(
    deposit.map((id) => ['deposits', 'get', id]),
    slot(String(SEEDED_RECORDS.completedRefund), String(SEEDED_RECORDS.deliveredRefund), '5').map((id) => [
      'refunds',
      'get',
      id,
    ]),
    slot(String(SEEDED_RECORDS.activeSubMerchant), String(SEEDED_RECORDS.inactiveSubMerchant)).map((id) => [
      'sub-merchants',
      'get',
      id,
    ]),
    country.map((code) => ['payment-methods', code]),
    country.map((code) => ['banks', code]),
    country.map((code) => ['states', code]),
    fc.tuple(country, amount).map(([code, value]) => ['fx-quote', '--country', code, '--amount', value]),
    fc
      .tuple(slot('USD', 'BRL'), amount, slot('USDT', 'BTC', 'XYZ'))
      .map(([currency, value, crypto]) => [
        'crypto-quote',
        '--currency',
        currency,
        '--amount',
        value,
        '--crypto',
        crypto,
      ]),
    fc
      .tuple(cashout, text)
      .map(([cashoutId, externalId]) => [
        'cashouts',
        'status',
        '--cashout-id',
        cashoutId,
        '--external-id',
        externalId,
      ]),
    fc
      .tuple(cashout, text)
      .map(([cashoutId, externalId]) => [
        'cashouts',
        'cancel',
        '--cashout-id',
        cashoutId,
        '--external-id',
        externalId,
        '--yes',
      ]),
    fc
      .tuple(deposit, text, amount, text)
      .map(([depositId, invoiceId, value, comments]) => [
        'refunds',
        'create',
        '--deposit-id',
        depositId,
        '--invoice-id',
        invoiceId,
        '--amount',
        value,
        '--comments',
        comments,
      ]),
    fc
      .tuple(slot(bodyFile, '-'), slot('5f0c7a52-3f8e-4d52-9a51-0f8f6b1f2d11'))
      .map(([body, key]) => ['deposits', 'create', '--body', body, '--idempotency-key', key]),
    fc
      .tuple(
        text,
        slot('testing', 'production', 'local-sandbox'),
        slot('https://api.example.invalid', 'http://127.0.0.1:9'),
      )
      .map(([name, kind, baseUrl]) => ['env', 'add', '--name', name, '--kind', kind, '--base-url', baseUrl]),
    fc
      .tuple(slot('local-sandbox', 'testing'), slot('api_key', 'cashout_pass', 'apiSecret'))
      .map(([environment, field]) => ['env', 'set-credential', environment, field]),
    fc
      .tuple(
        slot('deposit.create', 'refund.create'),
        slot('2024-03-01T00:00:00Z'),
        slot('2099-01-01T00:00:00Z'),
      )
      .map(([action, from, to]) => ['audit', 'export', '--action', action, '--from', from, '--to', to]),
    fc
      .tuple(slot('deposits', 'refunds', 'cashouts'), slot('4', '32', '0'), slot('1000', '1'))
      .map(([kind, concurrency, rate]) => [
        'batch',
        kind,
        idsFile,
        '--concurrency',
        concurrency,
        '--rate',
        rate,
      ]),
  );
};

/** Stdin for the commands that read it (a deposit body with --body -, a credential value). */
const stdinText = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{}', '[]', 'null', 'sk_live_x\n', '{"amount":1,"currency":"BRL","country":"BR"}'),
  unicodeText,
);

/** Built once the data folder exists (file arguments point into it). */
const commandLine = () =>
  fc
    .tuple(
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...COMMANDS), fc.array(word(), { maxLength: 8 }))
          .map(([command, rest]) => [...command, ...rest]),
        shapedLine(),
      ),
      fc.boolean(),
      stdinText,
    )
    .map(([line, json, stdin]) => ({ argv: [...(json ? ['--json'] : []), ...line], stdin }));

function printedJsonAnswer(stdout: string): boolean {
  try {
    JSON.parse(stdout);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with one run; empty when it behaved. */
function problems(argv: readonly string[], run: CliRun): string[] {
  const found: string[] = [];
  if (!EXIT_CODES.has(run.code)) found.push(`exit code ${run.code}`);
  if (run.stderr.includes('Unexpected failure')) found.push(`unexpected failure: ${run.stderr}`);
  if (run.code !== 0 && run.stderr.trim() === '') found.push('failed without a word on stderr');
  for (const secret of secrets()) {
    if (run.stdout.includes(secret) || run.stderr.includes(secret))
      found.push('a credential value was printed');
  }
  // Under --json a failure ends in a JSON error line, unless the answer itself was printed (a
  // batch prints its document and sets the exit code from the rows, main/cli/README.md).
  if (argv.includes('--json') && run.code !== 0 && !printedJsonAnswer(run.stdout)) {
    const last = run.stderr.trimEnd().split('\n').at(-1) ?? '';
    try {
      const line = JSON.parse(last) as { error?: { kind?: unknown } };
      if (!(ERROR_KINDS as readonly unknown[]).includes(line.error?.kind))
        found.push(`unknown kind: ${last}`);
    } catch {
      found.push(`--json failure line is not JSON: ${last.slice(0, 200)}`);
    }
  }
  return found;
}

test(`runCli: ${RUNS} random command lines against the sandbox, documented exit codes, typed failures, no credential printed`, async () => {
  test.setTimeout(240_000 + RUNS * 200);
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(commandLine(), async ({ argv, stdin }) => {
      const run = await cli(argv, stdin);
      codes.set(run.code, (codes.get(run.code) ?? 0) + 1);
      failOnProblems(problems(argv, run), () => JSON.stringify(argv));
    }),
    { numRuns: RUNS },
  );
  console.log(`cli argv fuzz: ${RUNS} runs, exit codes ${JSON.stringify(Object.fromEntries(codes))}`);

  // Whatever the fuzz created or refused, the journal it wrote is intact.
  const verified = await cli(['audit', 'verify'], '');
  expect(verified.code, verified.stderr).toBe(0);
});

test('runCli: enormous and control-character arguments are refused in words, not thrown', async () => {
  const huge = fc.sample(hugeText, 1)[0] ?? 'x'.repeat(1_000_000);
  for (const argv of [
    ['deposits', 'get', huge],
    ['--json', 'refunds', 'create', '--deposit-id', huge, '--amount', '1'],
    ['cashouts', 'status', '--external-id', 'a\u0000b'],
    ['deposits', 'create', '--body', `${dataDir}/\u0000.json`],
    ['batch', 'deposit', `${dataDir}/\u0000ids.txt`],
  ]) {
    const run = await cli(argv, '');
    expect(problems(argv, run), JSON.stringify(argv).slice(0, 200)).toEqual([]);
    expect(run.code, run.stderr).not.toBe(0);
  }
});
