import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { addPerson, initTeam } from '../../main/core/team/people';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { startPostgresCluster } from '../support/postgres-cluster';
import { dataOf } from '../support/result';
import { governRefunds, ownedDatabaseOn } from '../support/team-database';
import { dropSeed } from '../unit/console/console-fixture';
import { expect, test, type PaydeskCaller } from './fixtures';
import { setSandboxFaults, useSandboxEnvironment } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * The audit journal and the outcome-unknown notice: every change through main leaves
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
  const second = sandboxPerDescribe({ seed: 8081 });

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
    await useSandboxEnvironment(paydesk, second(), 'Second testing', 'testing');
    const created = await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } });
    if (!created.ok) throw new Error(created.error.message);
    await setSandboxFaults(second(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const lost = await paydesk.call('createDeposit', { body: { amount: 7, country: 'BR' } });
    expect(!lost.ok && lost.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(second(), { rate: 0 });

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
    const verified = await paydesk.call('verifyAudit', {});
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

    // A removed environment's lines stay, and it can still be chosen in the filter.
    const localId = await environmentId(paydesk, 'Local sandbox');
    const secondId = await environmentId(paydesk, 'Second testing');
    expect((await paydesk.call('useEnvironment', { id: localId })).ok).toBe(true);
    // Not while its lost create is unresolved: its retry and status read need a way to its account.
    const kept = await paydesk.call('removeEnvironment', { id: secondId });
    expect(!kept.ok && kept.error.text).toMatchObject({ key: 'environment.unresolvedIntents' });
    const unresolved = await paydesk.call('listUnresolvedIntents', {});
    if (!unresolved.ok) throw new Error(unresolved.error.message);
    const [open] = unresolved.data;
    const settled = await paydesk.call('settleIntent', {
      intentId: open?.intentId ?? '',
      verdict: 'did_not_happen',
      note: 'not in the merchant panel',
    });
    expect(settled.ok).toBe(true);
    expect((await paydesk.call('removeEnvironment', { id: secondId })).ok).toBe(true);
    await app.reload();
    await form.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(7);
    await environment.selectOption({ label: 'Second testing (removed)' });
    await expect(rows).toHaveCount(5);

    await axe();
    await app.evaluate(() => window.scrollTo(0, 0));
    await saveScreen('audit-journal');
  });
});

test.describe('a changed journal', () => {
  test.use({ freshBridge: true });

  test('verify names the first broken line, its kind and the head hash of what is intact', async ({
    console: app,
    paydesk,
    webBridge,
    axe,
  }) => {
    const cancelled = await paydesk.call('cancelCashout', { ...PENDING_CASHOUT, reason: 'Customer asked' });
    expect(cancelled.ok, 'the cancel went through').toBe(true);
    const intact = await paydesk.call('verifyAudit', {});
    if (!intact.ok) throw new Error(intact.error.message);
    // Someone edits the outcome line (line 2) by hand, keeping it valid JSON.
    const files = await readdir(webBridge.dataDir, { recursive: true });
    const journalFile = files.find((file) => file.endsWith('journal.jsonl'));
    if (!journalFile) throw new Error('no journal file in the data folder');
    const path = join(webBridge.dataDir, journalFile);
    const [first, second, ...rest] = (await readFile(path, 'utf8')).split('\n');
    expect(second).toContain('CANCELLED');
    await writeFile(path, [first, second?.replace('CANCELLED', 'PENDING'), ...rest].join('\n'));

    await openJournal(app);
    await app.getByTestId('audit-verify').click();
    const report = app.getByTestId('audit-verify-report');
    await expect(report).toHaveAttribute('data-ok', 'false');
    await expect(report).toContainText('The chain is broken');
    const problem = report.locator('[data-problem-kind]');
    await expect(problem).toHaveAttribute('data-problem-kind', 'tampered');
    await expect(problem).toHaveAttribute('data-problem-line', '2');
    await expect(problem).toContainText('Line 2: the line was changed after it was written.');
    // The sentence from the locale files (main's text key), not main's English message.
    await expect(problem).toContainText('does not match its own fingerprint');
    await expect(problem).not.toContainText('hash');
    await expect(report).toContainText('1 line is intact before the problem.');
    const afterEdit = await paydesk.call('verifyAudit', {});
    if (!afterEdit.ok || afterEdit.data.headHash === null) throw new Error('no head hash after the edit');
    await expect(report.getByTestId('audit-head-hash')).toHaveText(afterEdit.data.headHash);
    expect(afterEdit.data.headHash).not.toBe(intact.data.headHash);
    await axe();
  });
});

