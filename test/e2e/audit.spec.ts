import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { SEEDED_RECORDS, startSandbox, type SandboxHandle } from '../../main/sandbox';
import { dropSeed } from '../unit/console/console-fixture';
import { expect, test, type PaydeskCaller } from './fixtures';
import { setSandboxFaults, useSandboxEnvironment } from './support/money-environments';

/**
 * The audit journal (issue 6) and the outcome-unknown notice: every change through main leaves
 * an intent and an outcome line; the table is filtered by environment, action, days and outcome;
 * the chain is verified with its head hash; the CSV export neutralises formula cells. A change
 * whose answer was lost is announced on every screen and settled from its panel by reading the
 * status again or by sending it again under its ORIGINAL key (D6), never a new one.
 */

const PENDING_CASHOUT = { cashoutId: SEEDED_RECORDS.pendingCashout, externalId: 'payout-7781' };

function auditRows(app: Page): Locator {
  return app.getByTestId('audit-row');
}

async function openJournal(app: Page): Promise<void> {
  await app.getByRole('link', { name: 'Audit journal', exact: true }).click();
  // A hovered current navbar entry is the shell's own look.
  await app.mouse.move(700, 5);
  await expect(app.getByRole('heading', { name: 'Audit journal', level: 2 })).toBeVisible();
}

function filters(app: Page): Locator {
  return app.getByRole('form', { name: 'Filter the journal' });
}

/** The page's own calendar day, `days` from today, as `<input type="date">` takes it. */
function localDay(app: Page, days: number): Promise<string> {
  return app.evaluate((offset) => {
    const day = new Date();
    day.setDate(day.getDate() + offset);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, days);
}

async function environmentId(paydesk: PaydeskCaller, name: string): Promise<string> {
  const list = await paydesk.call('listEnvironments', {});
  if (!list.ok) throw new Error(list.error.message);
  const found = list.data.environments.find((environment) => environment.name === name);
  if (!found) throw new Error(`no environment named ${name}`);
  return found.id;
}

test.describe('the journal', () => {
  test.use({ freshBridge: true });
  let second: SandboxHandle;
  test.beforeAll(async () => {
    second = await startSandbox({ seed: 8081 });
  });
  test.afterAll(async () => {
    await second.close();
  });

  test('a cancel and two creates show as intent and outcome lines; filters narrow them; the chain verifies; CSV export', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    // A cancel on the embedded local sandbox, its reason a formula a spreadsheet would run.
    const cancelled = await paydesk.call('cancelCashout', { ...PENDING_CASHOUT, reason: '=1+1 by e2e' });
    expect(cancelled.ok, 'the cancel went through').toBe(true);
    // A create on a second environment, and one whose every answer is lost.
    await useSandboxEnvironment(paydesk, second, 'Second testing', 'testing');
    const created = await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } });
    if (!created.ok) throw new Error(created.error.message);
    await setSandboxFaults(second, {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const lost = await paydesk.call('createDeposit', { body: { amount: 7, country: 'BR' } });
    expect(!lost.ok && lost.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(second, { rate: 0 });

    await app.reload();
    await openJournal(app);
    const rows = auditRows(app);
    await expect(rows).toHaveCount(6);
    // Newest first: the lost create's outcome on top, the cancel's intent at the bottom.
    await expect(rows.first()).toHaveAttribute('data-type', 'outcome');
    await expect(rows.first()).toHaveAttribute('data-state', 'outcome_unknown');
    await expect(rows.last()).toHaveAttribute('data-type', 'intent');
    await expect(rows.last()).toHaveAttribute('data-action', 'cashout.cancel');
    const cancelOutcome = rows
      .filter({ has: app.locator('[data-field="type"]', { hasText: 'Outcome' }) })
      .last();
    await expect(cancelOutcome).toHaveAttribute('data-action', 'cashout.cancel');
    await expect(cancelOutcome.locator('[data-field="outcome"]')).toContainText('Succeeded');
    await expect(cancelOutcome.locator('[data-field="outcome"]')).toContainText('CANCELLED');
    // The reason is the intent's: shown as text, never evaluated.
    await expect(rows.last().locator('[data-field="reason"]')).toHaveText('=1+1 by e2e');
    await expect(cancelOutcome.locator('[data-field="ids"]')).toContainText(
      String(PENDING_CASHOUT.cashoutId),
    );
    const createdRow = app.locator(
      `[data-testid="audit-row"][data-type="outcome"][data-action="deposit.create"][data-state="ok"]`,
    );
    await expect(createdRow.locator('[data-field="ids"]')).toContainText(
      String(created.data.created.record.deposit_id),
    );
    await expect(createdRow.locator('[data-field="idempotencyKey"]')).toHaveText(created.data.idempotencyKey);

    const form = filters(app);
    const environment = form.getByRole('combobox', { name: 'Environment' });
    await environment.selectOption(await environmentId(paydesk, 'Local sandbox'));
    await expect(rows).toHaveCount(2);
    await environment.selectOption(await environmentId(paydesk, 'Second testing'));
    await expect(rows).toHaveCount(4);
    await form.getByRole('combobox', { name: 'Outcome' }).selectOption('outcome_unknown');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'outcome_unknown');
    await form.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(6);
    await form.getByRole('combobox', { name: 'Action' }).selectOption('cashout.cancel');
    await expect(rows).toHaveCount(2);
    await form.getByLabel('From (day)').fill(await localDay(app, 1));
    await expect(app.getByTestId('audit-empty')).toHaveText('No journal line matches these filters.');
    await form.getByLabel('From (day)').fill(await localDay(app, 0));
    await form.getByLabel('To (day, included)').fill(await localDay(app, 0));
    await expect(rows).toHaveCount(2);
    await form.getByLabel('To (day, included)').fill(await localDay(app, -1));
    await expect(form.getByText('The last day is before the first day.')).toBeVisible();
    // The last valid filter stays applied meanwhile.
    await expect(rows).toHaveCount(2);
    await form.getByLabel('To (day, included)').fill(await localDay(app, 0));

    await app.getByTestId('audit-verify').click();
    const report = app.getByTestId('audit-verify-report');
    await expect(report).toHaveAttribute('data-ok', 'true');
    const verified = await paydesk.call('auditVerify', {});
    if (!verified.ok || verified.data.headHash === null) throw new Error('the journal did not verify');
    await expect(report.getByTestId('audit-head-hash')).toHaveText(verified.data.headHash);
    await expect(report).toContainText('6 lines read');

    const downloading = app.waitForEvent('download');
    await app.getByTestId('audit-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^paydesk-audit-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = csv.trimEnd().split(/\r?\n/);
    expect(header?.split(',').slice(0, 3)).toEqual(['seq', 'time', 'type']);
    expect(header).toContain('idempotency_key');
    // Only the filtered cancel: its intent and its outcome.
    expect(lines).toHaveLength(2);
    // The reason is written as text: a leading quote keeps a spreadsheet from running it.
    expect(csv).toContain(",'=1+1 by e2e,");
    await expect(app.getByTestId('audit-exported')).toContainText(download.suggestedFilename());

    await axe();
    await app.evaluate(() => window.scrollTo(0, 0));
    await saveScreen('audit-journal');
  });
});
