import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { CredentialField, DoctorReport } from '../../../shared/contract';
import { createKeytarBackend } from '../../../main/core/vault';
import type { SandboxHandle } from '../../../main/sandbox';
import { addEnvironmentFor, dataOf, expect, FAST_CLIENT, test, type Console } from './console-fixture';

/** The credential doctor against real sandboxes: one verdict per credential set. */

const verdicts = (report: DoctorReport): Record<string, string> =>
  Object.fromEntries(report.checks.map((check) => [check.set, check.verdict]));

async function doctorOf(
  console: Console,
  baseUrl: string,
  credentials: Partial<Record<CredentialField, string>>,
): Promise<DoctorReport> {
  const profile = await addEnvironmentFor(
    console,
    { name: `Env ${Math.random().toString(36).slice(2, 8)}`, kind: 'testing', baseUrl },
    credentials,
  );
  return dataOf(await console.call('runDoctor', { environmentId: profile.id }));
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const credentialsOf = (sandbox: SandboxHandle): Record<CredentialField, string> => ({
  ...sandbox.credentials,
});

test('all good: the three probes and what they proved', async ({ openConsole, sandbox }) => {
  const service = await sandbox({ seed: 61 });
  const report = await doctorOf(openConsole(), service.baseUrl, credentialsOf(service));
  expect(report.checks).toEqual([
    expect.objectContaining({
      set: 'signed',
      verdict: 'ok',
      probe: `GET ${service.baseUrl}/v3/deposits/9007199254740991`,
      httpStatus: 404,
      latencyMs: expect.any(Number),
    }),
    expect.objectContaining({
      set: 'readOnly',
      verdict: 'ok',
      probe: `GET ${service.baseUrl}/v3/payment_methods?country=BR`,
      httpStatus: 200,
    }),
    expect.objectContaining({ set: 'cashout', verdict: 'ok', httpStatus: 412, code: 509 }),
  ]);
  for (const check of report.checks) expect(check.advice).toMatch(/^\S.*\.$/);
  expect(report.clock).toMatchObject({ state: 'in_sync', blocksMutations: false });
  expect(report.clock.samples).toBeGreaterThan(0);
});

test('a server that answers 404 to anything never makes a credential set look good', async ({
  openConsole,
}) => {
  // Whatever the path and the key: what a base URL that is not the payments service answers.
  const server = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"No such route"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const report = await doctorOf(openConsole(), baseUrl, {
      apiKey: 'totally-wrong-key',
      apiSecret: 'totally-wrong-secret',
      readOnlyKey: 'totally-wrong-ro',
      cashoutLogin: 'wrong-login',
      cashoutPass: 'wrong-pass',
      cashoutSecret: 'wrong-secret',
    });
    expect(report.checks.map((check) => check.verdict)).not.toContain('ok');
    expect(report.checks[0]).toMatchObject({
      set: 'signed',
      verdict: 'unproven',
      probe: `GET ${baseUrl}/v3/deposits/9007199254740991`,
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('the embedded sandbox passes with its provisioned credentials', async ({ openConsole }) => {
  const report = dataOf(await openConsole().call('runDoctor', { environmentId: 'local-sandbox' }));
  expect(verdicts(report)).toEqual({ signed: 'ok', readOnly: 'ok', cashout: 'ok' });
});

test('a wrong key (and a wrong cashout login) is bad_key', async ({ openConsole, sandbox }) => {
  const service = await sandbox({ seed: 62 });
  const report = await doctorOf(openConsole(), service.baseUrl, {
    ...credentialsOf(service),
    apiKey: 'wrong-api-key-0001',
    readOnlyKey: 'wrong-readonly-0001',
    cashoutLogin: 'wrong-login-0001',
  });
  expect(verdicts(report)).toEqual({ signed: 'bad_key', readOnly: 'bad_key', cashout: 'bad_key' });
  expect(report.checks[0]).toMatchObject({ httpStatus: 401, code: 100 });
});

test('a wrong secret is bad_signature', async ({ openConsole, sandbox }) => {
  const service = await sandbox({ seed: 63 });
  const report = await doctorOf(openConsole(), service.baseUrl, {
    ...credentialsOf(service),
    apiSecret: 'wrong-api-secret-0001',
    cashoutSecret: 'wrong-cashout-secret-0001',
  });
  expect(verdicts(report)).toEqual({ signed: 'bad_signature', readOnly: 'ok', cashout: 'bad_signature' });
  expect(report.checks.find((check) => check.set === 'signed')?.advice).toContain('set the secret again');
});

test('a skewed service clock with correction impossible is clock_skew, and blocks mutations', async ({
  openConsole,
  sandbox,
}) => {
  const skewed = await sandbox({ seed: 64, clockSkewMs: 45_000 });
  const console = openConsole({ client: { ...FAST_CLIENT, clock: { correct: false } } });
  const report = await doctorOf(console, skewed.baseUrl, credentialsOf(skewed));
  // Only signed calls carry X-Date (D2).
  expect(verdicts(report)).toEqual({ signed: 'clock_skew', readOnly: 'ok', cashout: 'ok' });
  expect(report.checks[0]).toMatchObject({ httpStatus: 400, code: 103 });
  expect(report.clock).toMatchObject({ state: 'uncorrectable', blocksMutations: true });
});

test('the same skew with correction allowed is corrected, and the signed probe passes', async ({
  openConsole,
  sandbox,
}) => {
  const skewed = await sandbox({ seed: 65, clockSkewMs: 45_000 });
  const report = await doctorOf(openConsole(), skewed.baseUrl, credentialsOf(skewed));
  expect(verdicts(report)).toEqual({ signed: 'ok', readOnly: 'ok', cashout: 'ok' });
  expect(report.clock).toMatchObject({ state: 'corrected', correctionActive: true, blocksMutations: false });
});

test('an IP outside the allow-list is ip_not_allowed for every set', async ({ openConsole, sandbox }) => {
  const guarded = await sandbox({ seed: 66, allowIps: ['203.0.113.7'] });
  const report = await doctorOf(openConsole(), guarded.baseUrl, credentialsOf(guarded));
  expect(verdicts(report)).toEqual({
    signed: 'ip_not_allowed',
    readOnly: 'ip_not_allowed',
    cashout: 'ip_not_allowed',
  });
  expect(report.checks.every((check) => check.code === 201)).toBe(true);
});

test('an unreachable host is host_unreachable', async ({ openConsole, sandbox }) => {
  const service = await sandbox({ seed: 67 });
  const port = await closedPort();
  const report = await doctorOf(openConsole(), `http://127.0.0.1:${port}`, credentialsOf(service));
  expect(verdicts(report)).toEqual({
    signed: 'host_unreachable',
    readOnly: 'host_unreachable',
    cashout: 'host_unreachable',
  });
  expect(report.checks.every((check) => check.latencyMs === undefined)).toBe(true);
  expect(report.clock.state).toBe('unmeasured');
});

test('missing credentials are not_configured, naming the missing fields; nothing is sent for them', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 68 });
  const report = await doctorOf(openConsole(), service.baseUrl, {
    apiKey: service.credentials.apiKey,
    readOnlyKey: service.credentials.readOnlyKey,
  });
  expect(verdicts(report)).toEqual({ signed: 'not_configured', readOnly: 'ok', cashout: 'not_configured' });
  const signed = report.checks.find((check) => check.set === 'signed');
  expect(signed?.advice).toContain('apiSecret');
  expect(signed?.httpStatus).toBeUndefined();
  const cashout = report.checks.find((check) => check.set === 'cashout');
  expect(cashout?.advice).toContain('cashoutLogin, cashoutPass, cashoutSecret');
});

test('a keychain that cannot be used is keychain_unavailable, and the local sandbox still works', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 69 });
  const console = openConsole({
    vault: {
      backend: createKeytarBackend({ load: () => Promise.reject(new Error('libsecret missing')) }),
      service: 'paydesk-test-broken',
    },
  });
  const profile = dataOf(
    await console.call('addEnvironment', { name: 'Testing', kind: 'testing', baseUrl: service.baseUrl }),
  );
  const stored = await console.call('setCredential', {
    environmentId: profile.id,
    field: 'apiKey',
    value: service.credentials.apiKey,
  });
  expect(stored).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
  const report = dataOf(await console.call('runDoctor', { environmentId: profile.id }));
  expect(verdicts(report)).toEqual({
    signed: 'keychain_unavailable',
    readOnly: 'keychain_unavailable',
    cashout: 'keychain_unavailable',
  });
  dataOf(await console.call('getDeposit', { depositId: 300000001 }));
});
