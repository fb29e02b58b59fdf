import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { CREDENTIAL_FIELDS, type DepositStatus, type Fetched, type JsonValue } from '../../shared/contract';
import { SEEDED_RECORDS, startSandbox, type SandboxHandle } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';
import { whileSlowService } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Deposit lookup: every field of the status record shown, absent ones as "—", the
 * status badge, amounts, payer, card, bonus, refunded, payer verification in words, the raw JSON
 * with unknown fields highlighted (D12), errors phrased from their kind, refresh, and the loading
 * state a slow service shows.
 */

/** Full-page screenshots are taken from the top, so the fixed header sits where it belongs. */
/** Every field of the contract's DepositStatus, by the dotted name the view puts in data-field. */
const FIELDS = [
  'deposit_id',
  'status',
  'invoice_id',
  'user_id',
  'country',
  'currency',
  'payment_method',
  'payment_type',
  'refunded',
  'local_amount',
  'amount',
  'usd_amount',
  'fee_amount',
  'fee_currency',
  'bonus_amount',
  'bonus_relative',
  'payer.first_name',
  'payer.last_name',
  'payer.document_type',
  'payer.document',
  'payer.email',
  'payer.address.street',
  'payer.address.city',
  'payer.address.state',
  'payer.address.zip_code',
  'card_detail.card_holder',
  'card_detail.brand',
  'card_detail.masked_card',
  'card_detail.expiration',
  'card_detail.card_type',
  'card_detail.transaction_result',
  'current_payer_verification',
] as const;

const SEEDED_DEPOSIT_IDS = Array.from(
  { length: 11 },
  (_, index) => SEEDED_RECORDS.completedCardDeposit + index,
);

function valueAt(record: DepositStatus, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }, record);
}

/** What the English view shows for a present value (or a part of it, for money). */
function shownAs(path: string, value: unknown): string {
  if (path === 'deposit_id') return String(value);
  if (path === 'bonus_relative') return value ? 'Relative' : 'Absolute';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(value);
  return String(value);
}

async function getDeposit(paydesk: PaydeskCaller, depositId: number): Promise<Fetched<DepositStatus>> {
  const result = await paydesk.call('getDeposit', { depositId });
  if (!result.ok) throw new Error(`getDeposit ${depositId}: ${result.error.kind}`);
  return result.data;
}

async function jumpTo(app: Page, text: string): Promise<void> {
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(text);
  await box.press('Enter');
}

test('every field of every seeded deposit is shown, absent ones as "—", with the raw answer', async ({
  console: app,
  paydesk,
}) => {
  for (const depositId of SEEDED_DEPOSIT_IDS) {
    const fetched = await getDeposit(paydesk, depositId);
    await jumpTo(app, `dep ${depositId}`);
    const detail = app.getByTestId('deposit-detail');
    await expect(detail).toHaveAttribute('data-deposit-id', String(depositId));
    await expect(detail.locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      fetched.record.status,
    );

    for (const path of FIELDS) {
      const cell = detail.locator(`[data-field="${path}"]`);
      await expect(cell, `${depositId} ${path}`).toHaveCount(1);
      const value = valueAt(fetched.record, path);
      if (value === undefined || value === null || value === '') {
        await expect(cell, `${depositId} ${path} is absent`).toHaveText('—');
        await expect(cell.locator('[data-absent]')).toHaveCount(1);
      } else {
        await expect(cell, `${depositId} ${path}`).toContainText(shownAs(path, value));
        await expect(cell.locator('[data-absent]')).toHaveCount(0);
      }
    }
    await expect(detail.getByTestId('raw-json')).toHaveText(JSON.stringify(fetched.raw, null, 2), {
      useInnerText: true,
    });
    await expect(detail.getByTestId('unknown-fields')).toHaveText(
      'Every field is one the specification describes.',
    );
  }
});

test('a completed card deposit: badge, amounts with currencies, payer, card, verification in words', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await jumpTo(app, String(SEEDED_RECORDS.completedCardDeposit));
  const detail = app.getByTestId('deposit-detail');
  await expect(detail.getByRole('heading', { name: 'Deposit 300000001' })).toBeVisible();
  await expect(detail.locator('[data-status="COMPLETED"]')).toHaveText('Completed');
  await expect(detail.locator('[data-field="local_amount"]')).toHaveText('BRL 150.00');
  await expect(detail.locator('[data-field="usd_amount"]')).toHaveText(/^USD\s[\d,.]+$/);
  await expect(detail.locator('[data-field="fee_amount"]')).toHaveText(/^USD\s[\d,.]+$/);
  await expect(detail.locator('[data-field="payer.address.city"]')).toHaveText('Sao Paulo');
  await expect(detail.locator('[data-field="card_detail.brand"]')).toHaveText('VISA');
  await expect(detail.locator('[data-verification-meaning]')).toHaveAttribute(
    'data-verification-meaning',
    'matched',
  );
  await expect(detail.getByText('The person who paid is the one who created the deposit')).toBeVisible();
  await axe();
  await topOf(app);
  await saveScreen('deposit-detail');
});

