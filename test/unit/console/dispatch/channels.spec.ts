import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  CHANNELS,
  RECONCILE_LIMITS,
  type ChannelName,
  type ConsoleApi,
  type ErrorKind,
  type Result,
} from '../../../../shared/contract';
import { openJournal } from '../../../../main/core/audit';
import { createDispatcher, sqliteRecordIndexStarter } from '../../../../main/core/console';
import { startHostedCheckoutDouble } from '../../payments/http-double';
import { keychainDraftKey } from '../../../../main/core/drafts';
import { serviceAccount } from '../../../../main/core/payments';
import { addEnvironmentFor, dataOf, expect, test } from '../console-fixture';

/**
 * Every ConsoleApi method through createDispatcher, the single path of the IPC router and the web
 * bridge: at least one answer that works and one refusal each, against the embedded sandbox, a
 * second sandbox and (for the https redirect link only the real service sends) a service double.
 */

const LOCAL = { id: 'local-sandbox', name: 'Local sandbox', kind: 'local-sandbox' } as const;

test('every method answers through the dispatcher, and refuses what it must', async ({
  openConsole,
  sandbox,
  dataDir,
  memoryKeychain,
}) => {
  test.setTimeout(120_000);

  // A previous run left three intents without an outcome (it crashed before the answer), on a
  // testing service whose profile it had since removed: they belong to its account (D19).
  const earlier = await sandbox({ seed: 44 });
  const account = serviceAccount(earlier.baseUrl, earlier.credentials);
  const EARLIER = { id: 'earlier-testing', name: 'Earlier testing', kind: 'testing' } as const;
  const previous = dataOf(
    await openJournal({
      dir: join(dataDir, 'audit'),
      osUser: 'earlier',
      sealKey: keychainDraftKey(memoryKeychain, 'paydesk-test-console', join(dataDir, 'drafts')),
    }),
  );
  const lostDeposit = dataOf(
    await previous.recordIntent({
      environment: { ...EARLIER, account: account?.payments },
      action: 'deposit.create',
      request: { amount: 12.34, country: 'BR' },
      idempotencyKey: randomUUID(),
    }),
  );
  const lostCancel = dataOf(
    await previous.recordIntent({
      environment: { ...EARLIER, account: account?.cashouts ?? undefined },
      action: 'cashout.cancel',
      request: { cashoutId: 11955, externalId: 'payout-7782' },
    }),
  );
  const lostRefund = dataOf(
    await previous.recordIntent({
      environment: { ...EARLIER, account: account?.payments },
      action: 'refund.create',
      request: { deposit_id: 300000006, invoice_id: 'INV-300000006', amount: 1 },
      idempotencyKey: randomUUID(),
    }),
  );
  await previous.close();

  const opened: string[] = [];
  const console = openConsole({
    openExternal: (url) => {
      opened.push(url);
      return true;
    },
    recordIndex: sqliteRecordIndexStarter(dataDir),
  });
  const worked = new Set<ChannelName>();
  const refused = new Set<ChannelName>();
  const ok = async <K extends ChannelName>(method: K, arg: unknown): Promise<unknown> => {
    const answer = await console.dispatch(CHANNELS[method], arg);
    expect(answer, `${method} ${JSON.stringify(arg)}`).toMatchObject({ ok: true });
    worked.add(method);
    return (answer as { data: unknown }).data;
  };
  const refuse = async <K extends ChannelName>(
    method: K,
    arg: unknown,
    kind: ErrorKind,
    field?: string,
  ): Promise<void> => {
    const answer = await console.dispatch(CHANNELS[method], arg);
    expect(answer, `${method} ${JSON.stringify(arg)}`).toMatchObject({
      ok: false,
      error: { kind, ...(field !== undefined && { field }) },
    });
    refused.add(method);
  };

  // -- Environments, credentials, preferences --------------------------------------------
  const second = await sandbox({ seed: 22 });
  const production = await sandbox({ seed: 33 });
  await ok('listEnvironments', {});
  await refuse('listEnvironments', { extra: 1 }, 'validation', 'extra');
  const testing = (await ok('addEnvironment', {
    name: 'Testing',
    kind: 'testing',
    baseUrl: second.baseUrl,
  })) as { id: string };
  await refuse(
    'addEnvironment',
    { name: 'Prod', kind: 'production', baseUrl: 'http://api.pay.example' },
    'validation',
    'baseUrl',
  );
  await ok('updateEnvironment', { id: testing.id, name: 'Testing (BR)' });
  await refuse('updateEnvironment', { id: 'nope-000000', name: 'x' }, 'not_found');
  await ok('setCredential', { environmentId: testing.id, field: 'apiKey', value: second.credentials.apiKey });
  await refuse(
    'setCredential',
    { environmentId: 'local-sandbox', field: 'apiKey', value: 'abcdefgh' },
    'not_permitted',
  );
  await refuse(
    'setCredential',
    { environmentId: testing.id, field: 'password', value: 'x' },
    'validation',
    'field',
  );
  for (const field of ['apiSecret', 'readOnlyKey', 'cashoutLogin', 'cashoutPass', 'cashoutSecret'] as const) {
    dataOf(
      await console.call('setCredential', {
        environmentId: testing.id,
        field,
        value: second.credentials[field],
      }),
    );
  }
  const status = (await ok('getCredentialStatus', { environmentId: testing.id })) as {
    sets: Record<string, string>;
  };
  expect(status.sets).toEqual({ signed: 'complete', readOnly: 'complete', cashout: 'complete' });
  await refuse('getCredentialStatus', { environmentId: 'Not An Id' }, 'validation', 'environmentId');
  await ok('clearCredential', { environmentId: testing.id, field: 'cashoutSecret' });
  await refuse('clearCredential', { environmentId: 'local-sandbox', field: 'apiKey' }, 'not_permitted');
  const doctor = (await ok('runDoctor', { environmentId: testing.id })) as {
    checks: Array<{ set: string; verdict: string }>;
  };
  expect(doctor.checks.map((check) => [check.set, check.verdict])).toEqual([
    ['signed', 'ok'],
    ['readOnly', 'ok'],
    ['cashout', 'not_configured'],
  ]);
  await refuse('runDoctor', { environmentId: 'nope-000000' }, 'not_found');
  await ok('getClockStatus', {});
  await refuse('getClockStatus', { environmentId: 'nope-000000' }, 'not_found');
  expect(await ok('getPreferences', {})).toEqual({ language: 'en', theme: 'system' });
  await refuse('getPreferences', { language: 'es' }, 'validation', 'language');
  expect(await ok('setPreferences', { language: 'es' })).toEqual({ language: 'es', theme: 'system' });
  await refuse('setPreferences', { language: 'fr' }, 'validation', 'language');

  // -- Deposits, refunds, cashouts, reference data (the embedded sandbox is active) -------
  expect(await ok('getDeposit', { depositId: 300000001 })).toMatchObject({
    record: { deposit_id: 300000001, status: 'COMPLETED' },
  });
  await refuse('getDeposit', { depositId: 0 }, 'validation', 'depositId');
  await refuse('getDeposit', { depositId: 123 }, 'not_found');
  expect(await ok('checkDeposit', { body: { amount: 10, country: 'BR' } })).toMatchObject({
    issues: [],
    expectedFlow: 'HOSTED',
  });
  await refuse('checkDeposit', { body: 'amount=10' }, 'validation', 'body');
  const created = (await ok('createDeposit', { body: { amount: 10, country: 'BR' } })) as {
    created: { record: { deposit_id: number } };
    intentId: string;
  };
  expect(created.created.record.deposit_id).toBeGreaterThan(0);
  await refuse('createDeposit', { body: { amount: -1, country: 'BR' } }, 'validation', 'body.amount');
  await ok('getRefund', { refundId: 17 });
  await refuse('getRefund', { refundId: 999 }, 'not_found');
  expect(await ok('getRefundPreflight', { depositId: 300000001, amount: 10 })).toMatchObject({
    blockers: [],
    paidByCard: true,
  });
  await refuse('getRefundPreflight', { depositId: 123 }, 'not_found');
  await ok('createRefund', { body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 10 } });
  await refuse(
    'createRefund',
    { body: { deposit_id: 300000002, invoice_id: 'INV-300000002', amount: 1 } },
    'invalid_state',
  );
  // Who asked and who approved come from the team's request row in main, never from the page.
  await refuse(
    'createRefund',
    {
      body: { deposit_id: 300000001, invoice_id: 'INV-300000001', amount: 1 },
      approved: { requestId: '1', account: 'a', idempotencyKey: 'k', madeBy: 'mia', approvedBy: ['bob'] },
    },
    'validation',
    'approved',
  );
  await ok('getCashoutStatus', { cashoutId: 11954 });
  await refuse('getCashoutStatus', {}, 'validation');
  await ok('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' });
  await refuse('cancelCashout', { cashoutId: 11954, externalId: 'payout-7781' }, 'invalid_state');
  await ok('listPaymentMethods', { country: 'BR' });
  await refuse('listPaymentMethods', { country: 'br' }, 'validation', 'country');
  await ok('listBanks', { country: 'MX' });
  await refuse('listBanks', { country: 'MEX' }, 'validation', 'country');
  await ok('getCryptoQuote', { currency: 'USD', amount: 100, crypto: 'USDT' });
  await refuse(
    'getCryptoQuote',
    { currency: 'USD', amount: Number.POSITIVE_INFINITY, crypto: 'USDT' },
    'validation',
  );
  await ok('listStates', { country: 'BR' });
  await refuse('listStates', { country: 'BRA' }, 'validation', 'country');
  await ok('getFiatQuote', { country: 'MX', amount: 10 });
  await refuse('getFiatQuote', { country: 'MX', amount: -1 }, 'validation');
  await ok('getSubMerchant', { subMerchantId: 18703 });
  await refuse('getSubMerchant', { subMerchantId: 999 }, 'not_found');
  // Watching a sub-merchant is a watchlist pin (one list for both screens).
  await ok('pinWatch', { kind: 'sub_merchant', id: '18703' });
  await refuse('pinWatch', { kind: 'sub_merchant', id: '424242' }, 'not_found');
  await refuse('pinWatch', { kind: 'sub_merchant', id: '1.5' }, 'validation', 'id');
  const watched = (await ok('listWatchedSubMerchants', {})) as Array<{
    subMerchantId: number;
    result: Result<unknown>;
  }>;
  expect(watched.map((item) => [item.subMerchantId, item.result.ok])).toEqual([[18703, true]]);
  await refuse('listWatchedSubMerchants', { all: true }, 'validation', 'all');
  await ok('unpinWatch', { kind: 'sub_merchant', id: '18703' });
  expect(await ok('listWatchedSubMerchants', {})).toEqual([]);

  // -- Local sandbox controls --------------------------------------------------------------
  expect(await ok('transitionSandboxRecord', { entity: 'deposit', id: 300000002, to: 'COMPLETED' })).toEqual({
    status: 'COMPLETED',
  });
  await refuse(
    'transitionSandboxRecord',
    { entity: 'deposit', id: 300000002, to: 'COMPLETED' },
    'invalid_state',
  );
  const fixture = (await ok('createSandboxCashout', { externalId: 'dispatch-1', amount: 5 })) as {
    cashoutId: number;
  };
  expect(fixture.cashoutId).toBeGreaterThan(0);
  await refuse('createSandboxCashout', { externalId: 'payout-7781' }, 'invalid_state');
  await ok('advanceSandboxClock', { seconds: 60 });
  await refuse('advanceSandboxClock', { seconds: -1 }, 'validation', 'seconds');
  expect(Array.isArray(await ok('listSandboxNotifications', {}))).toBe(true);

  // -- Batch lookup (against the local sandbox) ---------------------------------------------
  expect(
    await ok('parseBatch', { kind: 'cashouts', text: 'cashout_id\n11954\next:payout-7782\nnope' }),
  ).toMatchObject({ ids: ['11954', 'ext:payout-7782'], invalidCount: 1 });
  await refuse('parseBatch', { kind: 'payouts', text: '1' }, 'validation', 'kind');
  const batch = (await ok('startBatch', { kind: 'cashouts', ids: ['11954', 'ext:payout-7782'] })) as {
    batchId: string;
  };
  await refuse('startBatch', { kind: 'cashouts', ids: ['ext:'] }, 'validation', 'ids.0');
  await expect
    .poll(
      async () =>
        dataOf(await console.call('listBatches', {})).find((b) => b.batchId === batch.batchId)?.state,
    )
    .toBe('done');
  expect(await ok('listBatches', {})).toMatchObject([{ batchId: batch.batchId, done: 2, failed: 0 }]);
  await refuse('listBatches', { all: true }, 'validation', 'all');
  expect(await ok('getBatchRows', { batchId: batch.batchId, offset: 0, limit: 5 })).toMatchObject({
    total: 2,
    rows: [
      { id: '11954', state: 'ok', status: 'CANCELLED' },
      { id: 'ext:payout-7782', state: 'ok', status: 'ON_HOLD' },
    ],
  });
  await refuse('getBatchRows', { batchId: batch.batchId, offset: -1, limit: 5 }, 'validation', 'offset');
  expect(await ok('exportBatchCsv', { batchId: batch.batchId })).toMatchObject({
    fileName: expect.any(String),
  });
  await refuse('exportBatchCsv', { batchId: randomUUID() }, 'not_found', 'batchId');
  await refuse('resumeBatch', { batchId: batch.batchId }, 'invalid_state', 'batchId');
  const slow = (await ok('startBatch', { kind: 'refunds', ids: ['17', '18', '19'], ratePerSecond: 1 })) as {
    batchId: string;
  };
  expect(await ok('cancelBatch', { batchId: slow.batchId })).toMatchObject({ state: 'cancelled' });
  await refuse('cancelBatch', { batchId: 'not-a-uuid' }, 'validation', 'batchId');
  expect(await ok('resumeBatch', { batchId: slow.batchId })).toMatchObject({ state: 'running' });
  expect(await ok('discardBatch', { batchId: slow.batchId })).toEqual({ discarded: true });
  await refuse('discardBatch', { batchId: 5 }, 'validation', 'batchId');

  // -- Reconciliation (test/unit/reconcile covers the core; the ledger arrives in base64 parts) --
  const ledgerBytes = Buffer.from(
    '\uFEFFdeposit_id;valor;moeda;status\n300000001;150,00;BRL;pago\n300000003;1,00;MXN;pago\nnope;1,00;BRL;pago\n',
  );
  const receiving = (await ok('uploadLedger', {
    ledgerName: 'razao.csv',
    chunk: ledgerBytes.subarray(0, 30).toString('base64'),
    last: false,
  })) as { state: string; uploadId: string };
  expect(receiving).toMatchObject({ state: 'receiving', receivedBytes: 30 });
  const read = (await ok('uploadLedger', {
    uploadId: receiving.uploadId,
    ledgerName: 'razao.csv',
    chunk: ledgerBytes.subarray(30).toString('base64'),
    last: true,
  })) as { state: string; ledger: { ledgerRef: string } };
  expect(read).toMatchObject({
    state: 'read',
    ledger: {
      kind: 'deposits',
      header: ['deposit_id', 'valor', 'moeda', 'status'],
      mapping: { deposit_id: 'deposit_id', valor: 'amount', moeda: 'currency', status: 'status' },
      decimalSeparator: ',',
      rows: 3,
      entries: 2,
      badRowCount: 1,
      badRows: [{ line: 4, reason: expect.stringContaining('nope') }],
    },
  });
  const { ledgerRef } = read.ledger;
  await refuse(
    'uploadLedger',
    { ledgerName: 'x.csv', chunk: 'not base64!', last: true },
    'validation',
    'chunk',
  );
  // A ledger over the cap is refused whole, whichever part crosses it.
  const part = Buffer.alloc((RECONCILE_LIMITS.maxChunkChars / 4) * 3, 0x41).toString('base64');
  let upload: string | undefined;
  let crossed: unknown;
  for (let sent = 0; sent <= RECONCILE_LIMITS.maxLedgerBytes && crossed === undefined;) {
    const answer = await console.dispatch(CHANNELS.uploadLedger, {
      ...(upload !== undefined && { uploadId: upload }),
      ledgerName: 'huge.csv',
      chunk: part,
      last: false,
    });
    sent += (RECONCILE_LIMITS.maxChunkChars / 4) * 3;
    if (answer.ok) upload = (answer.data as { uploadId: string }).uploadId;
    else crossed = answer;
  }
  expect(crossed).toMatchObject({ ok: false, error: { kind: 'validation', field: 'ledger' } });
  expect(
    (await ok('prepareReconcile', { ledgerRef, map: { moeda: 'ignore' } })) as { mapping: unknown },
  ).toMatchObject({ mapping: { deposit_id: 'deposit_id', valor: 'amount', status: 'status' } });
  // Bad mappings: a column the ledger lacks, no id column left, a field that does not exist.
  await refuse('prepareReconcile', { ledgerRef, map: { Valor2: 'amount' } }, 'validation', 'map');
  await refuse('prepareReconcile', { ledgerRef, map: { deposit_id: 'ignore' } }, 'validation', 'map');
  await refuse('prepareReconcile', { ledgerRef, map: { valor: 'payer' } }, 'validation', 'map.valor');
  const run = (await ok('startReconcile', { ledgerRef })) as { runId: string };
  await refuse('startReconcile', { ledgerRef: randomUUID() }, 'not_found', 'ledgerRef');
  const runState = async (runId: string) =>
    dataOf(await console.call('listReconcileRuns', {})).find((summary) => summary.runId === runId)?.state;
  await expect.poll(() => runState(run.runId)).toBe('done');
  await refuse('listReconcileRuns', { all: true }, 'validation', 'all');
  expect(await ok('getReconcileRun', { runId: run.runId })).toMatchObject({
    summary: { counts: { match: 1 }, badRows: 1 },
    badRowCount: 1,
  });
  await refuse('getReconcileRun', { runId: randomUUID() }, 'not_found', 'runId');
  expect(
    await ok('getReconcileRows', { runId: run.runId, offset: 0, limit: 10, filter: 'differences' }),
  ).toMatchObject({ total: 1, rows: [{ id: '300000003', line: 3 }] });
  await refuse(
    'getReconcileRows',
    { runId: run.runId, offset: 0, limit: 10, filter: 'odd' },
    'validation',
    'filter',
  );
  const differences = (await ok('exportReconcileCsv', { runId: run.runId, which: 'differences' })) as {
    csv: string;
  };
  expect(differences.csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  await refuse('exportReconcileCsv', { runId: run.runId, which: 'some' }, 'validation', 'which');
  expect(await ok('cancelReconcile', { runId: run.runId })).toEqual({ cancelled: false });
  await refuse('cancelReconcile', { runId: 'x' }, 'validation', 'runId');
  await refuse('resumeReconcile', { runId: run.runId }, 'invalid_state');
  const slowRun = (await ok('startReconcile', { ledgerRef, ratePerSecond: 1 })) as { runId: string };
  expect(await ok('cancelReconcile', { runId: slowRun.runId })).toEqual({ cancelled: true });
  await expect.poll(() => runState(slowRun.runId)).toBe('cancelled');
  expect(await ok('resumeReconcile', { runId: slowRun.runId })).toEqual({ runId: slowRun.runId });
  await expect.poll(() => runState(slowRun.runId)).toBe('done');
  expect(await ok('listReconcileRuns', {})).toMatchObject([
    { runId: slowRun.runId, changes: { previousRunId: run.runId } },
    { runId: run.runId },
  ]);

  // -- Watchlist (of the local sandbox) -------------------------------------------------------
  expect(await ok('pinWatch', { kind: 'cashout', id: 'ext:payout-7783' })).toMatchObject({
    environmentId: 'local-sandbox',
    status: 'DELIVERED',
  });
  await refuse('pinWatch', { kind: 'deposit', id: '300000099' }, 'not_found');
  await refuse('pinWatch', { kind: 'deposit', id: 'ext:x' }, 'validation', 'id');
  expect(await ok('listWatchlist', {})).toMatchObject({
    items: [{ kind: 'cashout', id: 'ext:payout-7783' }],
  });
  await refuse('listWatchlist', { environmentId: 'x' }, 'validation', 'environmentId');
  expect(await ok('setWatchInterval', { seconds: 30 })).toMatchObject({ intervalSeconds: 30 });
  await refuse('setWatchInterval', { seconds: 5 }, 'validation', 'seconds');
  expect(await ok('getWatchTimeline', { kind: 'cashout', id: 'ext:payout-7783' })).toMatchObject({
    entries: [{ from: null, to: 'DELIVERED' }],
  });
  await refuse('getWatchTimeline', { kind: 'refund', id: '17' }, 'not_found', 'id');
  expect(await ok('pollWatchlistNow', {})).toMatchObject({ lastPollAt: expect.any(String) });
  await refuse('pollWatchlistNow', { now: true }, 'validation', 'now');
  expect(await ok('unpinWatch', { kind: 'cashout', id: 'ext:payout-7783' })).toMatchObject({ items: [] });
  await refuse('unpinWatch', { kind: 'cashout', id: 'ext:payout-7783' }, 'not_found', 'id');

  // -- Record index (what the calls above created and looked up in the local sandbox) ----------
  const createdId = String(created.created.record.deposit_id);
  expect(await ok('searchRecords', { text: createdId })).toMatchObject([{ kind: 'deposit', id: createdId }]);
  await refuse('searchRecords', { text: '   ' }, 'validation', 'text');
  expect(await ok('listRecentRecords', { kind: 'deposit', offset: 0, limit: 10 })).toMatchObject({
    total: expect.any(Number),
    records: expect.arrayContaining([expect.objectContaining({ id: createdId, source: 'created' })]),
  });
  await refuse('listRecentRecords', { kind: 'deposit', offset: 0, limit: 0 }, 'validation', 'limit');
  expect(await ok('getRecord', { kind: 'deposit', id: '300000001' })).toMatchObject({
    id: '300000001',
    source: 'lookup',
  });
  await refuse('getRecord', { kind: 'payout', id: '1' }, 'validation', 'kind');
  expect(await ok('listDepositRefunds', { depositId: 300000001 })).toMatchObject([
    { kind: 'refund', depositId: '300000001', source: 'created' },
  ]);
  await refuse('listDepositRefunds', { depositId: '300000001' }, 'validation', 'depositId');

  // -- openExternal: only https redirect links this runtime received --------------------
  const service = await startHostedCheckoutDouble('https://pay.example/r/9');
  try {
    const linked = await addEnvironmentFor(
      console,
      { name: 'Linked', kind: 'testing', baseUrl: service.baseUrl },
      { apiKey: 'double-key-0001', apiSecret: 'double-secret-0001' },
    );
    dataOf(await console.call('useEnvironment', { id: linked.id }));
    await refuse('listSandboxNotifications', {}, 'not_permitted');
    await refuse('openExternal', { url: 'https://pay.example/r/9' }, 'not_permitted');
    dataOf(await console.call('createDeposit', { body: { amount: 1, country: 'BR' } }));
    expect(await ok('openExternal', { url: 'https://pay.example/r/9' })).toEqual({ opened: true });
    await refuse('openExternal', { url: 'http://pay.example/r/9' }, 'not_permitted', 'url');
    expect(opened).toEqual(['https://pay.example/r/9']);
  } finally {
    await service.close();
  }

  // -- How the console was started -----------------------------------------------------------
  expect(await ok('getConsoleSetup', {})).toEqual({
    launcher: 'desktop',
    dataFolderTemporary: false,
    keychain: 'usable',
  });
  await refuse('getConsoleSetup', { verbose: true }, 'validation', 'verbose');

  // -- Links opened from outside (test/unit/console/opened-links.spec.ts) --------------------
  expect(await ok('takeOpenedLink', {})).toBeNull();
  console.runtime.links.openLink('paydesk://refund/17');
  await refuse('takeOpenedLink', { link: 'paydesk://deposit/1' }, 'validation', 'link');
  expect(await ok('takeOpenedLink', {})).toEqual({ kind: 'refund', refundId: 17 });

  // -- Guard rails -----------------------------------------------------------------------
  const prod = await addEnvironmentFor(
    console,
    { name: 'Production', kind: 'production', baseUrl: production.baseUrl },
    production.credentials,
  );
  dataOf(await console.call('useEnvironment', { id: prod.id }));
  expect(await ok('getArming', {})).toEqual({ environmentId: prod.id, armed: false, expiresAt: null });
  await refuse('getArming', { id: prod.id }, 'validation', 'id');
  await refuse('armProduction', { confirmation: 'production' }, 'not_permitted', 'confirmation');
  expect(await ok('armProduction', { confirmation: 'Production' })).toMatchObject({ armed: true });
  expect(await ok('disarmProduction', {})).toMatchObject({ armed: false });
  await refuse('disarmProduction', { now: true }, 'validation', 'now');
  await refuse('removeEnvironment', { id: prod.id }, 'not_permitted', 'typedName');
  await refuse('removeEnvironment', { id: prod.id, typedName: 7 }, 'validation', 'typedName');
  await ok('removeEnvironment', { id: prod.id, typedName: 'Production' });
  await refuse('removeEnvironment', { id: prod.id, typedName: 'Production' }, 'not_found');
  await ok('useEnvironment', { id: 'local-sandbox' });
  await refuse('useEnvironment', { id: prod.id }, 'not_found');

  // -- Audit journal ---------------------------------------------------------------------
  // The earlier service's account, reached again through a profile added now.
  await addEnvironmentFor(
    console,
    { name: 'Earlier again', kind: 'testing', baseUrl: earlier.baseUrl },
    earlier.credentials,
  );
  const entries = (await ok('listAuditEntries', { action: 'deposit.create' })) as Array<{ type: string }>;
  expect(entries.length).toBeGreaterThanOrEqual(4);
  await refuse('listAuditEntries', { action: 'deposit.delete' }, 'validation', 'action');
  expect(await ok('verifyAudit', {})).toMatchObject({ ok: true });
  await refuse('verifyAudit', { deep: true }, 'validation', 'deep');
  const exported = (await ok('exportAuditCsv', { environmentId: 'local-sandbox' })) as {
    fileName: string;
    csv: string;
  };
  expect(exported.fileName).toMatch(/^paydesk-audit-local-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(exported.csv.split('\r\n')[0]).toContain('seq,time,type');
  await refuse('exportAuditCsv', { from: 'yesterday' }, 'validation', 'from');
  const unresolved = (await ok('listUnresolvedIntents', {})) as Array<{ intentId: string; cause: string }>;
  expect(unresolved.map((view) => [view.intentId, view.cause])).toEqual([
    [lostDeposit.intentId, 'no_outcome'],
    [lostCancel.intentId, 'no_outcome'],
    [lostRefund.intentId, 'no_outcome'],
  ]);
  // The active environment is the local sandbox, another account: the earlier refund does not block it.
  expect(
    await ok('getBlockingIntent', { action: 'refund.create', ids: { deposit_id: 300000006 } }),
  ).toBeNull();
  expect(
    await ok('getBlockingIntent', { action: 'refund.create', ids: { deposit_id: 300000001 } }),
  ).toBeNull();
  await refuse('getBlockingIntent', { action: 'refund.create', ids: { deposit_id: -1 } }, 'validation');
  await refuse(
    'settleIntent',
    { intentId: lostRefund.intentId, verdict: 'happened', note: ' ' },
    'validation',
    'note',
  );
  expect(
    await ok('settleIntent', {
      intentId: lostRefund.intentId,
      verdict: 'did_not_happen',
      note: 'no such refund in the merchant panel',
    }),
  ).toMatchObject({ type: 'resolution', resolutionMethod: 'manual', result: 'error', osUser: 'tester' });
  await refuse('listUnresolvedIntents', { all: 1 }, 'validation', 'all');
  // The cashout is ON_HOLD: the cancel did not take effect, which settles the intent as an error.
  expect(await ok('rereadIntent', { intentId: lostCancel.intentId })).toMatchObject({
    type: 'resolution',
    resolutionMethod: 'status_reread',
    result: 'error',
    status: 'ON_HOLD',
  });
  await refuse('rereadIntent', { intentId: lostDeposit.intentId }, 'validation');
  await refuse('rereadIntent', { intentId: randomUUID() }, 'not_found', 'intentId');
  expect(await ok('retryIntent', { intentId: lostDeposit.intentId })).toMatchObject({
    type: 'resolution',
    resolutionMethod: 'retried_same_key',
    result: 'ok',
  });
  await refuse('retryIntent', { intentId: lostDeposit.intentId }, 'invalid_state', 'intentId');
  expect(await ok('listUnresolvedIntents', {})).toEqual([]);

  // -- Drafts (test/unit/drafts covers them in depth) ----------------------------------------
  const draft = { environmentId: LOCAL.id, form: 'cashout-cancel' };
  expect(await ok('saveDraft', { ...draft, values: { cashoutId: '11954' } })).toMatchObject({
    savedAt: expect.any(String),
  });
  expect(await ok('loadDraft', draft)).toMatchObject({ draft: { values: { cashoutId: '11954' } } });
  expect(await ok('discardDraft', draft)).toEqual({ discarded: true });
  await refuse('loadDraft', { ...draft, form: 'payout' }, 'validation', 'form');
  await refuse('saveDraft', { ...draft, values: { cashoutId: 11954 } }, 'validation', 'values.cashoutId');
  // A record's empty key is named like an unknown empty key (the fuzz found `values.` instead).
  await refuse('saveDraft', { ...draft, values: { '': '' } }, 'validation', 'values.""');
  await refuse('discardDraft', { ...draft, environmentId: 'gone' }, 'not_found');

  // -- Team (test/integration/team/roster.spec.ts joins a real database) -----------------------
  expect(await ok('getTeamStatus', {})).toEqual({ environmentId: expect.any(String), inTeam: false });
  await refuse('getTeamStatus', { environmentId: LOCAL.id }, 'validation', 'environmentId');
  // The approvals answer only from a team database (test/integration/team/approvals-channels.spec.ts):
  // here, a desk in no team is told so, and a malformed argument never reaches it.
  const teamDatabaseOnly: ChannelName[] = [
    'listApprovals',
    'getApproval',
    'approveRequest',
    'rejectRequest',
    'withdrawRequest',
    'sendApprovedRequest',
  ];
  await refuse('listApprovals', { all: true }, 'invalid_state');
  await refuse('getApproval', { requestId: '1' }, 'invalid_state');
  await refuse('getApproval', { requestId: 'one' }, 'validation', 'requestId');
  await refuse('approveRequest', { requestId: '1', bodyHash: 'abc' }, 'validation', 'bodyHash');
  await refuse('rejectRequest', { requestId: '1', note: ' ' }, 'validation', 'note');
  await refuse('withdrawRequest', { requestId: '1' }, 'invalid_state');
  await refuse('sendApprovedRequest', { requestId: '1', reason: 'x'.repeat(501) }, 'validation', 'reason');

  // -- Notifications (test/unit/console/notifications.spec.ts checks signed ones) -----------------
  expect(await ok('verifyNotification', { text: '{"deposit_id":1}' })).toMatchObject({
    verdict: { verdict: 'malformed', problem: 'request' },
  });
  await refuse('verifyNotification', { text: 5 }, 'validation', 'text');
  expect(await ok('listReceivedNotifications', {})).toEqual([]);
  await refuse('listReceivedNotifications', { limit: 0 }, 'validation', 'limit');

  const all = Object.keys(CHANNELS) as ChannelName[];
  expect(all.filter((method) => !worked.has(method) && !teamDatabaseOnly.includes(method))).toEqual([]);
  expect(all.filter((method) => !refused.has(method))).toEqual([]);
});

