import type { EnvironmentList } from '../../../shared/contract';
import { addEnvironmentFor, dataOf, EMBEDDED_SEED, errorOf, expect, test } from './console-fixture';

/**
 * Environments through the console: one client and one clock per environment, so an answer of
 * one environment is never served under another; the events a switch sends; a base URL that
 * moves rebuilds the client and clears the credentials.
 */

test('answers of one environment are never served under another', async ({ openConsole, sandbox }) => {
  // The embedded sandbox's seed, so both number new deposits alike, but credentials of its own.
  const second = await sandbox({
    seed: EMBEDDED_SEED,
    credentials: {
      apiKey: 'second-api-key-71',
      apiSecret: 'second-api-secret-71',
      readOnlyKey: 'second-readonly-71',
      cashoutLogin: 'second-login-71',
      cashoutPass: 'second-pass-71',
      cashoutSecret: 'second-cashout-secret-71',
    },
  });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );

  // The same id names a different deposit in each service.
  const local = dataOf(await console.call('createDeposit', { body: { amount: 11.11, country: 'BR' } }));
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  const remote = dataOf(await console.call('createDeposit', { body: { amount: 22.22, country: 'BR' } }));
  expect(remote.created.record.deposit_id).toBe(local.created.record.deposit_id);
  const id = local.created.record.deposit_id;

  expect(dataOf(await console.call('getDeposit', { depositId: id })).record.amount).toBe(22.22);
  dataOf(await console.call('useEnvironment', { id: 'local-sandbox' }));
  expect(dataOf(await console.call('getDeposit', { depositId: id })).record.amount).toBe(11.11);
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(dataOf(await console.call('getDeposit', { depositId: id })).record.amount).toBe(22.22);

  // Each environment has its own clock estimate.
  const localClock = dataOf(await console.call('getClockStatus', { environmentId: 'local-sandbox' }));
  const testingClock = dataOf(await console.call('getClockStatus', { environmentId: testing.id }));
  expect(localClock.samples).toBeGreaterThan(0);
  expect(testingClock.samples).toBeGreaterThan(0);
  expect(localClock.lastSampleAt).not.toBe(testingClock.lastSampleAt);

  // The journal says where each mutation went.
  const intents = dataOf(await console.call('listAuditEntries', {})).filter(
    (entry) => entry.type === 'intent',
  );
  expect(intents.map((entry) => entry.environment?.id)).toEqual(['local-sandbox', testing.id]);
  expect(dataOf(await console.call('listAuditEntries', { environmentId: testing.id }))).toHaveLength(2);
});

test('useEnvironment sends environmentChanged and the new arming state; the settings remember it', async ({
  openConsole,
  sandbox,
}) => {
  const second = await sandbox({ seed: 72 });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  const list = dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(list.activeEnvironmentId).toBe(testing.id);
  const changed = console.events.filter((item) => item.event === 'environmentChanged');
  expect(changed.map((item) => (item.payload as EnvironmentList).activeEnvironmentId)).toEqual([testing.id]);
  expect(console.events.at(-1)).toEqual({
    event: 'armingChanged',
    payload: { environmentId: testing.id, armed: true, expiresAt: null },
  });
  await console.close();
  const reopened = openConsole();
  expect(dataOf(await reopened.call('listEnvironments', {})).activeEnvironmentId).toBe(testing.id);
});

test('moving a base URL to another host clears the credentials and rebuilds the client', async ({
  openConsole,
  sandbox,
}) => {
  const first = await sandbox({ seed: 73 });
  const moved = await sandbox({ seed: 74 });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: first.baseUrl },
    first.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  dataOf(await console.call('getDeposit', { depositId: 300000001 }));
  const updated = dataOf(await console.call('updateEnvironment', { id: testing.id, baseUrl: moved.baseUrl }));
  expect(updated).toMatchObject({ credentialsCleared: true, environment: { baseUrl: moved.baseUrl } });
  // Nothing of the old host's credentials goes to the new one.
  expect(errorOf(await console.call('getDeposit', { depositId: 300000001 }))).toMatchObject({
    kind: 'credentials_missing',
  });
  expect(dataOf(await console.call('getClockStatus', {})).samples).toBe(0);
  for (const [field, value] of Object.entries(moved.credentials)) {
    dataOf(
      await console.call('setCredential', {
        environmentId: testing.id,
        field: field as keyof typeof moved.credentials,
        value,
      }),
    );
  }
  dataOf(await console.call('getDeposit', { depositId: 300000001 }));
  expect(
    console.events.filter((item) => item.event === 'environmentChanged').map((item) => item.payload),
  ).toHaveLength(2);
});

