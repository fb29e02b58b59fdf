import { readdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { SEEDED_RECORDS } from '../../main/sandbox';
import { expect, test } from './fixtures';

/**
 * Lines cut off the end of the journal. The chain of what is left still verifies, but
 * the Audit screen's verify says how many lines are missing, that new changes are refused, and
 * the command that acknowledges it; a change tried meanwhile is refused before anything is sent.
 */

test.use({ freshBridge: true });

test('verify shows the lines cut off the end, the refusal and the acknowledge command', async ({
  console: app,
  paydesk,
  webBridge,
  axe,
}) => {
  const cancelled = await paydesk.call('cancelCashout', {
    cashoutId: SEEDED_RECORDS.pendingCashout,
    externalId: 'payout-7781',
    reason: 'Customer asked',
  });
  expect(cancelled.ok, 'the cancel went through').toBe(true);
  const files = await readdir(webBridge.dataDir, { recursive: true });
  const journalFile = files.find((file) => file.endsWith('journal.jsonl'));
  if (!journalFile) throw new Error('no journal file in the data folder');
  const path = join(webBridge.dataDir, journalFile);
  // Someone cuts the outcome line (the last) off the file.
  const [intentLine] = (await readFile(path, 'utf8')).split('\n');
  await truncate(path, Buffer.byteLength(`${intentLine}\n`));

  await app.getByRole('link', { name: 'Audit journal', exact: true }).click();
  await app.getByTestId('audit-verify').click();
  const report = app.getByTestId('audit-verify-report');
  await expect(report).toHaveAttribute('data-ok', 'false');
  await expect(report).toHaveAttribute('data-anchor-state', 'entries_missing');
  await expect(report).toContainText('Lines are missing from the end of the journal');
  await expect(report.getByTestId('audit-verify-anchor')).toContainText(
    'The last line is missing: the anchor kept beside the journal says line 2 was written, but the file ends at line 1.',
  );
  await expect(report.getByTestId('audit-verify-refused')).toContainText(
    'paydesk audit acknowledge-truncation --reason',
  );
  await axe();

  const refused = await paydesk.call('createDeposit', { body: { amount: 12.5, country: 'BR' } });
  expect(!refused.ok && refused.error.kind).toBe('storage');
  expect(!refused.ok && refused.error.message).toContain('The last entry of the journal is missing');
});
