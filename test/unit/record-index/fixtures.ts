import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import type { RecordIndex } from '../../../main/core/record-index/port';
import { openSqliteRecordIndex } from '../../../main/core/record-index/sqlite';

/** A fresh data folder per test, and the real SQLite index opened in it (closed afterwards). */
export const test = base.extend<{ dataDir: string; index: RecordIndex }>({
  // Playwright fixtures take their dependencies by destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'paydesk-record-index-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  index: async ({ dataDir }, use) => {
    const opened = await openSqliteRecordIndex({ dataDir });
    if (!opened.ok) throw new Error(opened.error.message);
    await use(opened.data.index);
    await opened.data.index.close();
  },
});
export { expect } from '@playwright/test';

export { seen } from '../../support/record-index-port-suite';
