import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { openJournal } from '../../../../main/core/audit';
import { journalPortSuite, type JournalStore } from '../../../support/audit/journal-port-suite';
import { SEAL_KEY } from '../../../support/audit/samples';

/** The Journal port's shared suite on the file store: each place is a data folder of its own. */
const fileStore: JournalStore = {
  open: (dir, options) => openJournal({ dir, osUser: 'ana', sealKey: SEAL_KEY, ...options }),
  lines: async (journal) => (await readFile(journal.paths.journal, 'utf8')).split('\n').filter(Boolean),
};

journalPortSuite(test, fileStore);
