import { mergeTests } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteRecordIndexStarter } from '../../../main/core/console';
import { createMemoryBackend } from '../../../main/core/vault';
import {
  addEnvironmentFor,
  dataOf,
  EMBEDDED_SEED,
  errorOf,
  test as consoleTest,
  type Console,
} from '../../unit/console/console-fixture';
import { expect, test as teamTest } from '../../support/team-database';

/**
 * The record keeper's routing (main/core/console/records.ts, docs/architecture.md "Team mode:
 * shared records"): a profile in a team searches the team's shared index, through its session with
 * the database; a profile in none keeps its own. Separate runtimes, each its own data folder and
 * person, on one service account.
 */

const test = mergeTests(consoleTest, teamTest);

const DEPOSIT = 300_000_002;

const world = test.extend<{ openDesk: (name: string, joined: boolean) => Promise<Console> }>({
  openDesk: async ({ openConsole, sandbox, team }, use) => {
    const service = await sandbox({ seed: EMBEDDED_SEED });
    const folders: string[] = [];
    await use(async (name, joined) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-shared-records-'));
      folders.push(dataDir);
      const console = openConsole({
        dataDir,
        vault: { backend: createMemoryBackend(), service: 'paydesk-test-shared-records' },
        osUser: name,
        recordIndex: sqliteRecordIndexStarter(dataDir),
      });
      const profile = await addEnvironmentFor(
        console,
        { name: `Testing ${name}`, kind: 'testing', baseUrl: service.baseUrl },
        service.credentials,
      );
      dataOf(await console.call('useEnvironment', { id: profile.id }));
      if (joined) {
        const person = await team.desk(['paydesk_viewer']);
        dataOf(
          await console.runtime.team.join({
            environmentId: profile.id,
            host: team.cluster.host,
            port: team.cluster.port,
            database: team.database,
            person: person.person,
            ca: team.cluster.ca,
            password: await person.password(),
          }),
        );
      }
      return console;
    });
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  },
});

world(
  'a deposit one desk looked up, another desk of the team finds; a desk in no team does not',
  async ({ openDesk, team }) => {
    const one = await openDesk('one', true);
    const two = await openDesk('two', true);
    const alone = await openDesk('alone', false);

    dataOf(await one.call('getDeposit', { depositId: DEPOSIT }));
    // Desk one's own search waits for its writes, so the sighting is in the team's index after it.
    dataOf(await one.call('searchRecords', { text: String(DEPOSIT) }));
    const found = dataOf(await two.call('searchRecords', { text: String(DEPOSIT) }));
    expect(found).toEqual([expect.objectContaining({ kind: 'deposit', id: String(DEPOSIT) })]);
    expect(dataOf(await alone.call('searchRecords', { text: String(DEPOSIT) }))).toEqual([]);
    // The row is the team's, not desk one's file: the table holds it, keyed by the account.
    const { rows } = await team.owner.query<{ account: string }>('SELECT account FROM paydesk.records');
    expect(rows).toEqual([{ account: expect.stringMatching(/#key:[0-9a-f]{24}$/) }]);
  },
);

world(
  'a team database that does not answer: search says so, and a lookup still answers',
  async ({ openDesk, team }) => {
    const desk = await openDesk('one', true);
    await team.cluster.shutDown();
    const lookup = await desk.call('getDeposit', { depositId: DEPOSIT });
    expect(lookup.ok).toBe(true);
    const refused = errorOf(await desk.call('searchRecords', { text: String(DEPOSIT) }));
    expect(refused).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^The team's shared record index could not be read/),
      text: { key: 'console.recordIndexUnreadable' },
    });
    await team.cluster.startAgain();
  },
);
