import type { Locator, Page } from '@playwright/test';
// The languages whose texts differ: es-MX reads the Spanish texts (only its numbers differ).
import { CREDENTIAL_FIELDS, TEXT_LANGUAGES, type TextLanguage } from '../../shared/contract';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test, type PaydeskCaller } from './fixtures';
import { useLanguage } from './support/console-ui';

/**
 * Tables and dialogs at 1280 × 800, in English, Spanish and Brazilian Portuguese: the
 * batch results and the audit journal fit (the page never scrolls sideways, the columns that
 * matter are in view), a batch row's status is the translated word, whole; the file buttons of
 * Batch and Reconcile speak the console's language (not the browser's); confirm dialogs name
 * both actions and say what is true of the cashout; a malformed id marks the record still shown
 * as the previous one; no label or placeholder is cut (Doctor badge, Sandbox selects, the
 * Cashouts status filter) and "no value" is one mark on Environments. In English only (they do
 * not depend on the language): the columns chosen are kept after a reload, the id stays in view
 * when a table scrolls inside its box, no refund is offered on a cancelled deposit.
 */

test.use({ freshBridge: true, viewport: { width: 1280, height: 800 } });

const PENDING_CASHOUT = { cashoutId: SEEDED_RECORDS.pendingCashout, externalId: 'payout-7781' };

/** What each language says, as a user reads it (the locale files' texts, written out). */
const WORDS = {
  en: {
    batchFile: 'Or open a CSV or text file',
    ledgerFile: 'Ledger file',
    chooseFile: 'Choose file…',
    noFile: 'No file chosen',
    completed: 'Completed',
    earlyReleased: 'Early released',
    keep: 'Keep the cashout',
    cancelIt: 'Cancel the cashout',
    bareCancel: 'Cancel',
    delivered: 'already sent to the bank',
    previous: (id: number) => `Still showing ${id}, the previous lookup`,
    anyStatus: 'Any status',
  },
  es: {
    batchFile: 'O abra un archivo CSV o de texto',
    ledgerFile: 'Archivo del libro',
    chooseFile: 'Elegir archivo…',
    noFile: 'Ningún archivo elegido',
    completed: 'Completado',
    earlyReleased: 'Liberado anticipadamente',
    keep: 'Conservar el retiro',
    cancelIt: 'Cancelar el retiro',
    bareCancel: 'Cancelar',
    delivered: 'ya se envió al banco',
    previous: (id: number) => `Se sigue mostrando ${id}, la consulta anterior`,
    anyStatus: 'Cualquier estado',
  },
  'pt-BR': {
    batchFile: 'Ou abra um arquivo CSV ou de texto',
    ledgerFile: 'Arquivo do razão',
    chooseFile: 'Escolher arquivo…',
    noFile: 'Nenhum arquivo escolhido',
    completed: 'Concluído',
    earlyReleased: 'Liberado antecipadamente',
    keep: 'Manter o saque',
    cancelIt: 'Cancelar o saque',
    bareCancel: 'Cancelar',
    delivered: 'já foi enviado ao banco',
    previous: (id: number) => `Ainda exibindo ${id}, a consulta anterior`,
    anyStatus: 'Qualquer status',
  },
} as const satisfies Record<TextLanguage, unknown>;

async function go(app: Page, hash: string): Promise<void> {
  await app.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

async function reload(app: Page): Promise<void> {
  await app.reload();
  await app.waitForFunction(() => 'paydesk' in window);
}

/** The page itself never scrolls sideways (a wide table scrolls inside its own box). */
async function expectNoSidewaysScroll(app: Page): Promise<void> {
  const sizes = await app.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.client);
}

/** Each named header cell lies inside the box's visible part, without scrolling it. */
async function expectColumnsInView(box: Locator, columns: readonly string[]): Promise<void> {
  const boxRect = await box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  for (const column of columns) {
    const header = box.locator(`th[data-column="${column}"]`);
    await expect(header, column).toBeVisible();
    const rect = await header.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    expect(rect.left, `${column} starts in view`).toBeGreaterThanOrEqual(boxRect.left - 1);
    expect(rect.right, `${column} ends in view`).toBeLessThanOrEqual(boxRect.right + 1);
  }
}