test.describe('outcome unknown', () => {
  test.use({ freshBridge: true });
  const service = sandboxPerDescribe({ seed: 8082 });

  test('announced on every screen after a reload; a lost cancel settled by re-reading, a lost create by a retry with its ORIGINAL key', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await useSandboxEnvironment(paydesk, service(), 'Lossy testing', 'testing');
    // Three guard reads pass, the DELETE is dropped after the cancel took effect, and every
    // attempt of the status read right after is dropped too: nobody knows what happened.
    await setSandboxFaults(service(), {
      rate: 0.5,
      kinds: ['drop'],
      seed: dropSeed(['none', 'none', 'none', 'after', 'after', 'after', 'after', 'after', 'after']),
    });
    const cancel = await paydesk.call('cancelCashout', PENDING_CASHOUT);
    expect(!cancel.ok && cancel.error.kind).toBe('outcome_unknown');
    // Every attempt of a create is dropped after the service acted: the first one made the deposit.
    await setSandboxFaults(service(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const create = await paydesk.call('createDeposit', { body: { amount: 21.5, country: 'BR' } });
    if (create.ok || create.error.kind !== 'outcome_unknown') throw new Error('the create was not lost');
    const originalKey = create.error.idempotencyKey ?? 'no key';
    await setSandboxFaults(service(), { rate: 0 });

    // What a restart shows: the notice on whatever screen opens first.
    await app.reload();
    const banner = app.getByTestId('outcome-unknown-banner');
    await expect(banner).toContainText('Outcome unknown: 2 changes may or may not have happened');
    await expect(app.getByRole('heading', { name: 'Lookup', level: 2 })).toBeVisible();
    await banner.getByRole('link', { name: 'Settle now' }).click();
    await expect(app).toHaveURL(/#\/audit\/unresolved$/);
    await expect(app.getByRole('heading', { name: 'Outcome unknown', level: 2 })).toBeVisible();
    const intents = app.getByTestId('unresolved-intent');
    await expect(intents).toHaveCount(2);
    const lostCancel = intents.and(app.locator('[data-action="cashout.cancel"]'));
    const lostCreate = intents.and(app.locator('[data-action="deposit.create"]'));
    await expect(lostCancel).toHaveAttribute('data-cause', 'answer_lost');
    await expect(lostCancel.getByRole('heading', { level: 3 })).toHaveText('Cancel cashout in Lossy testing');
    await expect(lostCancel.locator('[data-field="ids"]')).toContainText(
      `Cashout: ${PENDING_CASHOUT.cashoutId} · External id: ${PENDING_CASHOUT.externalId}`,
    );
    // A cancel carries no key (D6): its second chance is a guarded cancel, named as such.
    await expect(
      lostCancel.getByRole('button', { name: 'Check the status and cancel if still pending…' }),
    ).toBeVisible();
    await expect(lostCreate.getByTestId('unresolved-key')).toHaveText(originalKey);
    await expect(lostCreate.getByTestId('unresolved-retry-only')).toBeVisible();
    await expect(lostCreate.locator('[data-field="summary"]')).toContainText('amount: 21.5');
    await axe();
    await saveScreen('audit-unresolved');

    // The cancel: its status is read again; it did take effect.
    await lostCancel.getByRole('button', { name: 'Re-read the status' }).click();
    await expect(app.getByText('It was carried out. Status: CANCELLED.')).toBeVisible();
    await expect(intents).toHaveCount(1);
    await expect(banner).toContainText('Outcome unknown: 1 change may or may not have happened');

    // The create: no id is known, main refuses a status read and the panel says what is left.
    await lostCreate.getByRole('button', { name: 'Re-read the status' }).click();
    await expect(lostCreate.getByTestId('unresolved-reread-error')).toContainText(
      'Its status cannot be read. Retry with the same key instead.',
    );
    await lostCreate.getByRole('button', { name: 'Retry with the same key…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Send "Create deposit" again?' });
    await expect(dialog.getByTestId('retry-dialog-key')).toHaveText(originalKey);
    await dialog.getByRole('button', { name: 'Send again with the same key' }).click();
    await expect(app.getByTestId('unresolved-none')).toContainText(
      'Every change in the journal has a known outcome.',
    );
    await expect(banner).toBeHidden();

    const entries = await paydesk.call('listAuditEntries', { state: 'ok' });
    if (!entries.ok) throw new Error(entries.error.message);
    const resolutions = entries.data.filter((entry) => entry.type === 'resolution');
    expect(resolutions.map((entry) => [entry.action, entry.resolutionMethod, entry.result])).toEqual([
      ['cashout.cancel', 'status_reread', 'ok'],
      ['deposit.create', 'retried_same_key', 'ok'],
    ]);
    // The same key went out again, and the service answered from the first attempt: one deposit.
    const retried = resolutions[1];
    expect(retried?.idempotencyKey).toBe(originalKey);
    const depositId = retried?.ids?.deposit_id ?? 0;
    const control = async (id: number) => (await fetch(`${service().controlUrl}/deposits/${id}`)).status;
    expect(await control(depositId)).toBe(200);
    expect(await control(depositId + 1)).toBe(404);
    const cashout = await paydesk.call('getCashoutStatus', PENDING_CASHOUT);
    expect(cashout.ok && cashout.data.record.cashout_status).toBe(2);
  });
});

test.describe('outcome unknown in production', () => {
  test.use({ freshBridge: true });
  const production = sandboxPerDescribe({ seed: 8083 });

  test('the retry follows the production rules: refused in words while unarmed, sent with the first reason once armed', async ({
    console: app,
    paydesk,
  }) => {
    const name = 'Lossy production';
    await useSandboxEnvironment(paydesk, production(), name, 'production');
    const armed = await paydesk.call('armProduction', { confirmation: name });
    expect(armed.ok).toBe(true);
    await setSandboxFaults(production(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const create = await paydesk.call('createDeposit', {
      body: { amount: 99, country: 'MX' },
      reason: 'Ticket 4711',
    });
    expect(!create.ok && create.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(production(), { rate: 0 });
    await paydesk.call('disarmProduction', {});

    await app.reload();
    await app.getByTestId('outcome-unknown-banner').getByRole('link', { name: 'Settle now' }).click();
    const intent = app.getByTestId('unresolved-intent');
    await expect(intent.getByTestId('unresolved-production')).toBeVisible();
    await expect(intent.locator('[data-field="reason"]')).toHaveText('Ticket 4711');
    await intent.getByRole('button', { name: 'Retry with the same key…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Send "Create deposit" again?' });
    // The intent's own environment and its kind, at the moment of action.
    await expect(dialog.getByTestId('mutation-target')).toHaveAttribute('data-kind', 'production');
    await expect(dialog.getByTestId('retry-confirm-summary')).toContainText(
      `The same request goes to ${name} (Production) again under its original key.`,
    );
    await dialog.getByRole('button', { name: 'Send again with the same key' }).click();
    // Main's refusal, in words, inside the dialog; nothing was sent.
    await expect(dialog).toContainText('read-only until it is armed');
    await expect(intent).toHaveCount(1);

    const armedAgain = await paydesk.call('armProduction', { confirmation: name });
    expect(armedAgain.ok).toBe(true);
    await dialog.getByRole('button', { name: 'Send again with the same key' }).click();
    await expect(app.getByTestId('unresolved-none')).toBeVisible();
    const entries = await paydesk.call('listAuditEntries', { action: 'deposit.create' });
    if (!entries.ok) throw new Error(entries.error.message);
    expect(entries.data.map((entry) => [entry.type, entry.result ?? null])).toEqual([
      ['intent', null],
      ['outcome', 'outcome_unknown'],
      ['resolution', 'ok'],
    ]);
    expect(entries.data[2]?.idempotencyKey).toBe(entries.data[0]?.idempotencyKey);
    await paydesk.call('disarmProduction', {});
  });
});

test.describe('how much and who', () => {
  test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });
  const lossy = sandboxPerDescribe({ seed: 8084 });

  /** The journal table's header words that differ per language. */
  const WORDS = {
    en: {
      amount: 'Amount',
      user: 'User',
      settledBy: (user: string) => `settled by ${user}`,
      settledIt: 'settled it',
    },
    es: {
      amount: 'Importe',
      user: 'Usuario',
      settledBy: (user: string) => `resuelto por ${user}`,
      settledIt: 'lo resolvió',
    },
    'pt-BR': {
      amount: 'Valor',
      user: 'Usuário',
      settledBy: (user: string) => `resolvido por ${user}`,
      settledIt: 'resolveu',
    },
  } as const;

  test('amount, currency and the person on every line and in the CSV; at 1024 × 768 every column is reachable, ids whole', async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    // A deposit and a refund of part of it on the local sandbox.
    const invoiceId = 'INV-AUDIT-HOW-MUCH-AND-WHO-0001';
    const deposit = await paydesk.call('createDeposit', {
      // QuickPay Brazil: ONE_SHOT, PENDING, so that the sandbox can complete it.
      body: { amount: 100.5, country: 'BR', currency: 'BRL', invoice_id: invoiceId, payment_method: 'IX' },
    });
    if (!deposit.ok) throw new Error(deposit.error.message);
    const depositId = deposit.data.created.record.deposit_id;
    expect(
      (await paydesk.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to: 'COMPLETED' }))
        .ok,
    ).toBe(true);
    const refund = await paydesk.call('createRefund', {
      body: {
        deposit_id: depositId,
        invoice_id: invoiceId,
        amount: 40,
        bank_account: { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' },
      },
    });
    if (!refund.ok) throw new Error(refund.error.message);
    // A create on another environment whose answer is lost, settled by hand afterwards.
    await useSandboxEnvironment(paydesk, lossy(), 'Lossy testing', 'testing');
    await setSandboxFaults(lossy(), {
      rate: 1,
      kinds: ['drop'],
      seed: dropSeed(['after', 'after', 'after'], 1),
    });
    const lost = await paydesk.call('createDeposit', {
      body: { amount: 7.25, country: 'BR', currency: 'BRL' },
    });
    expect(!lost.ok && lost.error.kind).toBe('outcome_unknown');
    await setSandboxFaults(lossy(), { rate: 0 });
    const unresolved = await paydesk.call('listUnresolvedIntents', {});
    const intentId = unresolved.ok ? unresolved.data[0]?.intentId : undefined;
    if (intentId === undefined) throw new Error('the lost create is not unresolved');
    const settled = await paydesk.call('settleIntent', {
      intentId,
      verdict: 'happened',
      note: 'seen in the merchant panel',
    });
    if (!settled.ok) throw new Error(settled.error.message);
    const user = settled.data.osUser ?? 'an unknown user';

    await app.reload();
    await app.waitForFunction(() => 'paydesk' in window);
    await openJournal(app);
    const box = app.getByTestId('audit-table-box');
    const rowOf = (action: string, type: string) =>
      app.locator(`[data-testid="audit-row"][data-action="${action}"][data-type="${type}"]`);
    // How much, in what, on the intent and on its outcome.
    for (const type of ['intent', 'outcome']) {
      await expect(rowOf('refund.create', type).locator('[data-field="amount"]')).toHaveText('BRL 40.00');
    }
    await expect(
      app
        .locator(
          `[data-testid="audit-row"][data-action="deposit.create"][data-type="outcome"][data-state="ok"] [data-field="amount"]`,
        )
        .first(),
    ).toContainText('BRL');
    // Who: the OS user, and who settled the lost create, on each of its lines.
    const lostIntent = app.locator(`[data-testid="audit-row"][data-intent-id="${intentId}"]`);
    await expect(lostIntent).toHaveCount(3);
    await expect(lostIntent.locator('[data-field="amount"]').first()).toHaveText('BRL 7.25');
    await expect(
      lostIntent.and(app.locator('[data-type="intent"]')).locator('[data-field="user"]'),
    ).toHaveText(`${user}${WORDS.en.settledBy(user)}`);
    await expect(
      lostIntent.and(app.locator('[data-type="resolution"]')).locator('[data-field="user"]'),
    ).toHaveText(`${user}${WORDS.en.settledIt}`);
    await axe();

    // The CSV export has them as columns of their own.
    const downloading = app.waitForEvent('download');
    await app.getByTestId('audit-export').click();
    const csv = await readFile(await (await downloading).path(), 'utf8');
    const [header = '', ...lines] = csv.trimEnd().split(/\r?\n/);
    const columns = header.split(',');
    for (const name of ['user', 'settled_by', 'amount', 'currency']) expect(columns).toContain(name);
    const refundIntent = lines
      .map((line) => line.split(','))
      .find(
        (cells) =>
          cells[columns.indexOf('type')] === 'intent' && cells[columns.indexOf('action')] === 'refund.create',
      );
    expect(refundIntent?.[columns.indexOf('amount')]).toBe('40');
    expect(refundIntent?.[columns.indexOf('currency')]).toBe('BRL');
    const lostResolution = lines
      .map((line) => line.split(','))
      .find((cells) => cells[columns.indexOf('type')] === 'resolution');
    expect(lostResolution?.[columns.indexOf('settled_by')]).toBe(user);

    // 1024 × 768: the page never scrolls sideways; the table scrolls inside its box, every column
    // reachable, the ids kept in view and never cut.
    await app.setViewportSize({ width: 1024, height: 768 });
    await app.evaluate(() => window.scrollTo(0, 0));
    const page = await app.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(page[0], 'the page scrolls sideways').toBeLessThanOrEqual(page[1] ?? 0);
    const headers = box.locator('th[data-column]');
    const names = await headers.evaluateAll((cells) =>
      cells.map((cell) => cell.getAttribute('data-column') ?? ''),
    );
    expect(names).toEqual(expect.arrayContaining(['ids', 'user', 'amount', 'state', 'serviceCode']));
    const invoice = box.locator(`[data-field="ids"] [data-copy-id="${invoiceId}"]`).first();
    await expect(invoice).toHaveText(invoiceId);
    for (const name of names) {
      const header = box.locator(`th[data-column="${name}"]`);
      await header.scrollIntoViewIfNeeded();
      const [cell, region] = await Promise.all([
        header.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      ]);
      expect(cell.left, `${name} can be scrolled into the box`).toBeGreaterThanOrEqual(region.left - 1);
      expect(cell.right, `${name} can be scrolled into the box`).toBeLessThanOrEqual(region.right + 1);
      // The ids stay in view beside whichever column is.
      const ids = await box
        .locator('th[data-column="ids"]')
        .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(ids.left).toBeGreaterThanOrEqual(region.left - 1);
    }
    expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await invoice.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await axe();
    await saveScreen('audit-how-much-and-who-1024');

    for (const language of ['es', 'pt-BR'] as const) {
      expect((await paydesk.call('setPreferences', { language })).ok).toBe(true);
      await app.reload();
      await app.waitForFunction(() => 'paydesk' in window);
      await app.evaluate(() => {
        window.location.hash = '/audit';
      });
      await expect(box.locator('th[data-column="amount"]')).toHaveText(WORDS[language].amount);
      await expect(box.locator('th[data-column="user"]')).toHaveText(WORDS[language].user);
      await expect(
        lostIntent.and(app.locator('[data-type="intent"]')).locator('[data-field="user"]'),
      ).toHaveText(`${user}${WORDS[language].settledBy(user)}`);
      await expect(
        lostIntent.and(app.locator('[data-type="resolution"]')).locator('[data-field="user"]'),
      ).toHaveText(`${user}${WORDS[language].settledIt}`);
    }
  });
});

test.describe('who asked and who approved', () => {
  test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });
  const service = sandboxPerDescribe({ seed: 8086 });

  test('a refund the team approved names its maker and approver beside the operator, and in the CSV', async ({
    console: app,
    paydesk,
    webBridge,
    axe,
    saveScreen,
  }) => {
    test.slow();
    const cluster = await startPostgresCluster();
    try {
      const { database, ownerRole, connectAs } = await ownedDatabaseOn(cluster);
      const owner = await connectAs(ownerRole.user, ownerRole.password);
      const passwords = { mia: randomBytes(12).toString('hex'), bob: randomBytes(12).toString('hex') };
      dataOf(await initTeam(owner, { admin: 'mia', password: passwords.mia }));
      dataOf(
        await addPerson(owner, { person: 'bob', groups: ['operator', 'approver'], password: passwords.bob }),
      );
      // Every refund on this service waits for one approver.
      await governRefunds(owner, service().baseUrl);
      await owner.end();

      // Two profiles of this app on the one service, joined as the maker and as the approver.
      const joined = async (name: string, person: 'mia' | 'bob'): Promise<string> => {
        const environmentId = await useSandboxEnvironment(paydesk, service(), name, 'testing');
        const { host, port, ca } = cluster;
        const password = passwords[person];
        dataOf(
          await webBridge.runtime.team.join({ environmentId, host, port, database, person, ca, password }),
        );
        return environmentId;
      };
      const makerDesk = await joined('Maker desk', 'mia');
      const approverDesk = await joined('Approver desk', 'bob');
      dataOf(await paydesk.call('useEnvironment', { id: makerDesk }));
      const refund = {
        deposit_id: SEEDED_RECORDS.completedCardDeposit,
        invoice_id: 'INV-300000001',
        amount: 5,
      };
      const submitted = await paydesk.call('createRefund', { body: refund, reason: 'Ticket 31' });
      expect(!submitted.ok && submitted.error.text?.key).toBe('team.approvalSubmitted');
      const [waiting] = dataOf(await webBridge.runtime.team.approvals(approverDesk));
      const requestId = waiting?.id ?? '';
      const approval = { requestId, bodyHash: waiting?.body_hash ?? '', note: null };
      dataOf(await webBridge.runtime.team.approve(approverDesk, approval));
      dataOf(await webBridge.runtime.team.sendApproved(approverDesk, { requestId }));

      await app.reload();
      await app.waitForFunction(() => 'paydesk' in window);
      await openJournal(app);
      // The sent refund's intent and outcome name both people; the maker's submission names none.
      const sent = app.locator('[data-testid="audit-row"][data-action="refund.create"][data-state="ok"]');
      await expect(sent).toHaveCount(2);
      for (const type of ['intent', 'outcome']) {
        const who = sent.and(app.locator(`[data-type="${type}"]`)).getByTestId('audit-approval');
        await expect(who).toHaveText('Asked by mia · Approved by bob');
      }
      const submission = app.locator(
        '[data-testid="audit-row"][data-action="refund.create"][data-state="error"]',
      );
      await expect(submission.first()).toBeVisible();
      await expect(submission.getByTestId('audit-approval')).toHaveCount(0);
      await axe();
      await saveScreen('audit-approved-refund');

      const downloading = app.waitForEvent('download');
      await app.getByTestId('audit-export').click();
      const csv = await readFile(await (await downloading).path(), 'utf8');
      const [header = '', ...lines] = csv.trimEnd().split(/\r?\n/);
      const columns = header.split(',');
      const cells = lines
        .map((line) => line.split(','))
        .filter((row) => row[columns.indexOf('action')] === 'refund.create')
        .map((row) => [
          row[columns.indexOf('type')],
          row[columns.indexOf('maker')],
          row[columns.indexOf('approvers')],
        ]);
      expect(cells).toEqual(
        expect.arrayContaining([
          ['intent', 'mia', 'bob'],
          ['outcome', 'mia', 'bob'],
          ['intent', '', ''],
        ]),
      );

      // In the user's language.
      expect((await paydesk.call('setPreferences', { language: 'es' })).ok).toBe(true);
      await app.reload();
      await app.waitForFunction(() => 'paydesk' in window);
      await app.evaluate(() => {
        window.location.hash = '/audit';
      });
      await expect(sent.and(app.locator('[data-type="intent"]')).getByTestId('audit-approval')).toHaveText(
        'Pedido por mia · Aprobado por bob',
      );
    } finally {
      await cluster.stop();
    }
  });
});