test.describe('the dispatcher itself', () => {
  test('an unknown channel, a prototype key or a method name is a validation error', async ({
    openConsole,
  }) => {
    const console = openConsole();
    for (const channel of ['paydesk:nope', '__proto__', 'constructor', 'getDeposit', 'toString', '']) {
      expect(await console.dispatch(channel, {})).toEqual({
        ok: false,
        error: { kind: 'validation', field: 'channel', message: 'Unknown channel.' },
      });
    }
  });

  test('argument errors name the offending field, nested ones by their dotted path', async ({
    openConsole,
  }) => {
    const console = openConsole();
    const cases: Array<[ChannelName, unknown, string]> = [
      ['getDeposit', undefined, 'arg'],
      ['getDeposit', 'abc', 'arg'],
      ['getDeposit', { depositId: '1' }, 'depositId'],
      ['getDeposit', { depositId: Number.MAX_SAFE_INTEGER + 2 }, 'depositId'],
      ['getDeposit', { depositId: 1, extra: true }, 'extra'],
      ['createDeposit', { body: { amount: 1, country: 'BR', payer: { email: 'nope' } } }, 'body.payer.email'],
      ['createDeposit', { body: { amount: 1, country: 'BR' }, idempotencyKey: 'abc' }, 'idempotencyKey'],
      ['createDeposit', { body: { amount: 1, country: 'BR' }, reason: 'x'.repeat(501) }, 'reason'],
      ['createRefund', { body: { deposit_id: 1, invoice_id: 'I', amount: 1.234 } }, 'body.amount'],
      ['cancelCashout', { cashoutId: 1, externalId: 'x'.repeat(33) }, 'externalId'],
      ['getRefundPreflight', { depositId: 1, amount: Number.NaN }, 'amount'],
      ['listAuditEntries', { from: '2024-01-01' }, 'from'],
      ['setCredential', { environmentId: 'a', field: 'apiKey', value: 'x'.repeat(5000) }, 'value'],
    ];
    for (const [method, arg, field] of cases) {
      const answer = await console.dispatch(CHANNELS[method], arg);
      expect(answer, `${method} ${JSON.stringify(arg)?.slice(0, 80)}`).toMatchObject({
        ok: false,
        error: { kind: 'validation', field, message: expect.stringContaining(`${field}: `) },
      });
    }
  });

  test('an argument far beyond any real one, or nested without end, is refused before parsing', async ({
    openConsole,
  }) => {
    const console = openConsole();
    const huge = await console.dispatch(CHANNELS.createDeposit, {
      body: { amount: 1, country: 'BR', description: 'x'.repeat(300 * 1024) },
    });
    expect(huge).toMatchObject({ ok: false, error: { kind: 'validation', field: 'arg' } });
    const cyclic: Record<string, unknown> = { amount: 1, country: 'BR' };
    cyclic.payer = cyclic;
    expect(await console.dispatch(CHANNELS.checkDeposit, { body: cyclic })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'arg' },
    });
    // A long but plausible description still goes through.
    const long = await console.dispatch(CHANNELS.checkDeposit, {
      body: { amount: 1, country: 'BR', description: 'x'.repeat(4000) },
    });
    expect(long).toMatchObject({ ok: true, data: { issues: [] } });
  });

  test('a secret in a refused argument is never echoed', async ({ openConsole }) => {
    const console = openConsole();
    const secret = 'Sup3r-Secret-Value-0042';
    const answers = [
      await console.dispatch(CHANNELS.setCredential, {
        environmentId: 'local-sandbox',
        field: 'apiKey',
        value: secret,
      }),
      await console.dispatch(CHANNELS.setCredential, {
        environmentId: 'BAD',
        field: 'apiKey',
        value: secret,
      }),
      await console.dispatch(CHANNELS.setCredential, { environmentId: 'x', field: secret, value: secret }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(secret);
  });

  test('a thrown error or a rejected promise becomes internal, without its text', async () => {
    const leaky = 'apiSecret=hunter2-do-not-show';
    const api = new Proxy({} as ConsoleApi, {
      get: (_target, name) =>
        name === 'getDeposit'
          ? () => {
              throw new Error(leaky);
            }
          : name === 'getRefund'
            ? () => Promise.reject(new Error(leaky))
            : () =>
                Promise.resolve({ ok: true, data: { when: new Date(0), skip: undefined, big: Infinity } }),
    });
    const dispatch = createDispatcher(api);
    for (const [channel, arg] of [
      [CHANNELS.getDeposit, { depositId: 1 }],
      [CHANNELS.getRefund, { refundId: 1 }],
    ] as const) {
      const answer = await dispatch(channel, arg);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
      expect(JSON.stringify(answer)).not.toContain('hunter2');
    }
    // Plain data only: what structured clone and JSON both carry.
    const plain = await dispatch(CHANNELS.getCashoutStatus, { cashoutId: 1 });
    expect(plain).toEqual({ ok: true, data: { when: '1970-01-01T00:00:00.000Z', big: null } });
    expect(structuredClone(plain)).toEqual(plain);
  });

  test('an answer that is not a Result, or an error outside the closed kinds, is cleaned up', async () => {
    const api = new Proxy({} as ConsoleApi, {
      get: (_target, name) =>
        name === 'getDeposit'
          ? () => Promise.resolve('not a result')
          : () =>
              Promise.resolve({
                ok: false,
                error: { kind: 'weird', message: 'm', stack: 'at secret.ts:1', field: 'f', code: 7 },
              }),
    });
    const dispatch = createDispatcher(api);
    expect(await dispatch(CHANNELS.getDeposit, { depositId: 1 })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(await dispatch(CHANNELS.getRefund, { refundId: 1 })).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'm', field: 'f', code: 7 },
    });
  });

  test('a getter that throws while the argument is read is a validation error', async ({ openConsole }) => {
    const console = openConsole();
    const hostile = Object.defineProperty({}, 'depositId', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(await console.dispatch(CHANNELS.getDeposit, hostile)).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
  });

  test('a value that is not plain data is refused by its field, never blamed on the whole argument', async ({
    openConsole,
  }) => {
    const console = openConsole();
    // Found by the dispatcher fuzz: zod's length check compared this `length` with a number and
    // threw, so the dispatcher could only say "arg: could not be read".
    const noPrototype: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    noPrototype[''] = 1n;
    const cases: Array<[ChannelName, unknown, string]> = [
      ['openExternal', { url: { length: noPrototype } }, 'url.length'],
      ['getDeposit', { depositId: 300000001n }, 'depositId'],
      ['getDeposit', { depositId: new Date(0) }, 'depositId'],
      ['getDeposit', noPrototype, 'arg'],
    ];
    for (const [method, arg, field] of cases) {
      const answer = await console.dispatch(CHANNELS[method], arg);
      expect(answer, `${method} ${field}`).toEqual({
        ok: false,
        error: {
          kind: 'validation',
          message: `${field}: is not plain data (text, numbers, true or false, lists, objects).`,
          field,
        },
      });
    }
  });

  test('a preferences patch with a key set to undefined keeps the stored value and the settings file', async ({
    openConsole,
  }) => {
    // Found by the fuzzers, in main/core/settings/environments.ts updatePreferences:
    // `{ theme: undefined }` (an IPC argument keeps such a key) used to erase the theme, and the
    // next read set the whole file aside.
    const console = openConsole({ watch: { polling: false } });
    dataOf(await console.call('setPreferences', { theme: 'dark' }));
    expect(
      await console.dispatch(CHANNELS.setPreferences, { language: 'es', theme: undefined }),
    ).toMatchObject({
      ok: true,
      data: { language: 'es', theme: 'dark' },
    });
    expect(await console.call('getPreferences', {})).toEqual({
      ok: true,
      data: { language: 'es', theme: 'dark' },
    });
    expect((await console.call('listEnvironments', {})).ok).toBe(true);
  });

  test('an unknown empty key is named `""`, not blamed on the object that holds it', async ({
    openConsole,
  }) => {
    // Found by the fuzzers, in argumentError: the empty key used to be dropped from the path.
    const console = openConsole({ watch: { polling: false } });
    expect(await console.dispatch(CHANNELS.getDeposit, { depositId: 1, '': 1 })).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        field: '""',
        message: '"": is not a known field.',
        text: { key: 'field.unknown' },
      },
    });
    expect(
      await console.dispatch(CHANNELS.createDeposit, { body: { amount: 1, country: 'BR', '': 1 } }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', field: 'body.""' } });
  });
});
