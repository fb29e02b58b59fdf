import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxHandle } from '../../main/sandbox';
import { FULL_PAYER, SEEDED, expect, test, unwrap } from './fixtures';
import { cliVariables } from '../support/cli-variables';
import { runPaydeskBin } from '../support/paydesk-bin';

/**
 * The `paydesk` CLI as a real child process (the bin: node + tsx loader) with PAYDESK_BASE_URL
 * and the six credential variables pointing at the real sandbox: every command once, its exit
 * code (0 ok, 1 refused, 2 bad input, 3 network) and output, and no secret on stdout or stderr.
 */

// Each test spawns processes (about a second of module loading each, more on a busy machine):
// spread them over the workers (every worker has its own sandbox, reset before each test).
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let dataDir: string;
test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-contract-cli-'));
});
test.afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** The process environment of a CLI run: nothing of the test runner's PAYDESK_* leaks in. */
function environment(sandbox: SandboxHandle, overrides: Record<string, string> = {}): Record<string, string> {
  const { credentials } = sandbox;
  return {
    PATH: process.env.PATH ?? '',
    // A private home and data folder: the CLI may keep settings and an audit journal there.
    HOME: dataDir,
    XDG_CONFIG_HOME: join(dataDir, 'config'),
    PAYDESK_DATA_DIR: join(dataDir, 'paydesk'),
    ...(process.env.DBUS_SESSION_BUS_ADDRESS && {
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    }),
    ...cliVariables(sandbox.baseUrl, credentials),
    ...overrides,
  };
}

/** No credential value, no D1 Authorization and no 64-hex signature on either stream. */
function expectNoSecret(run: Run, sandbox: SandboxHandle): void {
  const output = `${run.stdout}\n${run.stderr}`;
  for (const [field, secret] of Object.entries(sandbox.credentials)) {
    expect(output, `${field} must not be printed`).not.toContain(secret);
  }
  expect(output).not.toMatch(/SVC [0-9a-f]{64}/);
  expect(output).not.toMatch(/\b[0-9a-f]{64}\b/);
}

/** A successful run: exit 0, nothing on stderr, no secret anywhere. */
function expectOk(run: Run, sandbox: SandboxHandle): void {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expectNoSecret(run, sandbox);
}

/** `--json` output. */
const json = <T>(run: Run): T => JSON.parse(run.stdout) as T;

/** A failure with --json: one JSON line on stderr naming the error kind. */
function failure(run: Run): { kind: string; code?: number; httpStatus?: number } {
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  return (JSON.parse(run.stderr) as { error: { kind: string; code?: number; httpStatus?: number } }).error;
}

test('deposits get <id>', async ({ sandbox }) => {
  const run = await runPaydeskBin(
    ['deposits', 'get', String(SEEDED.earlyReleasedDeposit)],
    environment(sandbox),
  );
  expectOk(run, sandbox);
  // Human output: one `key: value` line per field, nested fields dotted.
  expect(run.stdout).toMatch(new RegExp(`^deposit_id: ${SEEDED.earlyReleasedDeposit}$`, 'm'));
  expect(run.stdout).toMatch(/^status: EARLY RELEASED$/m);
  expect(run.stdout).toMatch(/^payer\.email: \S+@example\.com$/m);
});

