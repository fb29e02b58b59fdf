import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';
import { topOf } from './support/console-ui';
import { useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Sandbox controls: move a deposit, a refund and a cashout (a refused move says why),
 * create a cashout and find it on the cashouts screen, move the clock so a deposit expires, and
 * read the notifications the sandbox sent. The screen and its navbar entry exist only while the
 * local sandbox is the active environment (main refuses the calls elsewhere too).
 *
 * Every test moves records of its bridge's sandbox, so each gets a bridge of its own: the seeded
 * records other specs read stay as seeded.
 */
test.use({ freshBridge: true });

async function openSandbox(app: Page): Promise<void> {
  await app.getByRole('link', { name: 'Sandbox', exact: true }).click();
  // A hovered current navbar entry is the shell's own look.
  await app.mouse.move(700, 5);
  await expect(app.getByRole('heading', { name: 'Sandbox controls', level: 2 })).toBeVisible();
}

/** A titled part of the screen (components/Section marks it with data-section). */
function section(app: Page, id: string): Locator {
  return app.locator(`[data-section="${id}"]`);
}

function transitionForm(app: Page): Locator {
  return app.getByRole('form', { name: 'Move a record to a status' });
}

/** Fills the move form and submits it. */
async function move(
  app: Page,
  entity: 'deposit' | 'refund' | 'cashout',
  id: number,
  to: string,
): Promise<Locator> {
  const form = transitionForm(app);
  await form.getByTestId('transition-entity').selectOption(entity);
  await form.getByTestId('transition-id').fill(String(id));
  await form.getByTestId('transition-to').selectOption(to);
  await form.getByTestId('transition-submit').click();
  return form;
}

async function depositStatus(paydesk: PaydeskCaller, depositId: number): Promise<string | null> {
  const read = await paydesk.call('getDeposit', { depositId });
  return read.ok ? read.data.record.status : null;
}

/** A notification_url that answers 200 and remembers what reached it. */
async function startNotificationReceiver(): Promise<{
  url: string;
  bodies: string[];
  close(): Promise<void>;
}> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paydesk-notify`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('moves a deposit, a refund and a cashout; the moved records read back in their new status', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openSandbox(app);
  await expect(section(app, 'transition')).toBeVisible();
  await expect(section(app, 'create-cashout')).toBeVisible();

  const depositId = SEEDED_RECORDS.pendingVoucherDeposit;
  await move(app, 'deposit', depositId, 'COMPLETED');
  const done = app.getByTestId('transition-done');
  await expect(done).toContainText(`Deposit ${depositId} is now`);
  await expect(done.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED');
  expect(await depositStatus(paydesk, depositId)).toBe('COMPLETED');
  await axe();
  await topOf(app);
  await saveScreen('sandbox-moved');

  // The link opens the moved record where the console shows it, already in its new status.
  await done.getByTestId('transition-open').click();
  await expect(app).toHaveURL(new RegExp(`#/deposits/${depositId}$`));
  const detail = app.getByTestId('deposit-detail');
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED');

  await openSandbox(app);
  const refundId = SEEDED_RECORDS.pendingRefundWithoutAmount;
  await move(app, 'refund', refundId, 'DELIVERED');
  await expect(app.getByTestId('transition-done')).toContainText(`Refund ${refundId} is now`);
  const refund = await paydesk.call('getRefund', { refundId });
  expect(refund.ok ? refund.data.record.status : null).toBe('DELIVERED');

  // A cashout moved to REJECTED carries the bank's code (D7) and the reason given here.
  const cashoutId = SEEDED_RECORDS.pendingCashout;
  const form = transitionForm(app);
  await form.getByTestId('transition-entity').selectOption('cashout');
  await form.getByTestId('transition-id').fill(String(cashoutId));
  await form.getByTestId('transition-to').selectOption('DELIVERED');
  await expect(form.getByTestId('transition-rejection-code')).toHaveCount(0);
  await form.getByTestId('transition-submit').click();
  await expect(app.getByTestId('transition-done')).toContainText(`Cashout ${cashoutId} is now`);
  await form.getByTestId('transition-to').selectOption('REJECTED');
  await form.getByTestId('transition-rejection-code').selectOption('805');
  await form.getByTestId('transition-rejection-reason').fill('Account closed by the holder');
  await form.getByTestId('transition-submit').click();
  await expect(app.getByTestId('transition-done').locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'REJECTED',
  );
  const cashout = await paydesk.call('getCashoutStatus', { cashoutId });
  if (!cashout.ok) throw new Error(cashout.error.message);
  expect(cashout.data.record.cashout_status).toBe(3);
  expect(cashout.data.record.rejection_code).toBe(805);
  expect(cashout.data.record.rejection_reason).toBe('Account closed by the holder');
});

