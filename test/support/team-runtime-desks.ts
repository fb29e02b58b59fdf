import { mergeTests } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxHandle } from '../../main/sandbox';
import { sqliteRecordIndexStarter } from '../../main/core/console';
import { createMemoryBackend } from '../../main/core/vault';
import { startGateway, type Gateway } from './gateway';
import {
  addEnvironmentFor,
  dataOf,
  EMBEDDED_SEED,
  test as consoleTest,
  type Console,
} from '../unit/console/console-fixture';
import { test as teamTest, type TeamDatabase } from './team-database';

/**
 * Desks of one team as the app runs them: separate runtimes, each its own data folder, keychain
 * and person (an operator), with a testing profile on one service account (the sandbox, behind a
 * gateway that can lose answers) joined to the test's real PostgreSQL database and active.
 */

type DeskGroups = Parameters<TeamDatabase['desk']>[0];

export interface RuntimeDesk {
  console: Console;
  person: string;
  environmentId: string;
  /** Closes this desk's runtime and opens another on its folder and keychain: the app started again. */
  restart(): Promise<RuntimeDesk>;
}

/** Opens a desk of the test's team (teamWorld's `openDesk`). */
export type OpenDesk = (
  name: string,
  options?: { joined?: boolean; groups?: DeskGroups; credentials?: boolean },
) => Promise<RuntimeDesk>;

export const teamWorld = mergeTests(consoleTest, teamTest).extend<{
  service: { sandbox: SandboxHandle; gateway: Gateway };
  /**
   * A desk; `joined: false` keeps its profile out of the team (a desk working alone); `groups`
   * are its person's (an operator unless told); `credentials: false` gives its profile none of the
   * service's (a desk of an executor-signed environment).
   */
  openDesk: OpenDesk;
}>({
  service: async ({ sandbox }, use) => {
    // Bulk deposits: COMPLETED ones from 400000001 on, for the specs that need many.
    const started = await sandbox({ seed: EMBEDDED_SEED, bulkDeposits: 20 });
    const gateway = await startGateway(started.baseUrl, { signer: started.credentials });
    await use({ sandbox: started, gateway });
    await gateway.close();
  },
  openDesk: async ({ openConsole, service, team }, use) => {
    const folders: string[] = [];
    const opened: Console[] = [];
    await use(async (name, options = {}) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-team-desk-'));
      folders.push(dataDir);
      const backend = createMemoryBackend();
      const start = (): Console => {
        const started = openConsole({
          dataDir,
          vault: { backend, service: 'paydesk-test-team-desk' },
          osUser: name,
          recordIndex: sqliteRecordIndexStarter(dataDir),
        });
        opened.push(started);
        return started;
      };
      const console = start();
      const desk = (running: Console, person: string, environmentId: string): RuntimeDesk => ({
        console: running,
        person,
        environmentId,
        async restart() {
          await running.close();
          return desk(start(), person, environmentId);
        },
      });
      const profile = await addEnvironmentFor(
        console,
        { name: `Testing ${name}`, kind: 'testing', baseUrl: service.gateway.baseUrl },
        options.credentials === false ? {} : service.sandbox.credentials,
      );
      dataOf(await console.call('useEnvironment', { id: profile.id }));
      if (options.joined === false) return desk(console, '', profile.id);
      const person = await team.desk(options.groups ?? ['paydesk_operator']);
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
      return desk(console, person.person, profile.id);
    });
    // This fixture is torn down before openConsole's: its runtimes close before their folders go.
    for (const console of opened) await console.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  },
});

/** The desk's person approves the request as they read it: the body's hash from `approval`. */
export async function approveAsRead(desk: RuntimeDesk, requestId: string): Promise<void> {
  const shown = dataOf(await desk.console.runtime.team.approval(desk.environmentId, requestId));
  dataOf(
    await desk.console.runtime.team.approve(desk.environmentId, {
      requestId,
      bodyHash: shown.body_hash,
      note: null,
    }),
  );
}