/** Ticks or unticks a column in a table's "Columns" menu. */
async function chooseColumn(app: Page, menu: string, label: string, show: boolean): Promise<void> {
  const list = app.getByTestId(`${menu}-list`);
  if (!(await list.isVisible())) await app.getByTestId(menu).click();
  const box = list.getByRole('checkbox', { name: label, exact: true });
  if (show) await box.check();
  else await box.uncheck();
}

async function closeMenu(app: Page, menu: string): Promise<void> {
  await app.keyboard.press('Escape');
  await expect(app.getByTestId(`${menu}-list`)).toBeHidden();
}

/** The batch's ids: found ones of several statuses (the longest word among them) and one not found. */
const BATCH_IDS = [
  SEEDED_RECORDS.completedCardDeposit,
  SEEDED_RECORDS.cancelledDeposit,
  SEEDED_RECORDS.pendingVoucherDeposit,
  SEEDED_RECORDS.earlyReleasedDeposit,
  999_999_991,
];

/** Starts a batch of the ids read last and waits for it to finish; answers its results box. */
async function runBatch(app: Page): Promise<Locator> {
  await expect(app.getByTestId('batch-parsed')).toBeVisible();
  await app.getByTestId('batch-start').click();
  const current = app.getByTestId('batch-current');
  await expect(current.getByTestId('batch-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const results = app.getByTestId('batch-results');
  await expect(results.getByTestId('batch-row')).toHaveCount(BATCH_IDS.length);
  return results;
}

/** A file button: its words, its name (the field's label, then its words), reached with Tab. */
async function expectFileButton(
  app: Page,
  testId: string,
  label: string,
  language: TextLanguage,
): Promise<void> {
  const words = WORDS[language];
  const button = app.getByTestId(`${testId}-button`);
  await expect(button).toHaveText(words.chooseFile);
  await expect(button).toHaveAccessibleName(`${label} ${words.chooseFile}`);
  await expect(app.getByTestId(`${testId}-name`)).toHaveText(words.noFile);
}

for (const language of TEXT_LANGUAGES) {
  test(`${language}: batch results fit at 1280 × 800, statuses are whole words, the file buttons speak ${language}`, async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    const words = WORDS[language];
    await useLanguage(app, paydesk, language);
    await go(app, '#/reconcile');
    await expectFileButton(app, 'reconcile-file', words.ledgerFile, language);

    await go(app, '#/batch');
    await expectFileButton(app, 'batch-file', words.batchFile, language);
    await app.getByTestId('batch-text').focus();
    await app.keyboard.press('Tab');
    await expect(app.getByTestId('batch-file-button')).toBeFocused();
    // The ids from a file: its name beside the button, and the input emptied so that the same
    // file chosen again is read again (the browser sends no change for an unchanged value).
    const file = app.getByTestId('batch-file');
    await file.setInputFiles({
      name: 'ids.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(BATCH_IDS.join('\n')),
    });
    await expect(app.getByTestId('batch-file-name')).toHaveText('ids.csv');
    await expect(app.getByTestId('batch-parsed-count')).toHaveAttribute(
      'data-count',
      String(BATCH_IDS.length),
    );
    await expect(file).toHaveValue('');
    const results = await runBatch(app);

    await expectNoSidewaysScroll(app);
    await expectColumnsInView(results, [
      'index',
      'id',
      'state',
      'status',
      'change',
      'amount',
      'invoiceId',
      'error',
    ]);
    // The status is the word of the rest of the app, whole; the service's code in its tooltip.
    const statusOf = (id: number) =>
      results.locator(`[data-testid="batch-row"][data-id="${id}"] td[data-status]`);
    await expect(statusOf(SEEDED_RECORDS.completedCardDeposit)).toHaveText(words.completed);
    const early = statusOf(SEEDED_RECORDS.earlyReleasedDeposit);
    await expect(early).toHaveText(words.earlyReleased);
    expect(await early.getAttribute('title')).toBe(await early.getAttribute('data-status'));
    expect(
      await early.evaluate((cell) => cell.scrollWidth <= cell.clientWidth),
      `"${words.earlyReleased}" is cut`,
    ).toBe(true);
    // Each id has a copy button (its whole value also in the cell's tooltip).
    const firstId = results.locator(`[data-testid="batch-row"][data-id="${BATCH_IDS[0]}"] td[data-copy-id]`);
    await expect(firstId).toHaveAttribute('title', String(BATCH_IDS[0]));
    await expect(firstId.locator('button[data-copy]')).toBeVisible();
    await saveScreen(`tables-batch-${language}-1280`);
    await axe();
  });
}

test('columns chosen are kept after a reload; the id stays in view when the batch table scrolls', async ({
  console: app,
  paydesk,
}) => {
  await go(app, '#/batch');
  await app.getByTestId('batch-text').fill(BATCH_IDS.join('\n'));
  await app.getByTestId('batch-parse').click();
  const results = await runBatch(app);
  await expect(
    results.locator(`[data-testid="batch-row"][data-id="${BATCH_IDS[0]}"]`).getByRole('button', {
      name: 'Copy this id',
    }),
  ).toBeVisible();

  // Country shown, "Since the last run" hidden: kept in the preferences, so after a reload too.
  await chooseColumn(app, 'batch-columns', 'Country', true);
  await chooseColumn(app, 'batch-columns', 'Since the last run', false);
  // The id cannot be hidden.
  await expect(
    app.getByTestId('batch-columns-list').getByRole('checkbox', { name: 'Id', exact: true }),
  ).toBeDisabled();
  await closeMenu(app, 'batch-columns');
  await expect(results.locator('th[data-column="country"]')).toBeVisible();
  await expect(results.locator('th[data-column="change"]')).toHaveCount(0);
  await reload(app);
  await go(app, '#/batch');
  const again = app.getByTestId('batch-results');
  await expect(again.getByTestId('batch-row')).toHaveCount(BATCH_IDS.length);
  await expect(again.locator('th[data-column="country"]')).toBeVisible();
  await expect(again.locator('th[data-column="change"]')).toHaveCount(0);

  // Every column: wider than the box, which scrolls sideways inside itself; the id stays in view.
  for (const label of ['Since the last run', 'Amount in USD', 'Method']) {
    await chooseColumn(app, 'batch-columns', label, true);
  }
  await closeMenu(app, 'batch-columns');
  await expect(again.locator('th[data-column="paymentMethod"]')).toBeVisible();
  expect(await again.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(app);
  await again.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect.poll(() => again.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expectColumnsInView(again, ['id', 'error']);

  // The audit journal's columns are kept the same way.
  await journalEntries(paydesk);
  await go(app, '#/audit');
  await expect(app.getByTestId('audit-row').first()).toBeVisible();
  await chooseColumn(app, 'audit-columns', 'User', true);
  await chooseColumn(app, 'audit-columns', 'Line', false);
  await closeMenu(app, 'audit-columns');
  await reload(app);
  await go(app, '#/audit');
  await expect(app.getByTestId('audit-row').first()).toBeVisible();
  const box = app.getByTestId('audit-table-box');
  await expect(box.locator('th[data-column="user"]')).toBeVisible();
  await expect(box.locator('th[data-column="type"]')).toHaveCount(0);
});

/** Two journal entries: a cancelled cashout and a created deposit. */
async function journalEntries(paydesk: PaydeskCaller): Promise<void> {
  expect((await paydesk.call('cancelCashout', { ...PENDING_CASHOUT, reason: 'Ticket 28' })).ok).toBe(true);
  expect((await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } })).ok).toBe(true);
}

