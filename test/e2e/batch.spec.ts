import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';
import { chooseTheme, topOf } from './support/console-ui';
import { setSandboxFaults, whileSlowService } from './support/money-environments';
import { sandboxPerDescribe } from './support/own-sandbox';

/**
 * Batch lookup: ids pasted with duplicates and junk (every invalid token
 * listed), a run with progress and statuses, a rerun after a status moved in the sandbox marks
 * the row "changed", cancel and resume, CSV export, and 10,000 rows in a virtualised table that
 * keeps only a screenful of rows in the DOM. Every test has its own bridge: batches and the last
 * run they compare with live in that bridge's console.
 */

test.use({ freshBridge: true });

async function openBatch(app: Page): Promise<void> {
  await app.locator('[data-nav="batch"]').click();
  await expect(app).toHaveURL(/#\/batch$/);
  await expect(app.getByRole('heading', { level: 2, name: 'Batch lookup' })).toBeVisible();
}

/** Pastes `text`, reads it and answers the parse summary. */
async function pasteAndRead(app: Page, text: string): Promise<Locator> {
  await app.getByLabel('Paste ids').fill(text);
  await app.getByTestId('batch-parse').click();
  const parsed = app.getByTestId('batch-parsed');
  await expect(parsed).toBeVisible();
  return parsed;
}

async function start(app: Page, { rate, concurrency }: { rate?: number; concurrency?: number } = {}) {
  if (concurrency !== undefined) await app.getByLabel('Lookups at once').fill(String(concurrency));
  if (rate !== undefined) await app.getByLabel('Requests per second at most').fill(String(rate));
  await app.getByTestId('batch-start').click();
}

/** The shown batch, once in `state`. */
async function batchIn(app: Page, state: string, timeout = 30_000): Promise<Locator> {
  const current = app.getByTestId('batch-current');
  await expect(current.getByTestId('batch-state')).toHaveAttribute('data-state', state, { timeout });
  return current;
}

/**
 * Pastes `count` ids the sandbox does not hold (each answers "not found", a failed row) and starts
 * them at `pace`; answers the ids and the shown batch, running.
 */
async function runUnknownIds(
  app: Page,
  count: number,
  pace: { rate: number; concurrency: number },
): Promise<{ ids: number[]; current: Locator }> {
  const ids = Array.from({ length: count }, (_, index) => 300_000_001 + index);
  await pasteAndRead(app, ids.join('\n'));
  await start(app, pace);
  return { ids, current: await batchIn(app, 'running') };
}

const row = (scope: Locator, id: string | number) =>
  scope.locator(`[data-testid="batch-row"][data-id="${id}"]`);

test('pasted ids: duplicates dropped, junk listed, a run with statuses, a rerun marks the moved deposit changed, CSV export', async ({
  console: app,
  paydesk,
  axe,
  saveScreen,
}) => {
  // Two full runs, a CSV export, four accessibility scans and screenshots: some 25 s on an idle
  // machine, past the default minute on a loaded CI runner.
  test.slow();
  const completed = SEEDED_RECORDS.completedCardDeposit;
  const pending = SEEDED_RECORDS.pendingVoucherDeposit;
  const cancelled = SEEDED_RECORDS.cancelledDeposit;
  const unknown = 300_000_999;
  await openBatch(app);
  await expect(app.locator('[data-section="batch-recent"]')).toContainText(
    'No batch yet. Batches are kept until the console closes (the last 10).',
  );
  await axe();

  const parsed = await pasteAndRead(
    app,
    `deposits to check\n${completed}, ${pending}\n${completed} abc ${cancelled}; -5\n${unknown} ${pending}`,
  );
  await expect(parsed.getByTestId('batch-parsed-count')).toHaveText('4 ids to look up');
  await expect(parsed.getByTestId('batch-parsed-duplicates')).toHaveText(
    '2 duplicates dropped (each id is looked up once):',
  );
  await expect(parsed.getByTestId('batch-duplicate-list')).toHaveText(`${completed} ×2 · ${pending} ×2`);
  // Every token that is not an id is listed with its line; none is skipped silently.
  const invalid = parsed.getByTestId('batch-invalid');
  for (const token of ['deposits', 'to', 'check', 'abc', '-5']) {
    await expect(invalid.locator(`tr[data-token="${token}"]`)).toHaveCount(1);
  }
  await expect(invalid.locator('tbody tr')).toHaveCount(5);
  await expect(invalid.locator('tr[data-token="abc"] td').first()).toHaveText('3');
  await expect(parsed.getByTestId('batch-invalid-count')).toHaveAttribute('data-count', '5');
  await axe();
  await topOf(app);
  await saveScreen('batch-parsed');

  await start(app);
  const current = await batchIn(app, 'done');
  await expect(current.getByTestId('batch-progress-text')).toHaveText(
    /^4 of 4 answered, 1 failed, [\d.,]+ per second$/,
  );
  await expect(current.getByRole('progressbar', { name: 'Progress: 100 %' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(current.getByTestId('batch-compared')).toHaveText(
    'No earlier finished run of this kind here: every row counts as new.',
  );
  const results = current.getByTestId('batch-results');
  await expect(results.getByTestId('batch-row')).toHaveCount(4);
  // Rows keep the order the ids were given in.
  expect(
    await results.getByTestId('batch-row').evaluateAll((rows) => rows.map((element) => element.dataset.id)),
  ).toEqual([completed, pending, cancelled, unknown].map(String));
  await expect(row(results, completed)).toHaveAttribute('data-status', 'COMPLETED');
  await expect(row(results, pending)).toHaveAttribute('data-status', 'PENDING');
  await expect(row(results, cancelled)).toHaveAttribute('data-status', 'CANCELLED');
  await expect(row(results, unknown)).toHaveAttribute('data-state', 'failed');
  await expect(row(results, unknown).locator('[data-error-kind="not_found"]')).toHaveText(
    /^Nothing was found with this id/,
  );
  for (const id of [completed, pending, cancelled, unknown]) {
    await expect(row(results, id)).toHaveAttribute('data-change', 'new');
  }

  // The pending deposit is paid meanwhile; the same ids again.
  const moved = await paydesk.call('transitionSandboxRecord', {
    entity: 'deposit',
    id: pending,
    to: 'COMPLETED',
  });
  expect(moved).toMatchObject({ ok: true });
  await start(app);
  await expect(current.getByTestId('batch-compared')).toHaveText(
    /^Compared with the run finished .+: 1 changed, 0 new\.$/,
    {
      timeout: 30_000,
    },
  );
  await batchIn(app, 'done');
  await expect(row(results, pending)).toHaveAttribute('data-status', 'COMPLETED');
  await expect(row(results, pending)).toHaveAttribute('data-change', 'changed');
  await expect(row(results, pending).locator('td').nth(4)).toHaveText('Changed, was Pending');
  await expect(row(results, completed)).toHaveAttribute('data-change', 'same');
  await expect(row(results, unknown)).toHaveAttribute('data-change', 'same');

  // The "changed" filter shows that row alone.
  await current.getByTestId('batch-filter').getByText('Changed (1)').click();
  await expect(results.getByTestId('batch-row')).toHaveCount(1);
  await expect(results.getByTestId('batch-row')).toHaveAttribute('data-id', String(pending));
  await current.getByTestId('batch-filter').getByText('Failed (1)').click();
  await expect(results.getByTestId('batch-row')).toHaveAttribute('data-id', String(unknown));
  await current.getByTestId('batch-filter').getByText('Waiting (0)').click();
  await expect(results.getByTestId('batch-results-empty')).toHaveText('Every id has an answer.');
  await current.getByTestId('batch-filter').getByText('Changed (1)').click();
  await axe();
  await topOf(app);
  await saveScreen('batch-results');

  // Both runs are among the recent batches.
  await expect(app.getByTestId('batch-list').locator('tbody tr')).toHaveCount(2);

  const download = app.waitForEvent('download');
  await current.getByTestId('batch-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header?.split(',').slice(0, 5)).toEqual(['id', 'result', 'status', 'changed', 'previous_status']);
  expect(lines).toHaveLength(4);
  expect(lines[1]?.startsWith(`${pending},ok,COMPLETED,changed,PENDING,`)).toBe(true);
  expect(lines[3]?.startsWith(`${unknown},failed,`)).toBe(true);

  // The first run is discarded; the one shown stays.
  const recent = app.getByTestId('batch-list').locator('tbody tr');
  const shownId = await current.getAttribute('data-batch-id');
  await recent.nth(1).getByTestId('batch-discard').click();
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toHaveAttribute('data-batch-id', shownId ?? '');
  await expect(current).toHaveAttribute('data-batch-id', shownId ?? '');
  const listed = await paydesk.call('listBatches', {});
  expect(listed.ok && listed.data.map((batch) => batch.batchId)).toEqual([shownId]);

  // Every mark (changed, same, failed) stays readable in the dark theme too.
  await current.getByTestId('batch-filter').getByText('All (4)').click();
  await expect(results.getByTestId('batch-row')).toHaveCount(4);
  await chooseTheme(app, 'Dark');
  await axe();
  await topOf(app);
  await saveScreen('batch-results-dark');
});

test('cancel stops a run part way; resume looks up the rest', async ({ console: app, axe }) => {
  await openBatch(app);
  // 5 per second: six seconds of work, time enough to cancel in the middle.
  const { ids, current } = await runUnknownIds(app, 30, { rate: 5, concurrency: 1 });
  const progress = current.getByTestId('batch-progress-text');
  await expect(progress).not.toHaveAttribute('data-done', '0');
  await current.getByTestId('batch-cancel').click();
  await batchIn(app, 'cancelled');
  await expect(current.getByTestId('batch-cancel-reason')).toHaveText(
    'Cancelled. Resume looks up the ids that have no answer yet.',
  );
  const doneAtCancel = Number(await progress.getAttribute('data-done'));
  expect(doneAtCancel).toBeGreaterThan(0);
  expect(doneAtCancel).toBeLessThan(ids.length);
  await expect(
    current.getByTestId('batch-filter').getByText(`Waiting (${ids.length - doneAtCancel})`),
  ).toBeVisible();
  await axe();

  await current.getByTestId('batch-resume').click();
  await batchIn(app, 'done');
  await expect(progress).toHaveAttribute('data-done', String(ids.length));
  await expect(current.getByTestId('batch-resume')).toHaveCount(0);
  await expect(current.getByTestId('batch-filter').getByText('Waiting (0)')).toBeVisible();
});

test.describe('against a slow service', () => {
  const slow = sandboxPerDescribe({ seed: 42 });

  test('rows scrolled to while a batch runs take its answers as they come, the table held still', async ({
    console: app,
    paydesk,
  }) => {
    // Each lookup 0.2 to 2 s late, one at a time: the run lasts minutes, so the last page's rows
    // are on screen, still waiting, however slow this machine; then the service is fast again
    // and their answers reach the table at rest (no scroll step renders it again).
    await whileSlowService(paydesk, slow(), 2_000, async () => {
      await openBatch(app);
      const { ids, current } = await runUnknownIds(app, 300, { rate: 10_000, concurrency: 1 });
      const results = current.getByTestId('batch-results');
      await results.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      const last = row(results, ids[ids.length - 1] ?? 0);
      await expect(last).toHaveAttribute('data-state', 'pending');
      await setSandboxFaults(slow(), { rate: 0 });
      await batchIn(app, 'done');
      await expect(last).toHaveAttribute('data-state', 'failed');
      await expect(row(results, ids[0] ?? 0)).toHaveCount(0);
    });
  });
});

test('10,000 ids from a CSV file: the table scrolls through them with a screenful of rows in the DOM', async ({
  console: app,
  axe,
  saveScreen,
}) => {
  test.slow();
  await openBatch(app);
  // Ids the sandbox does not hold: not-found rows are rows like any other here.
  const first = 500_000_001;
  const count = 10_000;
  const csv = ['deposit_id', ...Array.from({ length: count }, (_, index) => String(first + index))].join(
    '\n',
  );
  await app.getByTestId('batch-file').setInputFiles({
    name: 'ten-thousand.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const parsed = app.getByTestId('batch-parsed');
  await expect(parsed.getByTestId('batch-parsed-count')).toHaveText('10,000 ids to look up');
  await expect(parsed.getByTestId('batch-parsed-header')).toHaveText(
    'Header row skipped (deposit_id); only the column deposit_id was read.',
  );
  await expect(app.getByTestId('batch-text')).toHaveValue(csv);
  await start(app, { rate: 10_000, concurrency: 32 });
  const current = await batchIn(app, 'done', 150_000);
  const results = current.getByTestId('batch-results');
  await expect(results).toHaveAttribute('data-count', String(count));
  const rows = results.getByTestId('batch-row');
  await expect(row(results, first)).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);

  /**
   * The rows shown are consecutive and each one's content is its own: rows are keyed by their
   * place in the window, so scrolling gives the same elements other rows' data (none may keep
   * a row it showed before).
   */
  const expectRowsInPlace = () =>
    expect
      .poll(() =>
        rows.evaluateAll((elements) => [
          ...new Set(
            elements.map((element) => {
              const place = Number(element.getAttribute('aria-rowindex'));
              // The id on the row and the "#" in its first cell, both against its place.
              return `${Number(element.dataset.id) - place} ${Number(element.querySelector('td')?.textContent) - place}`;
            }),
          ),
        ]),
      )
      .toEqual([`${first - 2} -1`]);

  // The middle, then the end: the rows there are read (page by page) and shown, the DOM stays small.
  await results.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  await expect(row(results, first + count / 2)).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);
  await expectRowsInPlace();
  // A few rows down: the rows that stay in view keep their content, the new ones have theirs.
  await results.evaluate((element) => {
    element.scrollTop += 3 * 32;
  });
  await expect(row(results, first + count / 2 + 3)).toBeVisible();
  await expectRowsInPlace();
  await results.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(row(results, first + count - 1)).toBeVisible();
  await expectRowsInPlace();
  await expect(row(results, first + count - 1)).toHaveAttribute('aria-rowindex', String(count + 1));
  expect(await rows.count()).toBeLessThan(60);
  await expect(row(results, first)).toHaveCount(0);

  // A fling, more than a screenful at each frame: the rows going by are drawn empty (their text
  // would be most of each frame's work), the rows where it stops are shown in full.
  // The first step, from rest, shows rows; the steps after it fly (a stall of a step over the
  // table's 150 ms "still scrolling" would make one a step from rest again: the last is checked).
  const fling = await results.evaluate(async (element) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const rowsOf = (testId: string) => element.querySelectorAll(`[data-testid="${testId}"]`);
    await nextFrame();
    const rowAt = (place: number) => element.querySelector(`tr[aria-rowindex="${place}"]`);
    for (const step of [4_000, 3_000, 2_000]) {
      element.scrollTop = step * 32;
      // React renders a scroll's update at a continuous (not synchronous) priority: on a busy
      // machine the commit can land a frame or two later, so wait for the rows of this step.
      for (let frame = 0; frame < 30 && !rowAt(step + 2); frame += 1) await nextFrame();
    }
    const flying = [...rowsOf('batch-row-flying')].map((flyingRow) => Number(flyingRow.ariaRowIndex));
    return { flying, rows: rowsOf('batch-row').length };
  });
  expect(fling.rows).toBe(0);
  expect(fling.flying.length).toBeGreaterThan(10);
  expect(fling.flying).toContain(2_000 + 2);
  await expect(row(results, first + 2_000)).toBeVisible();
  await expect(results.getByTestId('batch-row-flying')).toHaveCount(0);
  await expectRowsInPlace();
  await axe();
  await topOf(app);
  await saveScreen('batch-ten-thousand');
});
