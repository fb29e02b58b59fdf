import { expect } from '@playwright/test';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CredentialField } from '../../shared/contract';
import { createMemoryBackend, type SecretBackend } from '../../main/core/vault';
import { CREDENTIALS, type ServiceDouble } from '../unit/payments/http-double';
import { runCliInProcess, QUICK_CLIENT, type CliRun, type standInTerminal } from './in-process-cli';
import { dataOf } from './result';
import type { TeamDatabase } from './team-database';

/**
 * A desk the team specs drive through the CLI, run in this process: a data folder of its own, a
 * keychain (the memory backend, shared by the commands of one test as the OS keychain would be)
 * and one testing profile at a service double, ready to join the test's team database.
 */
export interface CliDesk {
  dataDir: string;
  keychain: SecretBackend;
  /** While `writes` is set, the keychain refuses to store anything, as a locked one would. */
  keychainFailing: { writes: boolean };
  environmentId: string;
  paydesk(
    argv: string[],
    input?: {
      stdin?: string;
      env?: Record<string, string>;
      terminal?: ReturnType<typeof standInTerminal>;
      /** Ctrl-C: a command that runs until stopped (`team executor`) exits 130 once it is aborted. */
      signal?: AbortSignal;
    },
  ): Promise<CliRun>;
  /**
   * `team join` for the profile, as `person`, with the test cluster's address and CA; the password
   * piped on stdin, unless a terminal or the variables are given, or files of a client
   * certificate and its key (then `password` is not used).
   */
  join(
    person: string,
    password: string,
    options?: {
      ca?: string;
      env?: string;
      terminal?: ReturnType<typeof standInTerminal>;
      variables?: Record<string, string>;
      certificateFiles?: { certificate: string; key: string };
    },
  ): Promise<CliRun>;
  settings(): Promise<string>;
  keychainText(): Promise<string>;
  /** Removes the data folder. */
  remove(): Promise<void>;
}

export async function makeCliDesk(
  database: TeamDatabase,
  service: ServiceDouble,
  keychainService: string,
): Promise<CliDesk> {
  const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-team-desk-'));
  const memory = createMemoryBackend();
  const keychainFailing = { writes: false };
  const keychain: SecretBackend = {
    ...memory,
    set: (service, account, value) =>
      keychainFailing.writes
        ? Promise.resolve({
            ok: false,
            error: { kind: 'keychain_unavailable', message: 'The keychain is locked.' },
          })
        : memory.set(service, account, value),
  };
  const paydesk: CliDesk['paydesk'] = (argv, input = {}) =>
    runCliInProcess(
      argv,
      {
        env: { PAYDESK_DATA_DIR: dataDir, ...input.env },
        ...(input.stdin !== undefined && { stdin: input.stdin }),
        ...(input.terminal !== undefined && { terminal: input.terminal }),
        ...(input.signal !== undefined && { signal: input.signal }),
      },
      { client: QUICK_CLIENT, vault: { backend: keychain, service: keychainService }, sandbox: false },
    );
  const added = await paydesk([
    'env',
    'add',
    '--name',
    'Desk one',
    '--kind',
    'testing',
    '--base-url',
    service.baseUrl,
    '--json',
  ]);
  const { id: environmentId } = JSON.parse(added.stdout) as { id: string };
  for (const [field, value] of Object.entries(CREDENTIALS) as Array<[CredentialField, string]>) {
    expect((await paydesk(['env', 'set-credential', environmentId, field], { stdin: value })).code).toBe(0);
  }
  const caFile = join(dataDir, 'team-ca.pem');
  return {
    dataDir,
    keychain,
    keychainFailing,
    environmentId,
    paydesk,
    async join(person, password, options = {}) {
      await writeFile(caFile, options.ca ?? database.cluster.ca);
      return paydesk(
        [
          '--env',
          options.env ?? environmentId,
          'team',
          'join',
          '--host',
          database.cluster.host,
          '--port',
          String(database.cluster.port),
          '--database',
          database.database,
          '--person',
          person,
          '--ca',
          caFile,
          ...(options.certificateFiles
            ? ['--certificate', options.certificateFiles.certificate, '--key', options.certificateFiles.key]
            : []),
          '--json',
        ],
        options.terminal !== undefined
          ? { terminal: options.terminal }
          : options.variables !== undefined
            ? { env: options.variables }
            : { stdin: `${password}\n` },
      );
    },
    settings: () => readFile(join(dataDir, 'settings.json'), 'utf8'),
    keychainText: async () => JSON.stringify(dataOf(await keychain.list(keychainService))),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