for (const language of TEXT_LANGUAGES) {
  test(`${language}: the audit journal fits at 1280 × 800: keys on one line with copy, the service code in view`, async ({
    console: app,
    paydesk,
    axe,
    saveScreen,
  }) => {
    await journalEntries(paydesk);
    await useLanguage(app, paydesk, language);
    await go(app, '#/audit');
    const box = app.getByTestId('audit-table-box');
    await expect(app.getByTestId('audit-row').first()).toBeVisible();
    await expectNoSidewaysScroll(app);
    await expectColumnsInView(box, [
      'ids',
      'time',
      'action',
      'key',
      'outcome',
      'state',
      'error',
      'serviceCode',
    ]);
    // An idempotency key is one short line, its whole value copied by its button.
    const key = app.locator('[data-testid="audit-row"] [data-field="idempotencyKey"]').first();
    const keyHeight = await key
      .locator('[data-clipped]')
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(keyHeight).toBeLessThan(24);
    await expect(key.getByRole('button')).toBeVisible();
    await saveScreen(`tables-audit-${language}-1280`);
    await axe();
  });
}

for (const language of TEXT_LANGUAGES) {
  test(`${language}: the cancel dialog names both actions and says what is true of a delivered cashout`, async ({
    console: app,
    paydesk,
    axe,
  }) => {
    const words = WORDS[language];
    const moved = await paydesk.call('transitionSandboxRecord', {
      entity: 'cashout',
      id: PENDING_CASHOUT.cashoutId,
      to: 'DELIVERED',
    });
    expect(moved.ok, 'moved to DELIVERED').toBe(true);
    await useLanguage(app, paydesk, language);
    await go(
      app,
      `#/cashouts?cashoutId=${PENDING_CASHOUT.cashoutId}&externalId=${PENDING_CASHOUT.externalId}`,
    );
    await app.getByTestId('cancel-cashout').click();
    const dialog = app.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: words.keep, exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.cancelIt, exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.bareCancel, exact: true })).toHaveCount(0);
    const consequence = dialog.getByTestId('cancel-confirm-consequence');
    await expect(consequence).toHaveAttribute('data-consequence', 'delivered');
    await expect(consequence).toContainText(words.delivered);
    if (language === 'en') await expect(dialog).not.toContainText('will not be paid');
    await axe();
    await dialog.getByRole('button', { name: words.keep }).click();
    await expect(dialog).toBeHidden();
  });
}