test('a hosted deposit not yet final: "amount" instead of "local_amount", explained; most fields "—"', async ({
  console: app,
}) => {
  await jumpTo(app, String(SEEDED_RECORDS.createdHostedDeposit));
  const detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-status="CREATED"]')).toHaveText('Created');
  await expect(detail.locator('[data-field="local_amount"]')).toHaveText('—');
  await expect(detail.locator('[data-field="amount"]')).toHaveText(/^MXN\s[\d,.]+$/);
  await expect(detail.getByText('This record is not final yet')).toBeVisible();
  await expect(detail.locator('[data-field="payer.email"]')).toHaveText('—');
  await expect(detail.locator('[data-field="card_detail.brand"]')).toHaveText('—');
});

test('bonus and payer verification meanings', async ({ console: app }) => {
  await jumpTo(app, String(SEEDED_RECORDS.quickPayBonusDeposit));
  let detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-field="bonus_amount"]')).toHaveText('MXN 10.00');
  await expect(detail.locator('[data-field="bonus_relative"]')).toHaveText('Absolute');

  await jumpTo(app, String(SEEDED_RECORDS.unmatchedCardDeposit));
  detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-verification-meaning]')).toHaveAttribute(
    'data-verification-meaning',
    'differs',
  );
  await expect(detail.getByText('The person who paid is NOT the one who created the deposit')).toBeVisible();
  await expect(detail.getByText('Look twice before refunding or releasing funds.')).toBeVisible();

  await jumpTo(app, String(SEEDED_RECORDS.earlyReleasedDeposit));
  detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-status="EARLY RELEASED"]')).toHaveText('Early released');
  await expect(detail.locator('[data-verification-meaning]')).toHaveAttribute(
    'data-verification-meaning',
    'no_data',
  );

  await jumpTo(app, String(SEEDED_RECORDS.refundedBankDeposit));
  detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-field="refunded"]')).toHaveText('Yes');
  await expect(detail.getByText('Refunded', { exact: true }).first()).toBeVisible();
});

test('the lookup form: an invalid id is explained inline, a valid one opens the record', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await app.getByRole('link', { name: 'Deposits' }).click();
  const field = app.getByTestId('deposit-id-input');
  await expect(field).toBeFocused();
  // Nothing typed is explained inline; text that is not an id searches the record index.
  await app.getByTestId('deposit-lookup-submit').click();
  await expect(app.getByText('A deposit id is a positive whole number.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await axe();
  await topOf(app);
  await saveScreen('deposits-lookup-form');
  await field.fill('30000000x');
  await field.press('Enter');
  await expect(app.getByTestId('matches-empty')).toContainText('“30000000x”');

  await field.fill('300000002');
  await field.press('Enter');
  await expect(app).toHaveURL(/#\/deposits\/300000002$/);
  await expect(app.getByTestId('deposit-detail')).toHaveAttribute('data-deposit-id', '300000002');
});

test('an unknown deposit: the not-found error in words, with the details and a retry', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  await jumpTo(app, 'dep 399999999');
  const notice = app.locator('[data-error-kind="not_found"]');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nothing was found with this id');
  await expect(notice).toContainText('The service knows no record with this id in the active environment.');
  await expect(notice).toContainText('HTTP status: 404');
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
  await axe();
  await topOf(app);
  await saveScreen('deposit-not-found');
});

test('an address with a malformed deposit id says so instead of calling the service', async ({
  console: app,
}) => {
  await app.evaluate(() => {
    window.location.hash = '#/deposits/abc';
  });
  const notice = app.locator('[data-error-kind="validation"]');
  await expect(notice).toContainText('"abc" in the address is not a deposit id.');
  await expect(app.getByTestId('deposit-detail')).toHaveCount(0);
});

test.describe('against a slow service', () => {
  test.use({ freshBridge: true });
  const slow = sandboxPerDescribe({ seed: 42 });

  test('a lookup shows its loading state (named for screen readers) until the answer, then the record', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    // Every answer from now on is 0.4 to 4 s late: under the 5 s X-Date window (D2), which a delay
    // before the service reads the request counts against, and the client's 15 s time limit.
    await whileSlowService(paydesk, slow(), 4_000, async () => {
      const depositId = SEEDED_RECORDS.completedCardDeposit;
      await app.getByTestId('jump-input').fill(String(depositId));
      await app.getByTestId('jump-input').press('Enter');
      const loading = app.locator('[data-loading="true"]');
      await expect(loading).toHaveAttribute('aria-busy', 'true');
      await expect(loading.getByRole('status')).toHaveText(new RegExp(String(depositId)));
      await expect(app.getByTestId('deposit-detail')).toHaveCount(0);
      await axe();
      await saveScreen('deposit-loading');
      await expect(app.getByTestId('deposit-detail')).toHaveAttribute('data-deposit-id', String(depositId), {
        timeout: 20_000,
      });
      await expect(loading).toHaveCount(0);
    });
  });
});

