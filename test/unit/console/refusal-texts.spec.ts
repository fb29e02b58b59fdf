import type { MessageText } from '../../../shared/contract';
import { RECONCILE_LIMITS } from '../../../shared/contract';
import { sqliteRecordIndexStarter } from '../../../main/core/console';
import { sendJson, startDouble } from '../payments/http-double';
import { addEnvironmentFor, dataOf, errorOf, expect, test } from './console-fixture';

/**
 * The console's own refusals that staff can meet on a screen carry a text key, so the screen says
 * them in the user's language (the English message stays for the CLI and the logs).
 */

const textOf = (result: { ok: boolean; error?: { text?: MessageText } }): MessageText | undefined =>
  result.ok ? undefined : result.error?.text;

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
  expect(textOf(await console.call('removeEnvironment', { id: prod.id, typedName: 'live br' }))).toEqual({
    key: 'environment.removeNotConfirmed',
    params: { name: 'Live BR' },
  });
  dataOf(await console.call('useEnvironment', { id: prod.id }));
  expect(textOf(await console.call('armProduction', { confirmation: 'Live' }))).toEqual({
    key: 'guard.armNotConfirmed',
    params: { name: 'Live BR' },
  });
});

test('links: one the service did not send, no browser here, a browser that fails', async ({
  openConsole,
}) => {
  const service = await startDouble((request, response) => {
    if (request.method === 'POST') {
      sendJson(response, 200, {
        checkout_type: 'HOSTED',
        deposit_id: 9,
        redirect_url: 'https://pay.example/r/9',
      });
    } else sendJson(response, 404, { code: 208, description: 'none' });
  });
  try {
    const url = 'https://pay.example/r/9';
    const setUp = async (console: ReturnType<typeof openConsole>, name: string) => {
      const linked = await addEnvironmentFor(
        console,
        { name, kind: 'testing', baseUrl: service.baseUrl },
        { apiKey: 'double-key-0001', apiSecret: 'double-secret-0001' },
      );
      dataOf(await console.call('useEnvironment', { id: linked.id }));
      dataOf(await console.call('createDeposit', { body: { amount: 1, country: 'BR' } }));
    };
    const failing = openConsole({
      openExternal: () => {
        throw new Error('no display');
      },
    });
    await setUp(failing, 'Failing browser');
    expect(textOf(await failing.call('openExternal', { url: 'https://pay.example/other' }))).toEqual({
      key: 'console.linkRefused',
    });
    expect(textOf(await failing.call('openExternal', { url }))).toEqual({ key: 'console.browserFailed' });
    await failing.close();

    const headless = openConsole();
    await setUp(headless, 'No browser');
    expect(textOf(await headless.call('openExternal', { url }))).toEqual({ key: 'console.noBrowser' });
  } finally {
    await service.close();
  }
});

test('the record index: none kept, and a console that has closed', async ({ openConsole, dataDir }) => {
  const console = openConsole({ recordIndex: false });
  expect(textOf(await console.call('recordSearch', { text: '3000', kinds: ['deposit'] }))).toEqual({
    key: 'console.noRecordIndex',
  });
  const closing = openConsole({ recordIndex: sqliteRecordIndexStarter(dataDir) });
  await closing.close();
  expect(textOf(await closing.call('recordSearch', { text: '3000', kinds: ['deposit'] }))).toEqual({
    key: 'console.closed',
  });
});

test('a ledger: too many columns, a part that never came, a ledger no longer open', async ({
  openConsole,
}) => {
  const console = openConsole();
  const header = Array.from({ length: RECONCILE_LIMITS.maxColumns + 1 }, (_, index) => `c${index}`).join(',');
  const chunk = Buffer.from(`${header}\n`).toString('base64');
  expect(textOf(await console.call('reconcileRead', { ledgerName: 'wide.csv', chunk, last: true }))).toEqual({
    key: 'ledger.tooManyColumns',
    params: { max: RECONCILE_LIMITS.maxColumns },
  });
  expect(
    textOf(
      await console.call('reconcileRead', {
        uploadId: '5b0f3a4e-8d2c-4c1e-9a7b-2f6d1e3c4b5a',
        ledgerName: 'ledger.csv',
        chunk,
        last: true,
      }),
    ),
  ).toEqual({ key: 'ledger.notReceivedWhole' });
  expect(
    textOf(await console.call('reconcilePrepare', { ledgerRef: '5b0f3a4e-8d2c-4c1e-9a7b-2f6d1e3c4b5a' })),
  ).toEqual({ key: 'ledger.noLongerOpen' });
});

test('the local sandbox that cannot start says so', async ({ openConsole }) => {
  const console = openConsole({ embeddedSandbox: () => Promise.reject(new Error('port in use')) });
  const refused = errorOf(await console.call('getDeposit', { depositId: 300000001 }));
  expect(refused.text?.key).toMatch(/^sandbox\.(notRunning|startFailed)$/);
});