test('a cancelled deposit offers no refund, and says why; a completed one does', async ({ console: app }) => {
  await go(app, `#/deposits/${SEEDED_RECORDS.cancelledDeposit}`);
  const detail = app.getByTestId('deposit-detail');
  await expect(detail.getByTestId('deposit-refund-blocked')).toContainText('CANCELLED');
  await expect(detail.getByTestId('deposit-refund')).toHaveCount(0);
  await go(app, `#/deposits/${SEEDED_RECORDS.completedCardDeposit}`);
  await expect(app.getByTestId('deposit-refund')).toBeVisible();
  await expect(app.getByTestId('deposit-refund-blocked')).toHaveCount(0);
});

for (const language of TEXT_LANGUAGES) {
  test(`${language}: a malformed id leaves no record of the previous one unmarked, on the lookup screens`, async ({
    console: app,
    paydesk,
  }) => {
    await useLanguage(app, paydesk, language);
    // The deposit and refund lookups search any other text, so only an empty field is refused there.
    const screens = [
      {
        hash: `#/sub-merchants/${SEEDED_RECORDS.activeSubMerchant}`,
        input: 'sub-merchant-id-input',
        submit: 'sub-merchant-lookup-submit',
        typed: '12x',
        id: SEEDED_RECORDS.activeSubMerchant,
      },
      {
        hash: `#/refunds/new?depositId=${SEEDED_RECORDS.completedCardDeposit}`,
        input: 'refund-deposit-input',
        submit: 'refund-deposit-submit',
        typed: '12x',
        id: SEEDED_RECORDS.completedCardDeposit,
      },
      {
        hash: `#/deposits/${SEEDED_RECORDS.completedCardDeposit}`,
        input: 'deposit-id-input',
        submit: 'deposit-lookup-submit',
        typed: ' ',
        id: SEEDED_RECORDS.completedCardDeposit,
      },
      {
        hash: `#/refunds/${SEEDED_RECORDS.completedRefund}`,
        input: 'refund-id-input',
        submit: 'refund-lookup-submit',
        typed: ' ',
        id: SEEDED_RECORDS.completedRefund,
      },
    ];
    for (const screen of screens) {
      await go(app, screen.hash);
      const input = app.getByTestId(screen.input);
      await expect(input).toHaveValue(String(screen.id));
      await expect(app.getByTestId('previous-record')).toHaveCount(0);
      await input.fill(screen.typed);
      await app.getByTestId(screen.submit).click();
      await expect(input, screen.hash).toHaveAttribute('aria-invalid', 'true');
      const previous = app.getByTestId('previous-record');
      await expect(previous, screen.hash).toHaveAttribute('data-previous-id', String(screen.id));
      await expect(previous.getByRole('status').first()).toContainText(WORDS[language].previous(screen.id));
      // Typing again: the mark goes with the refused text.
      await input.fill(String(screen.id));
      await expect(app.getByTestId('previous-record')).toHaveCount(0);
    }
  });
}