test("a move the state machine refuses is explained and changes nothing; a bad id is caught before it's sent", async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openSandbox(app);
  const form = transitionForm(app);
  await form.getByTestId('transition-id').fill('12x');
  await form.getByTestId('transition-submit').click();
  await expect(form).toContainText('An id is a positive whole number.');

  const depositId = SEEDED_RECORDS.cancelledDeposit;
  await move(app, 'deposit', depositId, 'PENDING');
  const refusal = form.locator('[data-error-kind="invalid_state"]');
  await expect(refusal).toContainText('Not possible in the current state');
  // The sandbox's reason: where the record is and where it could go instead.
  await expect(refusal).toContainText('CANCELLED → PENDING is not allowed');
  await expect(refusal).toContainText('COMPLETED');
  await expect(app.getByTestId('transition-done')).toHaveCount(0);
  expect(await depositStatus(paydesk, depositId)).toBe('CANCELLED');

  await move(app, 'refund', 999_999, 'COMPLETED');
  await expect(form.locator('[data-error-kind="not_found"]')).toBeVisible();
  await axe();
  await topOf(app);
  await saveScreen('sandbox-refused-move');
});

test('creates a cashout: both ids shown, then found by either id on the cashouts screen', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  await openSandbox(app);
  const form = app.getByRole('form', { name: 'Create a cashout in the sandbox' });
  await form.getByTestId('cashout-amount').fill('0');
  await form.getByTestId('cashout-submit').click();
  await expect(form).toContainText('Enter an amount greater than zero');

  await form.getByTestId('cashout-external-id').fill('e2e-sandbox-payout-1');
  await form.getByTestId('cashout-amount').fill('250.5');
  await form.getByTestId('cashout-country').selectOption('MX');
  await form.getByTestId('cashout-submit').click();
  const created = app.getByTestId('cashout-created');
  await expect(created).toBeVisible();
  await expect(created.locator('[data-field="external_id"]')).toContainText('e2e-sandbox-payout-1');
  const cashoutIdText = (await created.locator('[data-field="cashout_id"]').innerText()).trim();
  const cashoutId = Number(cashoutIdText);
  expect(Number.isSafeInteger(cashoutId) && cashoutId > 0, `cashout id "${cashoutIdText}"`).toBe(true);
  // The service agrees with what the screen said.
  const read = await paydesk.call('getCashoutStatus', { externalId: 'e2e-sandbox-payout-1' });
  expect(read.ok ? read.data.record.cashout_status : null).toBe(0);
  await axe();
  await topOf(app);
  await saveScreen('sandbox-cashout-created');

  await created.getByTestId('cashout-open-by-external-id').click();
  await expect(app).toHaveURL(/#\/cashouts\?externalId=e2e-sandbox-payout-1$/);
  const status = app.getByTestId('cashout-status');
  await expect(status.locator('[data-status]').first()).toHaveAttribute('data-status', 'PENDING');
  await expect(status.locator('[data-field="external_id"]')).toHaveText('e2e-sandbox-payout-1');

  await app.goBack();
  await expect(app.getByRole('heading', { name: 'Sandbox controls', level: 2 })).toBeVisible();
  // The form's answer is gone with the page it was on: the jump box finds the cashout by its id.
  await app.getByTestId('jump-button').click();
  const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
  await box.fill(`co ${cashoutId}`);
  await box.press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/cashouts\\?cashoutId=${cashoutId}$`));
  await expect(app.getByTestId('cashout-status').locator('[data-field="cashout_status"]')).toHaveText('0');
});

test('the clock moves forward, a deposit expires, and the notifications log shows what was sent', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  const receiver = await startNotificationReceiver();
  try {
    // HOSTED: CREATED until its checkout is used, expiring a day later (sandbox HOSTED_EXPIRY_MINUTES).
    const made = await paydesk.call('createDeposit', {
      body: { amount: 12, country: 'BR', notification_url: receiver.url },
    });
    if (!made.ok) throw new Error(made.error.message);
    const depositId = made.data.created.record.deposit_id;
    expect(await depositStatus(paydesk, depositId)).toBe('CREATED');

    await openSandbox(app);
    const log = section(app, 'notifications');
    // Creation notifies nobody (D11): the log has nothing of this deposit yet.
    await expect(log.getByText(`{"deposit_id":${depositId}}`)).toHaveCount(0);

    const before = await paydesk.call('advanceSandboxClock', { seconds: 0 });
    if (!before.ok) throw new Error(before.error.message);
    await app.getByTestId('clock-preset-hour').click();
    const now = app.getByTestId('clock-now');
    await expect(now).toBeVisible();
    const afterHour = Date.parse((await now.locator('[data-now]').getAttribute('data-now')) ?? '');
    expect(afterHour - Date.parse(before.data.now)).toBeGreaterThanOrEqual(3_600_000);
    expect(await depositStatus(paydesk, depositId)).toBe('CREATED');

    // The typed form: a day more is past the hosted deposit's expiry.
    await app.getByTestId('clock-seconds').fill('-5');
    await expect(app.getByTestId('clock-seconds')).not.toHaveValue('-5');
    await app.getByTestId('clock-seconds').fill('86400');
    await app.getByTestId('clock-advance').click();
    await expect
      .poll(async () => Date.parse((await now.locator('[data-now]').getAttribute('data-now')) ?? ''))
      .toBeGreaterThanOrEqual(afterHour + 86_400_000);
    await expect.poll(() => depositStatus(paydesk, depositId)).toBe('EXPIRED');

    // The expiry was notified to the deposit's notification_url, and the log says so.
    await expect.poll(() => receiver.bodies).toContain(JSON.stringify({ deposit_id: depositId }));
    await expect(async () => {
      await log.getByTestId('notifications-refresh').click();
      const row = log
        .locator('[data-notification-row]')
        .filter({ hasText: `{"deposit_id":${depositId}}` })
        .first();
      await expect(row).toHaveAttribute('data-delivered', 'true', { timeout: 1_000 });
      await expect(row.locator('[data-field="url"]')).toHaveText(receiver.url, { timeout: 1_000 });
      await expect(row.locator('[data-field="answer"]')).toContainText('Delivered (200)', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(log.getByRole('table')).toContainText(/\d+ attempts?, newest first/);
    await axe();
    await topOf(app);
    await saveScreen('sandbox-controls');

    // The deposit screen reads it afresh: expired.
    await app.getByTestId('jump-button').click();
    const box = app.getByRole('dialog', { name: 'Go to a record' }).getByTestId('jump-input');
    await box.fill(`dep ${depositId}`);
    await box.press('Enter');
    await expect(app.getByTestId('deposit-detail').locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'EXPIRED',
    );

    // D13: the travel moved only the business clock. The signed reads since then measured the
    // service's Date header, and the header's clock still says in sync, with no correction.
    const clock = app.getByTestId('clock-indicator');
    await expect(clock).toHaveAttribute('data-clock-state', 'in_sync');
    await expect(clock).toHaveAttribute('data-blocks-mutations', 'false');
    await expect(clock).toContainText('Clock in sync');
    await expect(clock).not.toContainText('corrected');
    const measured = await paydesk.call('getClockStatus', {});
    if (!measured.ok) throw new Error(measured.error.message);
    expect(measured.data).toMatchObject({ state: 'in_sync', correctionActive: false });
    expect(measured.data.samples).toBeGreaterThan(1);
  } finally {
    await receiver.close();
  }
});

test.describe('not on another kind of environment', () => {
  const sandbox = sandboxPerDescribe({ seed: 7 });

  test('a testing environment (even one pointing at a sandbox) has no Sandbox entry, no controls, and main refuses them', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const nav = app.getByRole('navigation', { name: 'Screens' });
    await expect(nav.getByRole('link', { name: 'Sandbox', exact: true })).toBeVisible();
    await useSandboxEnvironment(paydesk, sandbox(), 'Staging on a sandbox', 'testing');
    await expect(app.getByRole('link', { name: 'Sandbox', exact: true })).toHaveCount(0);

    await app.evaluate(() => {
      window.location.hash = '#/sandbox';
    });
    await expect(app.getByRole('heading', { name: 'Sandbox controls', level: 2 })).toBeVisible();
    const unavailable = app.getByTestId('sandbox-unavailable');
    await expect(unavailable).toContainText('Only on a local sandbox');
    await expect(unavailable).toContainText('Staging on a sandbox is not a local sandbox');
    await expect(transitionForm(app)).toHaveCount(0);
    await expect(section(app, 'clock')).toHaveCount(0);
    await expect(section(app, 'notifications')).toHaveCount(0);

    // Whatever a page asks, main does not move a testing environment's records.
    const refused = await paydesk.call('transitionSandboxRecord', {
      entity: 'deposit',
      id: SEEDED_RECORDS.pendingVoucherDeposit,
      to: 'COMPLETED',
    });
    expect(refused.ok ? null : refused.error.kind).toBe('not_permitted');
    const clock = await paydesk.call('advanceSandboxClock', { seconds: 86_400 });
    expect(clock.ok ? null : clock.error.kind).toBe('not_permitted');
    const fetched = await fetch(`${sandbox().controlUrl}/deposits/${SEEDED_RECORDS.pendingVoucherDeposit}`);
    expect(((await fetched.json()) as { status?: string }).status).toBe('PENDING');

    await axe();
    await saveScreen('sandbox-not-available');

    await unavailable.getByRole('link', { name: 'Go to Environments' }).click();
    await expect(app).toHaveURL(/#\/environments$/);
  });
});
