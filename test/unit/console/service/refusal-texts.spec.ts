import { RECONCILE_LIMITS } from '../../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../../main/core/console';
import { startHostedCheckoutDouble } from '../../payments/http-double';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from '../console-fixture';

/**
 * The console's own refusals that staff can meet on a screen carry a text key, so the screen says
 * them in the user's language (the English message stays for the CLI and the logs).
 */

test('production: a remove or an arming without the exact name says which name to type', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 71 });
  const console = openConsole();
  const prod = await addEnvironmentFor(
    console,
    { name: 'Live BR', kind: 'production', baseUrl: service.baseUrl },
    service.credentials,
  );
  expect(
    errorOf(await console.call('removeEnvironment', { id: prod.id, typedName: 'live br' })).text,
  ).toEqual({
    key: 'environment.removeNotConfirmed',
    params: { name: 'Live BR' },
  });
  dataOf(await console.call('useEnvironment', { id: prod.id }));
  expect(errorOf(await console.call('armProduction', { confirmation: 'Live' })).text).toEqual({
    key: 'guard.armNotConfirmed',
    params: { name: 'Live BR' },
  });
});

test('links: one the service did not send, no browser here, a browser that fails', async ({
  openConsole,
}) => {
  const url = 'https://pay.example/r/9';
  const service = await startHostedCheckoutDouble(url);
  try {
    const setUp = async (console: ReturnType<typeof openConsole>, name: string) => {
      const linked = await addEnvironmentFor(
        console,
        { name, kind: 'testing', baseUrl: service.baseUrl },
        { apiKey: 'double-key-0001', apiSecret: 'double-secret-0001' },
      );
      dataOf(await console.call('useEnvironment', { id: linked.id }));
      // Each console its own invoice id: the same deposit twice on one account would be refused.
      dataOf(
        await console.call('createDeposit', {
          body: { amount: 1, country: 'BR', invoice_id: `INV-${name}` },
        }),
      );
    };
    const failing = openConsole({
      openExternal: () => {
        throw new Error('no display');
      },
    });
    await setUp(failing, 'Failing browser');
    expect(errorOf(await failing.call('openExternal', { url: 'https://pay.example/other' })).text).toEqual({
      key: 'console.linkRefused',
    });
    expect(errorOf(await failing.call('openExternal', { url })).text).toEqual({
      key: 'console.browserFailed',
    });
    await failing.close();

    const headless = openConsole();
    await setUp(headless, 'No browser');
    expect(errorOf(await headless.call('openExternal', { url })).text).toEqual({ key: 'console.noBrowser' });
  } finally {
    await service.close();
  }
});

test('the record index: none kept, and a console that has closed', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: false });
  expect(errorOf(await console.call('searchRecords', { text: '3000', kinds: ['deposit'] })).text).toEqual({
    key: 'console.noRecordIndex',
  });
  const closing = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  await closing.close();
  expect(errorOf(await closing.call('searchRecords', { text: '3000', kinds: ['deposit'] })).text).toEqual({
    key: 'console.closed',
  });
});

test('a ledger: too many columns, a part that never came, a ledger no longer open', async ({
  openConsole,
}) => {
  const console = openConsole();
  const header = Array.from({ length: RECONCILE_LIMITS.maxColumns + 1 }, (_, index) => `c${index}`).join(',');
  const chunk = Buffer.from(`${header}\n`).toString('base64');
  expect(
    errorOf(await console.call('uploadLedger', { ledgerName: 'wide.csv', chunk, last: true })).text,
  ).toEqual({
    key: 'ledger.tooManyColumns',
    params: { max: RECONCILE_LIMITS.maxColumns },
  });
  expect(
    errorOf(
      await console.call('uploadLedger', {
        uploadId: '5b0f3a4e-8d2c-4c1e-9a7b-2f6d1e3c4b5a',
        ledgerName: 'ledger.csv',
        chunk,
        last: true,
      }),
    ).text,
  ).toEqual({ key: 'ledger.notReceivedWhole' });
  expect(
    errorOf(await console.call('prepareReconcile', { ledgerRef: '5b0f3a4e-8d2c-4c1e-9a7b-2f6d1e3c4b5a' }))
      .text,
  ).toEqual({ key: 'ledger.noLongerOpen' });
});

test('the local sandbox that cannot start says so', async ({ openConsole }) => {
  const console = openConsole({ embeddedSandbox: () => Promise.reject(new Error('port in use')) });
  const refused = errorOf(await console.call('getDeposit', { depositId: 300000001 }));
  expect(refused.text?.key).toMatch(/^sandbox\.(notRunning|startFailed)$/);
});