/** The option texts of a native select that do not fit its box (text wider than the room inside). */
async function cutOptions(select: Locator): Promise<string[]> {
  return select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas'];
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...field.options]
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  });
}

/** Whether `text` fits inside a field's box in the field's font, between its paddings. */
async function textRoom(field: Locator, text: string): Promise<string> {
  return field.evaluate((element, shown) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return 'no canvas';
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = context.measureText(shown).width;
    return width <= room ? 'fits' : `cut: ${Math.ceil(width)} px of text in ${Math.floor(room)} px`;
  }, text);
}

async function addUnreachable(paydesk: PaydeskCaller): Promise<void> {
  const added = await paydesk.call('addEnvironment', {
    name: 'Nobody home',
    kind: 'testing',
    baseUrl: 'http://127.0.0.1:9',
  });
  if (!added.ok) throw new Error(added.error.message);
  for (const field of CREDENTIAL_FIELDS) {
    await paydesk.call('setCredential', {
      environmentId: added.data.id,
      field,
      value: `${field}-value-0000`,
    });
  }
}

test('no label is cut (Doctor badge, Sandbox selects, Cashouts status filter) and "no value" is one mark, in en, es and pt-BR', async ({
  console: app,
  paydesk,
}) => {
  await addUnreachable(paydesk);
  for (const language of TEXT_LANGUAGES) {
    await useLanguage(app, paydesk, language);
    await go(app, '#/environments');
    // "No value" is "—" in the text font everywhere (in a monospace cell it read as "–").
    await expect(app.locator('[data-absent]').first()).toBeVisible();
    await expect(app.locator('main')).not.toContainText('–');
    const absentFonts = await app
      .locator('[data-absent]')
      .evaluateAll((marks) => [...new Set(marks.map((mark) => getComputedStyle(mark).fontFamily))]);
    expect(absentFonts, `${language}: "no value" marks`).toEqual([
      await app.locator('main').evaluate((main) => getComputedStyle(main).fontFamily),
    ]);
    const card = app.locator('[data-environment-card]', {
      has: app.getByRole('heading', { name: 'Nobody home', exact: true }),
    });
    const toggle = card.getByTestId('toggle-environment-details');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await card.getByTestId('run-doctor').click();
    const signed = card.locator('[data-doctor-set="signed"]');
    await expect(signed).toHaveAttribute('data-verdict', 'host_unreachable', { timeout: 30_000 });
    for (const label of await card.locator('[data-verdict] .mantine-Badge-label').all()) {
      const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, `${language}: "${await label.textContent()}" is cut`).toBe(false);
    }

    await go(app, '#/sandbox');
    for (const testId of [
      'transition-entity',
      'transition-to',
      'cashout-country',
      'cashout-currency',
      'cashout-status',
    ]) {
      const select = app.getByTestId(testId);
      await expect(select).toBeVisible();
      expect(await cutOptions(select), `${language}: ${testId}`).toEqual([]);
    }

    await go(app, '#/cashouts');
    const status = app.getByTestId('recent-filter-status');
    await expect(status).toHaveAttribute('placeholder', WORDS[language].anyStatus);
    // An input's scrollWidth leaves its placeholder out: the text is measured against the room.
    expect(
      await textRoom(status, WORDS[language].anyStatus),
      `${language}: the status filter's placeholder`,
    ).toBe('fits');
  }
});
