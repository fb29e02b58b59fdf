import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBackend } from '../../../main/core/vault';
import { cliVariables } from '../../support/cli-variables';
import { runPaydeskBin } from '../../support/paydesk-bin';
import type { RecordedRequest, ServiceDouble } from '../../unit/payments/http-double';
import {
  CREDENTIALS,
  expectBearer,
  expectPayloadSigned,
  expectSigned,
  requestAt,
  sendEmpty,
  sendJson,
  startDouble,
} from '../../unit/payments/http-double';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../support/in-process-cli';

/** The headless CLI against a test double: every command, output formats, exit codes, no secrets. */

const ANSWERS: Record<string, unknown> = {
  'GET /v3/deposits/5': {
    deposit_id: 5,
    status: 'EARLY_RELEASED',
    amount: '10.50',
    payer: { email: 'ana@example.com' },
    extra_field: 'kept',
  },
  'POST /v3/deposits': { checkout_type: 'HOSTED', deposit_id: 6, redirect_url: 'https://pay.example/r/6' },
  'GET /v3/deposits/50': {
    deposit_id: 50,
    status: 'COMPLETED',
    invoice_id: 'INV-50',
    currency: 'BRL',
    local_amount: 100,
    payment_type: 'CREDIT_CARD',
  },
  'GET /v3/refunds/7': { deposit_id: 5, merchant_invoice_id: 'INV-5', status: 'PENDING', amount: 2 },
  'POST /v3/refunds': { refund_id: 8 },
  'POST /v3/cashout/status': { cashout_status: 0, cashout_status_description: 'Pending' },
  'DELETE /v3/cashout/cancel': { cashout_status: 2, cashout_status_description: 'Canceled' },
  'GET /v3/payment_methods': [
    { country: 'BR', code: 'IX', name: 'Pix', type: 'BANK_TRANSFER', status: 'OK', logo: 'https://l/ix.png' },
    { country: 'BR', code: 'BL', name: 'Boleto', type: 'VOUCHER', status: 'OK', logo: 'https://l/bl.png' },
  ],
  'GET /v3/banks': [{ code: 1, name: 'Banco A' }],
  'GET /v3/exchange_rates/crypto': { fx_rate: 5.1, converted_amount: 19.6, fee: 0.2 },
  'GET /sub_merchants/9': {
    sub_merchant_id: 9,
    sub_merchant_name: 'Shop',
    balance: { currency: 'USD', total: 3 },
  },
};

let service: ServiceDouble;
/** Each test's data folder (settings and audit journal), through PAYDESK_DATA_DIR. */
let dataDir: string;
/** Overrides the answer of the next requests: [status, body or undefined for empty]. */
let override: ((request: RecordedRequest) => [number, unknown] | 'destroy' | undefined) | undefined;