test('deposits create --body <file>', async ({ sandbox, client }) => {
  const bodyFile = join(dataDir, 'deposit.json');
  await writeFile(
    bodyFile,
    JSON.stringify({ amount: 45.5, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' }),
    'utf8',
  );
  const fromFile = await runPaydeskBin(['deposits', 'create', '--body', bodyFile], environment(sandbox));
  expectOk(fromFile, sandbox);
  expect(fromFile.stdout).toMatch(/^checkout_type: ONE_SHOT$/m);
  expect(fromFile.stdout).toMatch(/^payment_info\.metadata\.bar_code: \d{44}$/m);
  expect(fromFile.stdout).toMatch(/^# idempotency key: [0-9a-f-]{36}$/m);
  const depositId = Number(/^deposit_id: (\d+)$/m.exec(fromFile.stdout)?.[1]);
  expect(unwrap(await client.getDeposit(depositId)).record.status).toBe('PENDING');
});

test('refunds get <id>', async ({ sandbox }) => {
  const run = await runPaydeskBin(
    ['refunds', 'get', String(SEEDED.completedRefund), '--json'],
    environment(sandbox),
  );
  expectOk(run, sandbox);
  expect(json(run)).toEqual({
    deposit_id: SEEDED.completedBankDeposit,
    merchant_invoice_id: `INV-${SEEDED.completedBankDeposit}`,
    status: 'COMPLETED',
    amount: expect.any(Number),
  });
});

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, branch: '3064', account_number: '12345678-9' };

test('refunds create --deposit-id --invoice-id --amount [--bank-account-file] [--comments]', async ({
  sandbox,
  client,
}) => {
  const bankAccount = join(dataDir, 'bank-account.json');
  await writeFile(bankAccount, JSON.stringify(BANK_ACCOUNT));
  const argv = (file: string, amount: string): string[] => [
    'refunds',
    'create',
    '--deposit-id',
    String(SEEDED.completedBankDeposit),
    '--invoice-id',
    `INV-${SEEDED.completedBankDeposit}`,
    '--amount',
    amount,
    '--bank-account-file',
    file,
    '--comments',
    'contract test',
    '--json',
  ];
  // From a file, then from stdin (`-`): the bank details never appear among the arguments.
  const fromFile = await runPaydeskBin(argv(bankAccount, '12.34'), environment(sandbox));
  expectOk(fromFile, sandbox);
  const fromStdin = await runPaydeskBin(argv('-', '1.5'), environment(sandbox), JSON.stringify(BANK_ACCOUNT));
  expectOk(fromStdin, sandbox);
  for (const [run, amount] of [
    [fromFile, 12.34],
    [fromStdin, 1.5],
  ] as const) {
    const { refund_id } = json<{ refund_id: number }>(run);
    expect(unwrap(await client.getRefund(refund_id)).record).toMatchObject({
      deposit_id: SEEDED.completedBankDeposit,
      status: 'PENDING',
      amount,
    });
  }
});

test('refunds create --bank-account <json> is refused (exit 2) naming --bank-account-file; nothing made', async ({
  sandbox,
}) => {
  const run = await runPaydeskBin(
    [
      'refunds',
      'create',
      '--deposit-id',
      String(SEEDED.completedBankDeposit),
      '--invoice-id',
      `INV-${SEEDED.completedBankDeposit}`,
      '--amount',
      '1',
      '--bank-account',
      JSON.stringify(BANK_ACCOUNT),
    ],
    environment(sandbox),
  );
  expect(run).toMatchObject({ code: 2, stdout: '' });
  expect(run.stderr).toContain('give --bank-account-file <path>');
  expect(run.stderr).not.toContain(BANK_ACCOUNT.account_number);
  // Refused before the console opened: no intent was journaled, so no refund can have been sent.
  expect(await readdir(join(dataDir, 'paydesk')).catch(() => [] as string[])).not.toContain('audit');
});

test('cashouts status --external-id', async ({ sandbox }) => {
  const byExternal = await runPaydeskBin(
    ['cashouts', 'status', '--external-id', SEEDED.rejectedCashout.externalId, '--json'],
    environment(sandbox),
  );
  expectOk(byExternal, sandbox);
  expect(json(byExternal)).toMatchObject({ cashout_status: 3, rejection_code: expect.any(Number) });
});

test('cashouts cancel --cashout-id --external-id --yes; again: refused, exit 1 invalid_state', async ({
  sandbox,
  client,
}) => {
  const argv = [
    'cashouts',
    'cancel',
    '--cashout-id',
    String(SEEDED.pendingCashout.cashoutId),
    '--external-id',
    SEEDED.pendingCashout.externalId,
    '--yes',
    '--json',
  ];
  const run = await runPaydeskBin(argv, environment(sandbox));
  expectOk(run, sandbox);
  expect(json(run)).toEqual({ cashout_status: 2, cashout_status_description: 'Canceled' });
  expect(unwrap(await client.getCashoutStatus(SEEDED.pendingCashout)).record.cashout_status).toBe(2);

  const again = await runPaydeskBin(argv, environment(sandbox));
  expect(again.code).toBe(1);
  expect(failure(again).kind).toBe('invalid_state');
  expectNoSecret(again, sandbox);
});

test('payment-methods <country>', async ({ sandbox }) => {
  const run = await runPaydeskBin(['payment-methods', 'BR', '--json'], environment(sandbox));
  expectOk(run, sandbox);
  const methods = json<Array<{ country: string; code: string; type: string }>>(run);
  expect(methods.map((method) => method.code)).toEqual(expect.arrayContaining(['IX', 'BB', 'CA']));
  for (const method of methods) expect(method.country).toBe('BR');
});

test('banks <country>', async ({ sandbox }) => {
  const run = await runPaydeskBin(['banks', 'MX'], environment(sandbox));
  expectOk(run, sandbox);
  // Human output of a list: one block per bank.
  expect(run.stdout).toMatch(/^code: \d+\nname: .+$/m);
  expect(run.stdout.split('\n\n').length).toBeGreaterThan(1);
});

test('crypto-quote --currency --amount --crypto', async ({ sandbox }) => {
  const run = await runPaydeskBin(
    ['crypto-quote', '--currency', 'USD', '--amount', '50', '--crypto', 'USDT', '--json'],
    environment(sandbox),
  );
  expectOk(run, sandbox);
  const quote = json<{ fx_rate: number; converted_amount: number; fee: number }>(run);
  expect(quote.converted_amount * quote.fx_rate).toBeCloseTo(50, 2);
  expect(typeof quote.fee).toBe('number');
});

test('states <country> (D15)', async ({ sandbox }) => {
  const [human, asJson] = await Promise.all([
    runPaydeskBin(['states', 'BR'], environment(sandbox)),
    runPaydeskBin(['states', 'BR', '--json'], environment(sandbox)),
  ]);
  expectOk(human, sandbox);
  expect(human.stdout).toMatch(/^iso: SP\nname: São Paulo$/m);
  expectOk(asJson, sandbox);
  const states = json<Array<{ iso: string; name: string }>>(asJson);
  expect(states).toHaveLength(27);
  expect(states).toContainEqual({ iso: 'SP', name: 'São Paulo' });
});

test('fx-quote --country --amount (D15)', async ({ sandbox }) => {
  const run = await runPaydeskBin(
    ['fx-quote', '--country', 'MX', '--amount', '10', '--json'],
    environment(sandbox),
  );
  expectOk(run, sandbox);
  const quote = json<{ fx_rate: number; currency: string; converted_amount: number; fee: number }>(run);
  expect(quote.currency).toBe('MXN');
  expect(quote.converted_amount).toBeCloseTo(10 * quote.fx_rate, 2);
  expect(typeof quote.fee).toBe('number');
});

test('states and fx-quote refusals: bad input → 2 before any call; a country not served → 1', async ({
  sandbox,
}) => {
  const [badCountry, badAmount, noAmount, unknownCountry, unknownQuoteCountry] = await Promise.all([
    runPaydeskBin(['states', 'br', '--json'], environment(sandbox)),
    runPaydeskBin(['fx-quote', '--country', 'BR', '--amount', '-5', '--json'], environment(sandbox)),
    runPaydeskBin(['fx-quote', '--country', 'BR'], environment(sandbox)),
    runPaydeskBin(['states', 'US', '--json'], environment(sandbox)),
    runPaydeskBin(['fx-quote', '--country', 'US', '--amount', '5', '--json'], environment(sandbox)),
  ]);
  expect(badCountry.code).toBe(2);
  expect(failure(badCountry).kind).toBe('validation');
  expect(badAmount.code).toBe(2);
  expect(failure(badAmount)).not.toHaveProperty('httpStatus');
  expect(noAmount.code).toBe(2);
  expect(noAmount.stderr).toMatch(/--amount/);
  for (const run of [unknownCountry, unknownQuoteCountry]) {
    expect(run.code).toBe(1);
    expect(failure(run)).toMatchObject({ kind: 'validation', httpStatus: 400 });
    expectNoSecret(run, sandbox);
  }
});

test('sub-merchants get <id>', async ({ sandbox }) => {
  const run = await runPaydeskBin(
    ['sub-merchants', 'get', String(SEEDED.activeSubMerchant), '--json'],
    environment(sandbox),
  );
  expectOk(run, sandbox);
  expect(json(run)).toMatchObject({ sub_merchant_id: SEEDED.activeSubMerchant, status: 'ACTIVE' });
});

test('refusals: unknown id → 1 not_found; bad id → 2; wrong secret or pass → 1; nothing secret printed', async ({
  sandbox,
}) => {
  const [unknown, badId, wrongSecret, wrongPass] = await Promise.all([
    runPaydeskBin(['refunds', 'get', '999999'], environment(sandbox)),
    runPaydeskBin(['deposits', 'get', 'abc', '--json'], environment(sandbox)),
    runPaydeskBin(
      ['deposits', 'get', String(SEEDED.completedCardDeposit), '--json'],
      environment(sandbox, { PAYDESK_API_SECRET: 'a-wrong-but-secret-value' }),
    ),
    runPaydeskBin(
      ['cashouts', 'status', '--cashout-id', String(SEEDED.pendingCashout.cashoutId), '--json'],
      environment(sandbox, { PAYDESK_CASHOUT_PASS: 'wrong-cashout-pass' }),
    ),
  ]);
  expect(unknown.code).toBe(1);
  expect(unknown.stdout).toBe('');
  expect(unknown.stderr).toMatch(/^paydesk: not_found: .*\n$/);

  expect(badId.code).toBe(2);
  expect(failure(badId).kind).toBe('validation');

  expect(wrongSecret.code).toBe(1);
  expect(failure(wrongSecret)).toMatchObject({ kind: 'signature', code: 102, httpStatus: 400 });
  expect(wrongSecret.stderr).not.toContain('a-wrong-but-secret-value');

  expect(wrongPass.code).toBe(1);
  expect(failure(wrongPass)).toMatchObject({ kind: 'auth', code: 401, httpStatus: 401 });
  expect(wrongPass.stderr).not.toContain('wrong-cashout-pass');

  for (const run of [unknown, badId, wrongSecret, wrongPass]) expectNoSecret(run, sandbox);
});

test('a service that cannot be reached → exit 3 network', async ({ sandbox }) => {
  // A port that was just free: nothing listens there any more.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const run = await runPaydeskBin(
    ['banks', 'BR', '--json'],
    environment(sandbox, { PAYDESK_BASE_URL: `http://127.0.0.1:${port}` }),
  );
  expect(run.code).toBe(3);
  expect(failure(run).kind).toBe('network');
  expectNoSecret(run, sandbox);
});
