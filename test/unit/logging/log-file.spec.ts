import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNELS, type CredentialField } from '../../../shared/contract';
import {
  LOG_KEEP,
  logFilePaths,
  openLogFile,
  REDACTED,
  redactFields,
  scrubText,
  withCallLog,
} from '../../../main/core/logging';
import { sandboxCredentials } from '../../../main/sandbox/credentials';
import { dataOf, EMBEDDED_SEED, expect, test } from '../console/console-fixture';

/**
 * The desktop app's log file (main/core/logging): what reaches it is redacted by construction
 * (a field's value only when its name is listed), it rotates by size (rotating-file-stream, in its
 * logrotate mode), and a folder that cannot be
 * written leaves the app running unlogged. The first test is a real session through the console
 * core against a real sandbox, every call logged as the app logs it, and the files searched for
 * every credential and every piece of payer data the session used.
 */

interface Entry {
  level: string;
  time: string;
  event: string;
  [field: string]: unknown;
}

async function logText(dir: string): Promise<string> {
  const names = (await readdir(dir)).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.join('');
}

const entriesOf = (text: string): Entry[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Entry);

test('credentials and payer data set in a real session never reach the log file', async ({
  openConsole,
  sandbox,
  dataDir,
}) => {
  test.setTimeout(60_000);
  const credentials: Record<CredentialField, string> = {
    apiKey: 'key-logtest-7Qm2Lx9Vb4',
    apiSecret: 'secret-logtest-Zr8Nw3Kd6PfT1y',
    readOnlyKey: 'ro-logtest-Hs5Ug2Jc8Ea',
    // Short values, which no pattern could tell from an id: only the field list keeps them out.
    cashoutLogin: 'lgn-Bv4Xn',
    cashoutPass: 'pw-Gq7Dm2',
    cashoutSecret: 'cosecret-logtest-Wy3Rk9Tf5Lp',
  };
  const wrongSecret = 'secret-WRONG-Xx1Yy2Zz3Aa4Bb';
  const payer = {
    document: '84932568207',
    document_type: 'CPF',
    email: 'zuleica.quintanilha@example.com',
    first_name: 'Zuleica',
    last_name: 'Quintanilha',
    phone: '+5511987654321',
    address: { street: 'Rua Ximenes 77', city: 'Itaquaquecetuba', zip_code: '08570-000' },
  };
  const bankAccount = { beneficiary: 'Olegario Brandao', account_number: '0099887766', branch: '4321' };
  const testing = await sandbox({ seed: 93, credentials });

  const logsDir = join(dataDir, 'logs');
  const log = openLogFile({ dir: logsDir });
  const session = openConsole();
  // As main/index.ts wires it: the log around the dispatcher the IPC router calls.
  const dispatch = withCallLog(session.dispatch, log);
  const dispatchTo = (method: keyof typeof CHANNELS, arg: unknown) => dispatch(CHANNELS[method], arg);

  const profile = dataOf(
    await dispatchTo('addEnvironment', { name: 'Testing', kind: 'testing', baseUrl: testing.baseUrl }),
  ) as { id: string };
  for (const [field, value] of Object.entries(credentials))
    dataOf(await dispatchTo('setCredential', { environmentId: profile.id, field, value }));
  dataOf(await dispatchTo('runDoctor', { environmentId: profile.id }));
  dataOf(await dispatchTo('runDoctor', { environmentId: 'local-sandbox' }));
  dataOf(await dispatchTo('useEnvironment', { id: profile.id }));
  dataOf(await dispatchTo('getDeposit', { depositId: 300000001 }));
  dataOf(await dispatchTo('createDeposit', { body: { amount: 9.1, country: 'BR', payer } }));
  dataOf(
    await dispatchTo('createRefund', {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 2, bank_account: bankAccount },
    }),
  );
  dataOf(await dispatchTo('parseBatch', { kind: 'deposits', text: `300000001\n${payer.document}` }));
  // A wrong secret, and the failures it causes.
  dataOf(
    await dispatchTo('setCredential', { environmentId: profile.id, field: 'apiSecret', value: wrongSecret }),
  );
  expect((await dispatchTo('getDeposit', { depositId: 300000001 })).ok).toBe(false);
  // A malformed call that echoes its argument in the validation path.
  expect(
    (await dispatchTo('setCredential', { environmentId: profile.id, field: 'nope', value: wrongSecret })).ok,
  ).toBe(false);
  await log.close();

  const text = await logText(logsDir);
  const secrets = [
    ...Object.values(credentials),
    wrongSecret,
    ...Object.values(sandboxCredentials(EMBEDDED_SEED)),
    payer.document,
    payer.email,
    payer.first_name,
    payer.last_name,
    payer.phone,
    payer.address.street,
    payer.address.city,
    payer.address.zip_code,
    bankAccount.beneficiary,
    bankAccount.account_number,
  ];
  expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);

  // The log is not empty for want of writing: every call is there, with what may be kept.
  const entries = entriesOf(text);
  const calls = entries.filter((entry) => entry.event === 'call');
  expect(calls.length).toBe(session.answers.length);
  const setSecret = calls.find(
    (entry) =>
      entry.channel === CHANNELS.setCredential && (entry.arg as { field?: string }).field === 'apiSecret',
  );
  expect(setSecret).toMatchObject({
    level: 'info',
    ok: true,
    arg: { environmentId: profile.id, field: 'apiSecret', value: REDACTED },
  });
  const deposit = calls.find((entry) => entry.channel === CHANNELS.createDeposit);
  expect(deposit?.arg).toEqual({ body: { amount: 9.1, country: 'BR', payer: REDACTED } });
  const failed = calls.find((entry) => entry.channel === CHANNELS.getDeposit && entry.ok === false);
  expect(failed).toMatchObject({
    level: 'warn',
    errorKind: expect.any(String),
    arg: { depositId: 300000001 },
  });
  for (const entry of entries) expect(Date.parse(entry.time)).not.toBeNaN();
});