test.beforeEach(async () => {
  override = undefined;
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-data-'));
  service = await startDouble((request, response) => {
    const forced = override?.(request);
    if (forced === 'destroy') {
      response.socket?.destroy();
      return;
    }
    if (forced) {
      const [status, body] = forced;
      if (body === undefined) sendEmpty(response, status);
      else sendJson(response, status, body);
      return;
    }
    const answer = ANSWERS[`${request.method} ${request.path}`];
    if (answer === undefined)
      sendJson(response, 404, { code: 208, description: 'no route in the test double' });
    else sendJson(response, 200, answer);
  });
});
test.afterEach(async () => {
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

const environment = (): Record<string, string> => ({
  PAYDESK_DATA_DIR: dataDir,
  ...cliVariables(service.baseUrl, CREDENTIALS),
});

async function cli(
  argv: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  return runCliInProcess(
    argv,
    {
      env: { PAYDESK_DATA_DIR: dataDir, ...(options.env ?? environment()) },
      ...(options.stdin !== undefined && { stdin: options.stdin }),
    },
    {
      client: QUICK_CLIENT,
      vault: { backend: createMemoryBackend(), service: 'paydesk-test-cli' },
      sandbox: { seed: 42 },
    },
  );
}

/** A bank account as a JSON file, the way `--bank-account-file` takes it. */
async function bankAccountFile(account: Record<string, unknown>): Promise<string> {
  const path = join(dataDir, 'bank-account.json');
  await writeFile(path, JSON.stringify(account));
  return path;
}

const expectNoSecret = (run: CliRun): void => {
  for (const secret of Object.values(CREDENTIALS)) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
};

const expectOneErrorLine = (run: CliRun): void => {
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
};

test.describe('every command, human output', () => {
  test('deposits get <id>', async () => {
    const run = await cli(['deposits', 'get', '5']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      'deposit_id: 5\nstatus: EARLY RELEASED\namount: 10.5\npayer.email: ana@example.com\nextra_field: kept\n',
    );
    const request = requestAt(service, 0);
    expect([request.method, request.path]).toEqual(['GET', '/v3/deposits/5']);
    expectSigned(request, { post: false });
  });

  test('refunds get <id>', async () => {
    const run = await cli(['refunds', 'get', '7']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('status: PENDING\n');
    expectSigned(requestAt(service, 0), { post: false });
  });

  test('refunds create with every option', async () => {
    const bankAccount = {
      beneficiary: 'Ana Souza',
      bank_code: 1,
      branch: '0001',
      account_number: '12-3',
      account_type: 'SAVING',
    };
    const run = await cli([
      'refunds',
      'create',
      '--deposit-id',
      '50',
      '--invoice-id',
      'INV-50',
      '--amount',
      '2.50',
      '--bank-account-file',
      await bankAccountFile(bankAccount),
      '--comments',
      'partial',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^refund_id: 8\n# environment: PAYDESK_BASE_URL \(testing\)\n# idempotency key: [0-9a-f-]{36}\n# journal intent: [0-9a-f-]{36}\n$/,
    );
    // The pre-flight reads the deposit first (COMPLETED, amount within what is left).
    expect(requestAt(service, 0).path).toBe('/v3/deposits/50');
    const request = requestAt(service, 1);
    expect([request.method, request.path]).toEqual(['POST', '/v3/refunds']);
    expectSigned(request, { post: true });
    expect(JSON.parse(request.text)).toEqual({
      deposit_id: 50,
      invoice_id: 'INV-50',
      amount: 2.5,
      bank_account: bankAccount,
      comments: 'partial',
    });
  });

  test('refunds create --bank-account-file - reads the bank account from stdin', async () => {
    const bankAccount = { beneficiary: 'Ana Souza', bank_code: 1, branch: '0001', account_number: '12-3' };
    const run = await cli(
      [
        'refunds',
        'create',
        '--deposit-id',
        '50',
        '--invoice-id',
        'INV-50',
        '--amount',
        '2.50',
        '--bank-account-file',
        '-',
      ],
      { stdin: JSON.stringify(bankAccount) },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const request = requestAt(service, 1);
    expect([request.method, request.path]).toEqual(['POST', '/v3/refunds']);
    expect((JSON.parse(request.text) as { bank_account: unknown }).bank_account).toEqual(bankAccount);
  });

  test('refunds create --bank-account <json> (bank details on argv) is refused, naming the new flag', async () => {
    for (const argv of [
      ['--bank-account', JSON.stringify({ beneficiary: 'Ana Souza', account_number: '12-3' })],
      [`--bank-account=${JSON.stringify({ account_number: '12-3' })}`],
      ['--bank-account'],
    ]) {
      const run = await cli([
        'refunds',
        'create',
        '--deposit-id',
        '50',
        '--invoice-id',
        'INV-50',
        '--amount',
        '5',
        ...argv,
      ]);
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toBe(
        'paydesk: validation: --bank-account: bank details on the command line show in every process list, so this option is gone: put the JSON in a file and give --bank-account-file <path> (or --bank-account-file - to read it from stdin). [field --bank-account]\n',
      );
      // The refusal never repeats what was typed.
      expect(run.stderr).not.toContain('12-3');
    }
    expect(service.requests).toHaveLength(0);
    expect((await cli(['refunds', 'create', '--help'])).stdout).not.toMatch(/--bank-account\b(?!-file)/);
  });

  test('refunds create --bank-account-file: a file too large, not JSON, or not a bank account is refused; nothing sent', async () => {
    const large = join(dataDir, 'large.json');
    await writeFile(large, JSON.stringify({ beneficiary: 'x'.repeat(70 * 1024) }));
    const tooLarge = await cli([
      'refunds',
      'create',
      '--deposit-id',
      '50',
      '--invoice-id',
      'INV-50',
      '--amount',
      '5',
      '--bank-account-file',
      large,
    ]);
    expect(tooLarge.code).toBe(2);
    expect(tooLarge.stderr).toContain(
      `--bank-account-file: ${large} is larger than 64 KB; give a JSON file holding only the bank account`,
    );
    const fromStdin = await cli(
      [
        'refunds',
        'create',
        '--deposit-id',
        '50',
        '--invoice-id',
        'INV-50',
        '--amount',
        '5',
        '--bank-account-file',
        '-',
      ],
      { stdin: ' '.repeat(64 * 1024 + 1) },
    );
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.stderr).toContain('--bank-account-file: standard input is larger than 64 KB');
    const notJson = await cli(
      [
        'refunds',
        'create',
        '--deposit-id',
        '50',
        '--invoice-id',
        'INV-50',
        '--amount',
        '5',
        '--bank-account-file',
        '-',
      ],
      { stdin: '{"beneficiary": "Ana' },
    );
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--bank-account-file: is not valid JSON');
    const unknownField = await cli(
      [
        'refunds',
        'create',
        '--deposit-id',
        '50',
        '--invoice-id',
        'INV-50',
        '--amount',
        '5',
        '--bank-account-file',
        '-',
      ],
      { stdin: JSON.stringify({ iban: 'BR00' }) },
    );
    expect(unknownField.code).toBe(2);
    expect(unknownField.stderr).toContain('--bank-account-file.iban: is not a field the service knows');
    expect(service.requests).toHaveLength(0);
  });

  test('cashouts status by --cashout-id and by --external-id', async () => {
    expect((await cli(['cashouts', 'status', '--cashout-id', '11954'])).code).toBe(0);
    const byExternal = await cli(['cashouts', 'status', '--external-id', 'payout-7781']);
    expect(byExternal.stdout).toBe('cashout_status: 0\ncashout_status_description: Pending\n');
    expectPayloadSigned(requestAt(service, 0), { idempotencyKey: true });
    expect(JSON.parse(requestAt(service, 0).text)).toMatchObject({ cashout_id: 11954 });
    expect(JSON.parse(requestAt(service, 1).text)).toEqual({
      login: CREDENTIALS.cashoutLogin,
      pass: CREDENTIALS.cashoutPass,
      external_id: 'payout-7781',
    });
  });

  test('cashouts cancel --yes re-reads the cashout by each id and both, then sends the DELETE', async () => {
    const run = await cli([
      'cashouts',
      'cancel',
      '--cashout-id',
      '11954',
      '--external-id',
      'payout-7781',
      '--yes',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cashout_status_description: Canceled');
    expect(service.requests.map((r) => JSON.parse(r.text) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ cashout_id: 11954 }),
      expect.objectContaining({ external_id: 'payout-7781' }),
      expect.objectContaining({ cashout_id: 11954, external_id: 'payout-7781' }),
      expect.objectContaining({ cashout_id: 11954, external_id: 'payout-7781' }),
    ]);
    const request = requestAt(service, 3);
    expect(request.method).toBe('DELETE');
    expectPayloadSigned(request, { idempotencyKey: false });
    expect(request.headers['payload-signature']).toBe(
      '392583e3ec6c8ad10822de5d3fe5c76889c0c462d285c2e521a14768d7b460f2',
    );
  });

  test('payment-methods <country> prints one block per method', async () => {
    const run = await cli(['payment-methods', 'BR']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n\n')).toHaveLength(2);
    expect(run.stdout).toContain('code: BL\n');
    expect(requestAt(service, 0).query).toEqual({ country: 'BR' });
    expectBearer(requestAt(service, 0));
  });

  test('banks <country>', async () => {
    const run = await cli(['banks', 'MX']);
    expect(run.stdout).toBe('code: 1\nname: Banco A\n');
    expectBearer(requestAt(service, 0));
  });

  test('crypto-quote --currency --amount --crypto', async () => {
    const run = await cli(['crypto-quote', '--currency', 'BRL', '--amount', '100', '--crypto', 'USDT']);
    expect(run.stdout).toBe('fx_rate: 5.1\nconverted_amount: 19.6\nfee: 0.2\n');
    expect(requestAt(service, 0).query).toEqual({ currency: 'BRL', amount: '100', crypto: 'USDT' });
  });

  test('sub-merchants get <id>', async () => {
    const run = await cli(['sub-merchants', 'get', '9']);
    expect(run.stdout).toContain('balance.total: 3\n');
    expect(requestAt(service, 0).path).toBe('/sub_merchants/9');
    expectSigned(requestAt(service, 0), { post: false });
  });
});

test.describe('deposits create', () => {
  const body = { amount: '10.00', country: 'BR', payer: { first_name: 'João', email: 'joao@example.com' } };

  test('--body <file> sends the file’s deposit, signed', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-cli-'));
    try {
      const file = join(folder, 'deposit.json');
      await writeFile(file, JSON.stringify(body));
      const run = await cli(['deposits', 'create', '--body', file, '--json']);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(ANSWERS['POST /v3/deposits']);
      const request = requestAt(service, 0);
      expectSigned(request, { post: true });
      // No invoice id given: the console made one before sending (deposits.ts generatedInvoiceId).
      expect(JSON.parse(request.text)).toEqual({
        ...body,
        invoice_id: expect.stringMatching(/^PD-\d{8}-[0-9A-F]{16}$/),
      });
    } finally {
      await rm(folder, { recursive: true });
    }
  });

  test('--body - reads stdin; --idempotency-key repeats an intent', async () => {
    const key = '9b2f1c3e-8d4a-4f6b-9c7d-1e2f3a4b5c6d';
    const run = await cli(['deposits', 'create', '--body', '-', '--idempotency-key', key], {
      stdin: JSON.stringify(body),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`# idempotency key: ${key}`);
    expect(JSON.parse(requestAt(service, 0).text)).toEqual({ ...body, invoice_id: expect.any(String) });
    expect(requestAt(service, 0).headers['x-idempotency-key']).toBe(key);
  });

  test('a body that is not JSON, a missing file, or a body breaking a rule: exit 2, nothing sent', async () => {
    const notJson = await cli(['deposits', 'create', '--body', '-'], { stdin: '{"amount": 10,' });
    expect(notJson).toMatchObject({ code: 2, stdout: '' });
    expect(notJson.stderr).toContain('--body: is not valid JSON');
    const missing = await cli(['deposits', 'create', '--body', '/nonexistent/deposit.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    const badMask = await cli(['deposits', 'create', '--body', '-', '--json'], {
      stdin: JSON.stringify({ ...body, payment_method: 'BB', reported_info: { bank_account_number: 'x' } }),
    });
    expect(badMask.code).toBe(2);
    expect(JSON.parse(badMask.stderr)).toMatchObject({
      error: { kind: 'validation', field: 'reported_info.bank_account_number' },
    });
    expect(service.requests).toHaveLength(0);
  });
});

test.describe('--json', () => {
  test('prints the record as JSON (normalised, unknown fields kept)', async () => {
    const run = await cli(['--json', 'deposits', 'get', '5']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      deposit_id: 5,
      status: 'EARLY RELEASED',
      amount: 10.5,
      payer: { email: 'ana@example.com' },
      extra_field: 'kept',
    });
  });

  test('works after the command too, and lists print as arrays', async () => {
    const run = await cli(['banks', 'MX', '--json']);
    expect(JSON.parse(run.stdout)).toEqual([{ code: 1, name: 'Banco A' }]);
  });

  test('a failure is one JSON line on stderr with the error object', async () => {
    override = () => [401, { code: 100, description: 'Invalid credentials', type: 'INVALID_CREDENTIALS' }];
    const run = await cli(['banks', 'MX', '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expectOneErrorLine(run);
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        kind: 'auth',
        message: expect.any(String),
        code: 100,
        type: 'INVALID_CREDENTIALS',
        httpStatus: 401,
        serviceMessage: 'Invalid credentials',
        // A stable key a script can switch on, as the console's screens do.
        text: { key: 'service.keyRefused', params: { httpStatus: 401, code: 100 } },
      },
    });
  });

  test('a usage error is reported as JSON too', async () => {
    const run = await cli(['deposits', 'get', '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({
      error: { kind: 'validation', message: expect.stringContaining('missing required argument') },
    });
  });

  test('help shown instead of a command still ends in the error line (found by the CLI fuzz)', async () => {
    for (const argv of [['--json', 'help', 'no-such'], ['--json', 'deposits'], ['--json']]) {
      const run = await cli(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      const last = run.stderr.trimEnd().split('\n').at(-1) ?? '';
      expect(JSON.parse(last), argv.join(' ')).toMatchObject({ error: { kind: 'validation' } });
    }
  });
});

test.describe('exit codes', () => {
  test('1: the service refused (not_found, validation with an HTTP status, invalid_state, server)', async () => {
    override = () => [404, undefined];
    const notFound = await cli(['deposits', 'get', '5']);
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/^paydesk: not_found: .*HTTP 404/);
    expectOneErrorLine(notFound);

    override = (request) =>
      request.path === '/v3/refunds'
        ? [400, { code: 202, description: 'payer.email: invalid', type: 'INVALID_REQUEST_BODY' }]
        : undefined;
    const refused = await cli([
      'refunds',
      'create',
      '--deposit-id',
      '50',
      '--invoice-id',
      'INV-50',
      '--amount',
      '5',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('service says "payer.email: invalid"');
    expect(refused.stderr).toMatch(/idempotency key [0-9a-f-]{36}/);

    override = (request) =>
      request.method === 'DELETE' ? [412, { code: 510, message: 'Invalid status transition' }] : undefined;
    expect((await cli(['cashouts', 'cancel', '--cashout-id', '1', '--external-id', 'a', '--yes'])).code).toBe(
      1,
    );

    override = () => [503, { code: 1, description: 'down' }];
    expect((await cli(['sub-merchants', 'get', '9'])).code).toBe(1);
  });

  test('2: bad usage or input, and nothing is sent', async () => {
    const cases: string[][] = [
      ['deposits', 'get', 'abc'],
      ['deposits', 'get', '0'],
      ['refunds', 'create', '--deposit-id', '5'],
      ['refunds', 'create', '--deposit-id', '5', '--invoice-id', 'I', '--amount', '1.234'],
      ['refunds', 'create', '--deposit-id', '5', '--invoice-id', 'I', '--bank-account', '{oops'],
      ['refunds', 'create', '--deposit-id', '5', '--invoice-id', 'I', '--bank-account-file', dataDir],
      ['cashouts', 'status'],
      ['cashouts', 'status', '--external-id', 'x'.repeat(33)],
      ['cashouts', 'cancel', '--cashout-id', '1', '--external-id', 'a'],
      ['payment-methods', 'br'],
      ['crypto-quote', '--currency', 'USD', '--crypto', 'USDT'],
      ['deposits', 'frobnicate'],
      ['no-such-command'],
      ['banks', 'MX', '--unknown-option'],
      [],
    ];
    for (const argv of cases) {
      const run = await cli(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stdout, argv.join(' ')).toBe('');
      expect(run.stderr.length, argv.join(' ')).toBeGreaterThan(0);
    }
    expect(service.requests).toHaveLength(0);
  });

  test('2: cancel without --yes refuses and says why', async () => {
    const run = await cli(['cashouts', 'cancel', '--cashout-id', '11954', '--external-id', 'payout-7781']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(
      'paydesk: not_permitted: Not cancelling cashout 11954 without --yes. Environment: PAYDESK_BASE_URL (testing).\n',
    );
    expect(service.requests).toHaveLength(0);
  });

  test('2: missing credentials name the variables to set; a bad base URL names its variable', async () => {
    const { PAYDESK_API_SECRET: _secret, PAYDESK_API_KEY: _key, ...rest } = environment();
    const run = await cli(['deposits', 'get', '5'], { env: rest });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('credentials_missing');
    expect(run.stderr).toContain('Set PAYDESK_API_KEY, PAYDESK_API_SECRET.');
    const insecure = await cli(['banks', 'MX'], {
      env: { ...environment(), PAYDESK_BASE_URL: 'http://api.pay.example' },
    });
    expect(insecure.code).toBe(2);
    expect(insecure.stderr).toContain('PAYDESK_BASE_URL must use https://');
    // Without PAYDESK_BASE_URL the active profile is used: on a first run, the embedded sandbox.
    const unset = await cli(['banks', 'MX', '--json'], { env: {} });
    expect(unset).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(unset.stdout) as unknown[]).length).toBeGreaterThan(0);
    expect(service.requests).toHaveLength(0);
  });

  test('3: network failure, and a cancel whose answer was lost (outcome unknown, sent once)', async () => {
    const closed = await startDouble(() => undefined);
    const closedUrl = closed.baseUrl;
    await closed.close();
    const unreachable = await cli(['deposits', 'get', '5'], {
      env: { ...environment(), PAYDESK_BASE_URL: closedUrl },
    });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^paydesk: network: /);

    override = (request) => (request.method === 'DELETE' ? 'destroy' : undefined);
    const lost = await cli([
      'cashouts',
      'cancel',
      '--cashout-id',
      '1',
      '--external-id',
      'a',
      '--yes',
      '--json',
    ]);
    expect(lost.code).toBe(3);
    expect(JSON.parse(lost.stderr)).toMatchObject({
      error: { kind: 'outcome_unknown', message: expect.stringContaining('now PENDING (status 0)') },
    });
    // Never sent twice: three guard reads, the DELETE once, one status read after the lost answer.
    expect(service.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(service.requests).toHaveLength(5);

    override = (request) => (request.path === '/v3/refunds' ? 'destroy' : undefined);
    const lostCreate = await cli([
      'refunds',
      'create',
      '--deposit-id',
      '50',
      '--invoice-id',
      'INV-50',
      '--amount',
      '5',
    ]);
    expect(lostCreate.code).toBe(3);
    expect(lostCreate.stderr).toMatch(/outcome_unknown.*idempotency key [0-9a-f-]{36}/);
  });

  test('0: --help', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: paydesk');
  });
});

test('no output ever carries a secret, whatever happens', async () => {
  const runs: CliRun[] = [];
  const commands = [
    ['deposits', 'get', '5'],
    ['refunds', 'create', '--deposit-id', '50', '--invoice-id', 'INV-50', '--json'],
    ['cashouts', 'status', '--cashout-id', '1'],
    ['cashouts', 'cancel', '--cashout-id', '1', '--external-id', 'a', '--yes', '--json'],
    ['payment-methods', 'BR'],
    ['crypto-quote', '--currency', 'USD', '--amount', '1', '--crypto', 'USDT', '--json'],
  ];
  for (const answer of [
    undefined,
    [401, { code: 100, description: 'Invalid credentials' }],
    [400, { code: 302, message: 'bad signature' }],
    'destroy',
  ] as const) {
    override = () => answer as [number, unknown] | 'destroy' | undefined;
    for (const argv of commands) runs.push(await cli(argv));
  }
  runs.push(
    await cli(['cashouts', 'status', '--cashout-id', '1'], {
      env: { ...environment(), PAYDESK_CASHOUT_LOGIN: 'L'.repeat(40) },
    }),
  );
  expect(
    runs.some((run) => run.code === 0) &&
      runs.some((run) => run.code === 1) &&
      runs.some((run) => run.code === 3),
  ).toBe(true);
  for (const run of runs) expectNoSecret(run);
  expect(JSON.stringify(runs)).not.toContain('L'.repeat(40));
});

test('a long data URI (a QR code) is shortened in human output and whole in --json', async () => {
  const qr = `data:image/png;base64,${'A'.repeat(4_000)}`;
  override = () => [
    200,
    { checkout_type: 'ONE_SHOT', deposit_id: 6, payment_info: { metadata: { qr_code: qr } } },
  ];
  const human = await cli(['deposits', 'create', '--body', '-'], {
    stdin: '{"amount":1,"country":"BR","invoice_id":"INV-QR-1"}',
  });
  expect(human.stdout).toContain(
    'payment_info.metadata.qr_code: data:image/png;base64,… (4022 characters; --json shows it whole)\n',
  );
  const json = await cli(['deposits', 'create', '--body', '-', '--json'], {
    stdin: '{"amount":1,"country":"BR","invoice_id":"INV-QR-2"}',
  });
  expect(JSON.parse(json.stdout).payment_info.metadata.qr_code).toBe(qr);
});

test('terminal control characters from the service are shown escaped', async () => {
  override = () => [200, { deposit_id: 5, status: 'PENDING', description: 'evil\u001b[2Jtext' }];
  const run = await cli(['deposits', 'get', '5']);
  expect(run.stdout).not.toContain('\u001b');
  expect(run.stdout).toContain('description: "evil\\u001b[2Jtext"');
});

test('the paydesk bin runs as a child process: success, stdin body, and a refusal', async () => {
  const ok = await runPaydeskBin(['deposits', 'get', '5', '--json'], environment());
  expect(ok.stderr).toBe('');
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.stdout)).toMatchObject({ deposit_id: 5, status: 'EARLY RELEASED' });
  expectSigned(requestAt(service, 0), { post: false });

  const created = await runPaydeskBin(
    ['deposits', 'create', '--body', '-'],
    environment(),
    JSON.stringify({ amount: 5, country: 'BR' }),
  );
  expect(created.code).toBe(0);
  expect(created.stdout).toContain('deposit_id: 6');
  expect(JSON.parse(requestAt(service, 1).text)).toEqual({
    amount: 5,
    country: 'BR',
    invoice_id: expect.any(String),
  });

  override = () => [404, { code: 208, description: 'Refund not found', type: 'RESOURCE_NOT_FOUND' }];
  const refused = await runPaydeskBin(['refunds', 'get', '77'], environment());
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toMatch(/^paydesk: not_found: .*\n$/);
  for (const run of [ok, created, refused]) expectNoSecret(run);
});
