import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBackend } from '../../../main/core/vault';
import { startSandbox, type SandboxHandle } from '../../../main/sandbox';
import { cliVariables } from '../../support/cli-variables';
import { startGateway, type Gateway } from '../../support/gateway';
import { runCliInProcess, QUICK_CLIENT, type CliRun } from '../../support/in-process-cli';

/**
 * Money moves once, from the command line: a production refund whose answer was lost behind a gateway
 * (the service made the refund). A new refund of the deposit is refused with exit 4 naming the
 * intent and its key; the same-key resend settles it; the service made one refund.
 */

let service: SandboxHandle;
let gateway: Gateway;
let dataDir: string;
const vault = createMemoryBackend();

test.beforeEach(async () => {
  service = await startSandbox({ seed: 5 });
  gateway = await startGateway(service.baseUrl, { signer: service.credentials });
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cli-money-'));
});
test.afterEach(async () => {
  await gateway.close();
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI's clock: a test moves it to play a run days later. */
let now = Date.now();

async function cli(argv: string[], variables = true): Promise<CliRun> {
  return runCliInProcess(
    argv,
    {
      env: {
        PAYDESK_DATA_DIR: dataDir,
        ...(variables && cliVariables(gateway.baseUrl, service.credentials)),
      },
    },
    {
      client: { ...QUICK_CLIENT, timeoutMs: 3_000 },
      vault: { backend: vault, service: 'paydesk-test-cli-money' },
      sandbox: { seed: 42 },
      now: () => now,
    },
  );
}

const REFUND = [
  'refunds',
  'create',
  '--deposit-id',
  '300000001',
  '--invoice-id',
  'INV-300000001',
  '--amount',
  '5',
];
const PRODUCTION = ['--yes', '--reason', 'customer asked'];

test('a refund whose answer was lost: exit 3, a new refund exits 4 naming the intent, the same-key resend settles it', async () => {
  const added = await cli(
    ['env', 'add', '--name', 'Production', '--kind', 'production', '--base-url', gateway.baseUrl],
    false,
  );
  expect(added.code, added.stderr).toBe(0);

  for (let attempt = 0; attempt < 3; attempt += 1)
    gateway.arm('lose_after', { method: 'POST', path: /^\/v3\/refunds$/ });
  const lost = await cli([...REFUND, ...PRODUCTION, '--json']);
  gateway.disarm();
  expect(lost.code, lost.stderr).toBe(3);
  const { error } = JSON.parse(lost.stderr) as { error: { kind: string; idempotencyKey: string } };
  expect(error.kind).toBe('outcome_unknown');

  const refused = await cli([...REFUND, ...PRODUCTION]);
  expect(refused.code, refused.stderr).toBe(4);
  expect(refused.stderr).toContain('intent_unresolved');
  expect(refused.stderr).toContain(error.idempotencyKey);
  expect(refused.stderr).toContain('Production (production)');

  const unresolved = await cli(['audit', 'unresolved', '--json']);
  const [open] = JSON.parse(unresolved.stdout) as Array<{ intentId: string; idempotencyKey: string }>;
  expect(open?.idempotencyKey).toBe(error.idempotencyKey);

  const resent = await cli([...REFUND, ...PRODUCTION, '--idempotency-key', error.idempotencyKey, '--json']);
  expect(resent.code, resent.stderr).toBe(0);
  const refundId = (JSON.parse(resent.stdout) as { refund_id: number }).refund_id;

  expect(JSON.parse((await cli(['audit', 'unresolved', '--json'])).stdout)).toEqual([]);
  const made = new Set(
    gateway.posts
      .filter((post) => post.path === '/v3/refunds' && post.status === 200)
      .map((post) => (JSON.parse(post.answer) as { refund_id: number }).refund_id),
  );
  expect([...made]).toEqual([refundId]);
});

test('a deposit with an invoice id already used exits 5 until confirmed, and audit settle records who and why', async () => {
  const bodyFile = join(dataDir, 'deposit.json');
  await writeFile(
    bodyFile,
    JSON.stringify({ amount: 10, country: 'BR', currency: 'BRL', invoice_id: 'INV-CLI-1' }),
  );
  const first = await cli(['deposits', 'create', '--body', bodyFile]);
  expect(first.code, first.stderr).toBe(0);
  const intentId = /# journal intent: (\S+)/.exec(first.stdout)?.[1] ?? 'missing';

  const again = await cli(['deposits', 'create', '--body', bodyFile]);
  expect(again.code, again.stderr).toBe(5);
  expect(again.stderr).toContain(intentId);

  const second = await cli(['deposits', 'create', '--body', bodyFile, '--confirm-duplicate-of', intentId]);
  expect(second.code, second.stderr).toBe(0);

  // A deposit answered 502 after the service made it: exit 3, then settled by hand.
  for (let attempt = 0; attempt < 3; attempt += 1)
    gateway.arm('bad_gateway_after', { method: 'POST', path: /^\/v3\/deposits$/ });
  const other = join(dataDir, 'other.json');
  await writeFile(
    other,
    JSON.stringify({ amount: 11, country: 'BR', currency: 'BRL', invoice_id: 'INV-CLI-2' }),
  );
  const failed = await cli(['deposits', 'create', '--body', other]);
  gateway.disarm();
  expect(failed.code, failed.stderr).toBe(3);
  const [open] = JSON.parse((await cli(['audit', 'unresolved', '--json'])).stdout) as Array<{
    intentId: string;
  }>;
  const bad = await cli(['audit', 'settle', open?.intentId ?? '', '--verdict', 'maybe', '--note', 'x']);
  expect(bad.code).toBe(2);
  const settled = await cli([
    'audit',
    'settle',
    open?.intentId ?? '',
    '--verdict',
    'happened',
    '--note',
    'deposit seen in the merchant panel',
    '--json',
  ]);
  expect(settled.code, settled.stderr).toBe(0);
  expect(JSON.parse(settled.stdout)).toMatchObject({ resolutionMethod: 'manual', state: 'ok' });
  expect(JSON.parse((await cli(['audit', 'unresolved', '--json'])).stdout)).toEqual([]);
});

test('audit retry: production through PAYDESK_BASE_URL needs --yes; under 23 hours it settles, after it never sends', async () => {
  now = Date.now();
  const added = await cli(
    ['env', 'add', '--name', 'Production', '--kind', 'production', '--base-url', gateway.baseUrl],
    false,
  );
  expect(added.code, added.stderr).toBe(0);
  const loseTwo = (): void => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      gateway.arm('lose_after', { method: 'POST', path: /^\/v3\/refunds$/ });
  };
  loseTwo();
  expect((await cli([...REFUND, ...PRODUCTION])).code).toBe(3);
  gateway.disarm();
  const [first] = JSON.parse((await cli(['audit', 'unresolved', '--json'])).stdout) as Array<{
    intentId: string;
  }>;

  const unarmed = await cli(['audit', 'retry', first?.intentId ?? '']);
  expect(unarmed.code).toBe(2);
  expect(unarmed.stderr).toContain('add --yes');
  const retried = await cli(['audit', 'retry', first?.intentId ?? '', '--yes', '--json']);
  expect(retried.code, retried.stderr).toBe(0);
  expect(JSON.parse(retried.stdout)).toMatchObject({ resolutionMethod: 'retried_same_key', state: 'ok' });

  // Another refund lost, then a weekend: its key is never sent again.
  loseTwo();
  expect((await cli([...REFUND, ...PRODUCTION])).code).toBe(3);
  gateway.disarm();
  const [second] = JSON.parse((await cli(['audit', 'unresolved', '--json'])).stdout) as Array<{
    intentId: string;
    idempotencyKey: string;
  }>;
  now += 25 * 3_600_000;
  const posts = gateway.posts.length;
  const late = await cli(['audit', 'retry', second?.intentId ?? '', '--yes']);
  expect(late.code).toBe(1);
  expect(late.stderr).toContain('more than 23 hours ago');
  const resend = await cli([...REFUND, ...PRODUCTION, '--idempotency-key', second?.idempotencyKey ?? '']);
  expect(resend.code).toBe(1);
  expect(resend.stderr).toContain('more than 23 hours ago');
  expect(gateway.posts.length).toBe(posts);
  const listed = await cli(['audit', 'unresolved']);
  expect(listed.stdout).toContain('first sent more than 23 hours ago');
});