test.describe('redaction', () => {
  test('values are kept under listed names only; payer and bank containers go whole', () => {
    expect(
      redactFields({
        channel: 'paydesk:createDeposit',
        ok: true,
        ms: 12,
        arg: {
          body: {
            amount: 10,
            country: 'BR',
            invoice_id: 'INV-7',
            description: 'for Zuleica',
            payer: { id: 'user-1', email: 'z@example.com' },
            bank_account: { account_number: '123' },
            crypto: { currency: 'USDT', wallet: '0xabc' },
          },
          value: 'a-secret',
          apiSecret: 'another',
          items: [{ depositId: 1 }, { name: 'Olegario' }],
          mystery: 42,
          nothing: null,
          flag: false,
        },
      }),
    ).toEqual({
      channel: 'paydesk:createDeposit',
      ok: true,
      ms: 12,
      arg: {
        body: {
          amount: 10,
          country: 'BR',
          invoice_id: REDACTED,
          description: REDACTED,
          payer: REDACTED,
          bank_account: REDACTED,
          crypto: REDACTED,
        },
        value: REDACTED,
        apiSecret: REDACTED,
        items: [{ depositId: 1 }, { name: REDACTED }],
        mystery: REDACTED,
        nothing: null,
        flag: false,
      },
    });
  });

  test('a listed field that carries something secret-shaped is scrubbed all the same', () => {
    expect(redactFields({ id: 'sbx_secret_Q2w3E4r5T6y7U8i9O0p1', detail: 'mail maria@example.com' })).toEqual(
      {
        id: REDACTED,
        detail: `mail ${REDACTED}`,
      },
    );
  });

  test('deep or long values are cut, not written whole', () => {
    let deep: Record<string, unknown> = { id: 'bottom' };
    for (let level = 0; level < 10; level += 1) deep = { nested: deep };
    expect(JSON.stringify(redactFields(deep))).not.toContain('bottom');
    const long = redactFields({ detail: 'x'.repeat(1000) }).detail as string;
    expect(long.length).toBeLessThanOrEqual(201);
  });

  test('text: keys, e-mail addresses, document and card numbers, bearer tokens and key=value pairs', () => {
    expect(scrubText('signed with sbx_secret_abcdefgh12345678ABCD')).toBe(`signed with ${REDACTED}`);
    expect(scrubText('payer ana.souza+x@mail.example.com.br failed')).toBe(`payer ${REDACTED} failed`);
    expect(scrubText('CPF 849.325.682-07, CNPJ 12.345.678/0001-95')).toBe(
      `CPF ${REDACTED}, CNPJ ${REDACTED}`,
    );
    expect(scrubText('card 4111 1111 1111 1111')).toBe(`card ${REDACTED}`);
    expect(scrubText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(scrubText('cashoutPass=pw-Gq7Dm2; apiKey: k1')).toBe(
      `cashoutPass=${REDACTED}; apiKey: ${REDACTED}`,
    );
    // What a log line needs stays readable.
    expect(scrubText('deposit 300000001 answered 404 in 12 ms')).toBe(
      'deposit 300000001 answered 404 in 12 ms',
    );
    expect(scrubText('paydesk:getDeposit')).toBe('paydesk:getDeposit');
  });
});

test.describe('the file', () => {
  let dir: string;
  test.beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paydesk-log-'));
  });
  test.afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('rotates by size, keeping the newest entries and a fixed number of old files', async () => {
    const log = openLogFile({ dir, maxBytes: 2_000, keep: 2 });
    for (let index = 0; index < 200; index += 1)
      log.info('call', { channel: 'paydesk:getDeposit', ms: index });
    await log.close();
    expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    const [current, previous, oldest] = await Promise.all(
      logFilePaths(dir, 'main', 2).map((path) => readFile(path, 'utf8')),
    );
    // The library rotates once a write reaches the size: a rotated file holds at least that much,
    // and at most one line more.
    const longestLine = Math.max(
      ...[current, previous, oldest].flatMap((text) =>
        (text ?? '').split('\n').map((line) => Buffer.byteLength(line) + 1),
      ),
    );
    for (const text of [previous, oldest]) {
      expect(Buffer.byteLength(text ?? '')).toBeGreaterThanOrEqual(2_000);
      expect(Buffer.byteLength(text ?? '')).toBeLessThan(2_000 + longestLine);
    }
    expect(Buffer.byteLength(current ?? '')).toBeLessThan(2_000 + longestLine);
    const ms = (text: string | undefined) => entriesOf(text ?? '').map((entry) => entry.ms as number);
    expect(ms(current).at(-1)).toBe(199);
    // Oldest file, then the previous, then the current: one unbroken run of the last entries.
    const run = [...ms(oldest), ...ms(previous), ...ms(current)];
    expect(run).toEqual(Array.from({ length: run.length }, (_, index) => 200 - run.length + index));
    expect(LOG_KEEP).toBeGreaterThan(0);
  });

  test('a log opened again appends to what is there', async () => {
    const first = openLogFile({ dir });
    first.info('app started');
    await first.close();
    const second = openLogFile({ dir });
    second.info('app started');
    await second.close();
    expect(entriesOf(await readFile(join(dir, 'main.log'), 'utf8'))).toHaveLength(2);
  });

  test('a folder that cannot be written leaves the app running unlogged', async () => {
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const log = openLogFile({ dir: join(blocker, 'logs') });
      expect(log.file).toBeNull();
      log.info('call', { channel: 'paydesk:getDeposit' });
      log.error('renderer gone', { goneReason: 'crashed' });
      await log.close();
    } finally {
      console.warn = original;
    }
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toMatch(/log file could not be opened \((ENOTDIR|EEXIST)\)/);
  });

  test('a rotation after the folder was removed never touches a file the process opened since', async () => {
    const logsDir = join(dir, 'logs');
    const log = openLogFile({ dir: logsDir, maxBytes: 300 });
    log.info('call', { channel: 'paydesk:getDeposit' });
    await expect.poll(async () => (await stat(join(logsDir, 'main.log'))).size).toBeGreaterThan(0);
    await rm(logsDir, { recursive: true });
    // Enough to rotate: the log closes its file and opens main.log again, in a folder it makes.
    for (let index = 0; index < 5; index += 1) log.info('call', { channel: 'paydesk:getDeposit', ms: index });
    await expect.poll(() => readdir(logsDir).catch(() => [])).toContain('main.log');
    // The process's next file is likely to get the number the log's old descriptor had.
    const other = join(dir, 'other.txt');
    const fd = openSync(other, 'w');
    try {
      for (let index = 0; index < 5; index += 1)
        log.info('call', { channel: 'paydesk:getRefund', ms: index });
      await log.close();
      writeSync(fd, 'mine');
    } finally {
      closeSync(fd);
    }
    expect(await readFile(other, 'utf8')).toBe('mine');
    // And the log went on in the new folder.
    const text = await logText(logsDir);
    expect(entriesOf(text).filter((entry) => entry.channel === 'paydesk:getRefund')).toHaveLength(5);
  });

  test('entries written after close are dropped, not thrown', async () => {
    const log = openLogFile({ dir });
    await log.close();
    expect(() => log.info('late')).not.toThrow();
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toBe('');
  });
});