test.describe('against a changing service', () => {
  test.use({ freshBridge: true });

  test('refresh reads the record again', async ({ console: app, paydesk }) => {
    const depositId = SEEDED_RECORDS.pendingVoucherDeposit;
    await jumpTo(app, String(depositId));
    const detail = app.getByTestId('deposit-detail');
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');

    const moved = await paydesk.call('transitionSandboxRecord', {
      entity: 'deposit',
      id: depositId,
      to: 'COMPLETED',
    });
    expect(moved).toMatchObject({ ok: true });
    // Nothing changes on screen until asked: the view shows what was read, when it was read.
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
    await detail.getByTestId('deposit-refresh').click();
    await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED');
    await expect(detail.locator('[data-status="COMPLETED"]')).toHaveText('Completed');
  });

  test.describe('a service that added fields the spec does not know (D12)', () => {
    let sandbox: SandboxHandle;
    let proxy: Server;
    let proxyUrl: string;

    test.beforeAll(async () => {
      sandbox = await startSandbox({ seed: 77 });
      proxy = await startFieldAddingProxy(sandbox.baseUrl);
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    test.afterAll(async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await sandbox.close();
    });

    test('unknown fields are kept, listed and highlighted in the raw view', async ({
      console: app,
      paydesk,
      axe,
      saveScreen,
    }) => {
      const added = await paydesk.call('addEnvironment', {
        name: 'Newer service',
        kind: 'testing',
        baseUrl: proxyUrl,
      });
      if (!added.ok) throw new Error(`addEnvironment: ${added.error.message}`);
      for (const field of CREDENTIAL_FIELDS) {
        const set = await paydesk.call('setCredential', {
          environmentId: added.data.id,
          field,
          value: sandbox.credentials[field],
        });
        expect(set).toMatchObject({ ok: true });
      }
      expect(await paydesk.call('useEnvironment', { id: added.data.id })).toMatchObject({ ok: true });
      await expect(app.getByTestId('environment-switcher')).toContainText('Newer service');

      await jumpTo(app, String(SEEDED_RECORDS.completedCardDeposit));
      const detail = app.getByTestId('deposit-detail');
      await expect(detail.getByTestId('unknown-fields')).toHaveText(
        'Highlighted: 2 fields the specification does not describe (risk_score, acquirer), kept as sent.',
      );
      await expect(detail.locator('mark[data-unknown-field="risk_score"]')).toContainText('"risk_score": 12');
      await expect(detail.locator('mark[data-unknown-field="acquirer"]')).toContainText(
        '"name": "Acme Bank"',
      );
      await expect(detail.locator('mark[data-unknown-field]')).toHaveCount(2);
      // The known fields are still read as usual.
      await expect(detail.locator('[data-field="local_amount"]')).toHaveText('BRL 150.00');
      await axe();
      await topOf(app);
      await saveScreen('deposit-unknown-fields');
    });
  });
});

/**
 * Stands in for a later version of the service: forwards every request to the sandbox untouched
 * (so signatures still verify) and adds two top-level fields to deposit status answers.
 */
function startFieldAddingProxy(target: string): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(parts);
            const isDepositStatus =
              incoming.method === 'GET' && /^\/v3\/deposits\/\d+$/.test(incoming.url ?? '');
            if (isDepositStatus && answer.statusCode === 200) {
              const parsed = JSON.parse(body.toString('utf8')) as { [key: string]: JsonValue };
              body = Buffer.from(
                JSON.stringify({ ...parsed, risk_score: 12, acquirer: { name: 'Acme Bank' } }),
              );
            }
            const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
            outgoing.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
            outgoing.end(body);
          });
        },
      );
      forward.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