test('removing the active environment falls back to the local sandbox and says so', async ({
  openConsole,
  sandbox,
}) => {
  const second = await sandbox({ seed: 75 });
  const console = openConsole();
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  const removed = dataOf(await console.call('removeEnvironment', { id: testing.id }));
  expect(removed).toEqual({
    removedId: testing.id,
    activeEnvironmentId: 'local-sandbox',
    credentialsCleared: true,
  });
  const last = console.events.filter((item) => item.event === 'environmentChanged').at(-1);
  expect((last?.payload as EnvironmentList).activeEnvironmentId).toBe('local-sandbox');
  dataOf(await console.call('getDeposit', { depositId: 300000001 }));
  expect(dataOf(await console.call('getCredentialStatus', { environmentId: 'local-sandbox' })).source).toBe(
    'embedded-sandbox',
  );
});

test('a production environment is removed only with its name typed; testing and the local sandbox need none', async ({
  openConsole,
  sandbox,
}) => {
  const live = await sandbox({ seed: 76 });
  const staging = await sandbox({ seed: 77 });
  const console = openConsole();
  const production = await addEnvironmentFor(
    console,
    { name: 'Prod BR', kind: 'production', baseUrl: live.baseUrl },
    live.credentials,
  );
  const testing = await addEnvironmentFor(
    console,
    { name: 'Staging', kind: 'testing', baseUrl: staging.baseUrl },
    staging.credentials,
  );
  const ids = async () =>
    dataOf(await console.call('listEnvironments', {})).environments.map((environment) => environment.id);

  for (const typedName of [undefined, '', 'prod br', 'Prod BR ', 'Staging']) {
    const refused = errorOf(
      await console.call('removeEnvironment', {
        id: production.id,
        ...(typedName !== undefined && { typedName }),
      }),
    );
    expect(refused, String(typedName)).toMatchObject({ kind: 'not_permitted', field: 'typedName' });
    expect(refused.message).toContain('type its name exactly ("Prod BR")');
  }
  expect(await ids()).toContain(production.id);
  // Refused before anything was touched: the credentials are still in the keychain.
  const status = dataOf(await console.call('getCredentialStatus', { environmentId: production.id }));
  expect(status.fields.every((field) => field.set)).toBe(true);

  // Outside production the id is enough (a name given anyway changes nothing).
  dataOf(await console.call('removeEnvironment', { id: testing.id }));
  dataOf(await console.call('removeEnvironment', { id: 'local-sandbox', typedName: 'whatever' }));
  expect(await ids()).toEqual([production.id]);

  // The last environment stays whatever is typed; add one so production can go.
  const other = await addEnvironmentFor(
    console,
    { name: 'Staging again', kind: 'testing', baseUrl: staging.baseUrl },
    {},
  );
  const removed = dataOf(
    await console.call('removeEnvironment', { id: production.id, typedName: 'Prod BR' }),
  );
  expect(removed).toMatchObject({ removedId: production.id, credentialsCleared: true });
  expect(await ids()).toEqual([other.id]);
});

test('sandbox controls move records of the embedded sandbox, and work only while it is active', async ({
  openConsole,
  sandbox,
}) => {
  const console = openConsole();
  const created = dataOf(
    await console.call('createDeposit', {
      body: { amount: 5, country: 'BR', notification_url: 'http://127.0.0.1:9/ipn' },
    }),
  );
  const depositId = created.created.record.deposit_id;
  expect(
    dataOf(
      await console.call('transitionSandboxRecord', { entity: 'deposit', id: depositId, to: 'PENDING' }),
    ),
  ).toEqual({ status: 'PENDING' });
  expect(dataOf(await console.call('getDeposit', { depositId })).record.status).toBe('PENDING');
  const cashout = dataOf(await console.call('createSandboxCashout', { amount: 12.5 }));
  expect(dataOf(await console.call('getCashoutStatus', cashout)).record.cashout_status).toBe(0);
  const before = Date.parse(dataOf(await console.call('advanceSandboxClock', { seconds: 0 })).now);
  const after = Date.parse(dataOf(await console.call('advanceSandboxClock', { seconds: 3600 })).now);
  expect(after - before).toBeGreaterThanOrEqual(3_600_000);
  await expect
    .poll(async () => dataOf(await console.call('listSandboxNotifications', {})).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const [notification] = dataOf(await console.call('listSandboxNotifications', {}));
  expect(notification).toMatchObject({ url: 'http://127.0.0.1:9/ipn', body: `{"deposit_id":${depositId}}` });

  const second = await sandbox({ seed: 76 });
  const testing = await addEnvironmentFor(
    console,
    { name: 'Testing', kind: 'testing', baseUrl: second.baseUrl },
    second.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: testing.id }));
  expect(errorOf(await console.call('advanceSandboxClock', { seconds: 1 })).kind).toBe('not_permitted');
});
