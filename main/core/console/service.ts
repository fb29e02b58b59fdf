import type {
  ConsoleApi,
  EnvironmentList,
  EnvironmentProfile,
  Result,
  WatchedSubMerchant,
} from '../../../shared/contract';
import { mapLimited } from '../batch';
import { keychainStateOf } from '../drafts';
import { auditCsvFileName, auditReread, auditRetry, auditSettle } from './audit';
import { cancelCashout } from './cashouts';
import type { EnvironmentConnection } from './connections';
import { activeConnection, type ConsoleContext } from './context';
import { checkDepositBody, createDeposit } from './deposits';
import { accountScope } from './guarded';
import { runDoctor } from './doctor';
import { createDraftsApi } from './drafts';
import {
  cashoutObservation,
  depositObservation,
  refundObservation,
  seenNow,
  subMerchantObservation,
} from './observations';
import { createReconcileApi } from './reconcile';
import { createRecordsApi } from './record-views';
import { createRefund, refundPreflight } from './refunds';
import { failure } from './results';
import {
  sandboxAdvanceClock,
  sandboxCreateCashout,
  sandboxNotifications,
  sandboxOf,
  sandboxTransition,
} from './sandbox-controls';

/**
 * How many unresolved intents belong to this profile: made through it, or on the service account
 * it reaches now (D19). Its retries and status reads need a way to that account.
 */
async function unresolvedOf(context: ConsoleContext, profile: EnvironmentProfile): Promise<Result<number>> {
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const open = await journal.data.unresolved();
  if (!open.ok) return open;
  const accounts = new Set<string>();
  const connection = await context.connections.connect(profile.id);
  if (connection.ok) {
    const reached = await connection.data.account();
    if (reached.ok) {
      accounts.add(reached.data.payments);
      if (reached.data.cashouts !== null) accounts.add(reached.data.cashouts);
    }
  }
  return {
    ok: true,
    data: open.data.filter(
      (intent) =>
        intent.environment.id === profile.id ||
        (intent.environment.account !== undefined && accounts.has(intent.environment.account)),
    ).length,
  };
}

/** Watched sub-merchants read at once. */
const WATCH_CONCURRENCY = 4;

/** Runs `task` on the active environment's connection. */
async function onActive<T>(
  context: ConsoleContext,
  task: (connection: EnvironmentConnection) => Promise<Result<T>>,
): Promise<Result<T>> {
  const connection = await activeConnection(context);
  return connection.ok ? task(connection.data) : connection;
}

/**
 * The ConsoleApi (shared/contract): the use-cases behind the Electron IPC router, the web
 * bridge and the CLI. Transport-agnostic: every method takes its already-parsed argument
 * (createDispatcher parses it) and answers a Result; an expected failure never throws.
 */
export function createConsoleApi(context: ConsoleContext): ConsoleApi {
  const { environments, connections, arming, events, batches, watchlist, records } = context;
  const lookedUp = (connection: EnvironmentConnection) =>
    seenNow(connection.profile.id, 'lookup', context.now());

  const listWithActive = async (): Promise<Result<EnvironmentList>> => {
    const list = await environments.list();
    if (!list.ok) return list;
    const active = await context.activeEnvironmentId();
    return active.ok ? { ok: true, data: { ...list.data, activeEnvironmentId: active.data } } : active;
  };

  const announceEnvironment = async (): Promise<void> => {
    const list = await listWithActive();
    if (list.ok) events.emit('environmentChanged', list.data);
  };

  const announceArming = async (): Promise<void> => {
    const active = await context.activeEnvironmentId();
    if (!active.ok) return;
    const profile = await context.profile(active.data);
    if (profile.ok) events.emit('armingChanged', arming.state(profile.data));
  };

  const activeProfile = async (): Promise<Result<EnvironmentProfile>> => {
    const active = await context.activeEnvironmentId();
    return active.ok ? context.profile(active.data) : active;
  };

  return {
    // -- Environments, credentials, preferences ---------------------------------------------
    listEnvironments: () => listWithActive(),

    addEnvironment: (arg) => environments.add(arg),

    async updateEnvironment(arg) {
      const before = await environments.get(arg.id);
      const updated = await environments.update(arg);
      if (!updated.ok) return updated;
      const moved = before.ok && before.data.baseUrl !== updated.data.environment.baseUrl;
      if (moved) {
        // A new host: a new client and a new clock; arming was for the old host.
        connections.drop(arg.id);
        arming.disarmEnvironment(arg.id);
        const active = await context.activeEnvironmentId();
        if (active.ok && active.data === arg.id) await announceEnvironment();
      }
      return updated;
    },

    async removeEnvironment(arg) {
      // Production goes only with its name typed, as arming asks: its credentials go with it, so
      // a stray click or a mistyped id in a script must not be enough.
      const profile = await environments.get(arg.id);
      if (!profile.ok) return profile;
      const { kind, name } = profile.data;
      if (kind === 'production' && arg.typedName !== name) {
        return failure(
          'not_permitted',
          `"${name}" is a production environment and was not removed: type its name exactly ("${name}") to remove it.`,
          { field: 'typedName', text: { key: 'environment.removeNotConfirmed', params: { name } } },
        );
      }
      const unsettled = await unresolvedOf(context, profile.data);
      if (!unsettled.ok) return unsettled;
      if (unsettled.data > 0) {
        const count = unsettled.data;
        return failure(
          'invalid_state',
          `"${name}" has ${count === 1 ? 'a payment action' : `${count} payment actions`} whose outcome is unknown, so it was not removed: settle ${count === 1 ? 'it' : 'them'} on the Audit screen (or paydesk audit unresolved) first.`,
          { text: { key: 'environment.unresolvedIntents', params: { name, count } } },
        );
      }
      const activeBefore = await context.activeEnvironmentId();
      const removed = await environments.remove(arg.id);
      if (!removed.ok) return removed;
      connections.drop(removed.data.removedId);
      arming.disarmEnvironment(removed.data.removedId);
      await watchlist.forgetEnvironment(removed.data.removedId);
      // Its drafts may hold payer details: they go with the environment.
      await context.drafts.forgetEnvironment(removed.data.removedId);
      if (activeBefore.ok && activeBefore.data === removed.data.removedId) {
        context.setActiveEnvironmentId(removed.data.activeEnvironmentId);
        await announceEnvironment();
        await announceArming();
      }
      return removed;
    },

    async useEnvironment(arg) {
      const before = await context.activeEnvironmentId();
      const used = await environments.use(arg.id);
      if (!used.ok) return used;
      context.setActiveEnvironmentId(used.data.id);
      // Arming belongs to one environment and never follows a switch.
      if (!before.ok || before.data !== used.data.id) arming.disarm();
      const list = await listWithActive();
      if (list.ok) events.emit('environmentChanged', list.data);
      events.emit('armingChanged', arming.state(used.data));
      return list;
    },

    getCredentialStatus: (arg) => environments.credentialStatus(arg.environmentId),

    setCredential: (arg) => environments.setCredential(arg.environmentId, arg.field, arg.value),

    clearCredential: (arg) => environments.clearCredential(arg.environmentId, arg.field),

    async runDoctor(arg) {
      const connection = await connections.connect(arg.environmentId);
      if (!connection.ok) return connection;
      return { ok: true, data: await runDoctor(connection.data, context.now) };
    },

    async getClockStatus(arg) {
      const id: Result<string> =
        arg.environmentId !== undefined
          ? { ok: true, data: arg.environmentId }
          : await context.activeEnvironmentId();
      if (!id.ok) return id;
      const connection = await connections.connect(id.data);
      return connection.ok ? { ok: true, data: connection.data.client.clock.status() } : connection;
    },

    getPreferences: () => environments.preferences(),

    setPreferences: (arg) => environments.updatePreferences(arg),

    // -- Deposits ----------------------------------------------------------------------------
    getDeposit: (arg) =>
      onActive(context, async (connection) => {
        const read = await connection.client.getDeposit(arg.depositId);
        if (read.ok) records.observe([depositObservation(lookedUp(connection), read.data.record)]);
        return read;
      }),

    checkDeposit: async (arg) => ({ ok: true, data: checkDepositBody(arg.body) }),

    createDeposit: (arg) => onActive(context, (connection) => createDeposit(context, connection, arg)),

    // -- Refunds -----------------------------------------------------------------------------
    getRefund: (arg) =>
      onActive(context, async (connection) => {
        const read = await connection.client.getRefund(arg.refundId);
        if (read.ok)
          records.observe([refundObservation(lookedUp(connection), arg.refundId, read.data.record)]);
        return read;
      }),

    refundPreflight: (arg) =>
      onActive(context, (connection) => refundPreflight(context, connection, arg.depositId, arg.amount)),

    createRefund: (arg) => onActive(context, (connection) => createRefund(context, connection, arg)),

    // -- Cashouts ----------------------------------------------------------------------------
    getCashoutStatus: (arg) =>
      onActive(context, async (connection) => {
        const read = await connection.client.getCashoutStatus(arg);
        if (read.ok) records.observe([cashoutObservation(lookedUp(connection), arg, read.data.record)]);
        return read;
      }),

    cancelCashout: (arg) => onActive(context, (connection) => cancelCashout(context, connection, arg)),

    // -- Reference data ----------------------------------------------------------------------
    listPaymentMethods: (arg) =>
      onActive(context, (connection) => connection.client.listPaymentMethods(arg.country)),

    listBanks: (arg) => onActive(context, (connection) => connection.client.listBanks(arg.country)),

    getCryptoQuote: (arg) =>
      onActive(context, (connection) =>
        connection.client.getCryptoQuote({
          currency: arg.currency,
          crypto: arg.crypto,
          ...(arg.amount !== undefined && { amount: arg.amount }),
        }),
      ),

    listStates: (arg) => onActive(context, (connection) => connection.client.listStates(arg.country)),

    getFiatQuote: (arg) =>
      onActive(context, (connection) =>
        connection.client.getFiatQuote({
          country: arg.country,
          ...(arg.amount !== undefined && { amount: arg.amount }),
        }),
      ),

    // -- Sub-merchants -----------------------------------------------------------------------
    getSubMerchant: (arg) =>
      onActive(context, async (connection) => {
        const read = await connection.client.getSubMerchant(arg.subMerchantId);
        if (read.ok) records.observe([subMerchantObservation(lookedUp(connection), read.data.record)]);
        return read;
      }),

    listWatchedSubMerchants: () =>
      onActive(context, async (connection) => {
        const ids = await watchlist.subMerchantIds(connection.profile.id);
        if (!ids.ok) return ids;
        const watched = await mapLimited(
          ids.data,
          WATCH_CONCURRENCY,
          async (subMerchantId): Promise<WatchedSubMerchant> => ({
            subMerchantId,
            result: await connection.client.getSubMerchant(subMerchantId),
          }),
        );
        const seen = seenNow(connection.profile.id, 'watch', context.now());
        records.observe(
          watched.map(({ result }) => (result.ok ? subMerchantObservation(seen, result.data.record) : null)),
        );
        return { ok: true, data: watched };
      }),

    // -- External links ----------------------------------------------------------------------
    async openExternal(arg) {
      let url: URL | undefined;
      try {
        url = new URL(arg.url);
      } catch {
        url = undefined;
      }
      if (url?.protocol !== 'https:' || !context.redirectUrls.has(arg.url)) {
        return failure(
          'not_permitted',
          'Only https links the service sent as a deposit redirect in this session can be opened.',
          { field: 'url', text: { key: 'console.linkRefused' } },
        );
      }
      if (!context.openExternal) {
        return failure('not_permitted', 'This console cannot open links in a browser here.', {
          text: { key: 'console.noBrowser' },
        });
      }
      try {
        // Our port, not Electron's shell: Electronegativity's OPEN_EXTERNAL_JS_CHECK matches it by
        // name and is accepted in .ci/electronegativity/accepted.mjs (the URL was checked above).
        return { ok: true, data: { opened: await context.openExternal(arg.url) } };
      } catch {
        return failure('internal', 'The system browser could not be opened.', {
          text: { key: 'console.browserFailed' },
        });
      }
    },

    // -- How this console was started ---------------------------------------------------------
    async consoleSetup() {
      // The drafts' own answer: the page's note and the forms cannot disagree about the keychain.
      const keeping = await context.drafts.keeping();
      if (!keeping.ok) return keeping;
      return { ok: true, data: { ...context.launch, keychain: keychainStateOf(keeping.data) } };
    },

    // -- Local sandbox controls --------------------------------------------------------------
    sandboxTransition: (arg) =>
      onActive(context, async (connection) => {
        const sandbox = sandboxOf(connection);
        return sandbox.ok ? sandboxTransition(sandbox.data, arg) : sandbox;
      }),

    sandboxCreateCashout: (arg) =>
      onActive(context, async (connection) => {
        const sandbox = sandboxOf(connection);
        return sandbox.ok ? sandboxCreateCashout(sandbox.data, arg) : sandbox;
      }),

    sandboxAdvanceClock: (arg) =>
      onActive(context, async (connection) => {
        const sandbox = sandboxOf(connection);
        return sandbox.ok ? sandboxAdvanceClock(sandbox.data, arg.seconds) : sandbox;
      }),

    sandboxNotifications: () =>
      onActive(context, async (connection) => {
        const sandbox = sandboxOf(connection);
        return sandbox.ok ? sandboxNotifications(sandbox.data) : sandbox;
      }),

    // -- Guard rails -------------------------------------------------------------------------
    async getArming() {
      const profile = await activeProfile();
      return profile.ok ? { ok: true, data: arming.state(profile.data) } : profile;
    },

    async armProduction(arg) {
      const profile = await activeProfile();
      if (!profile.ok) return profile;
      if (profile.data.kind !== 'production') return { ok: true, data: arming.state(profile.data) };
      if (arg.confirmation !== profile.data.name) {
        return failure(
          'not_permitted',
          `Production was not armed: type the environment's name exactly ("${profile.data.name}").`,
          {
            field: 'confirmation',
            text: { key: 'guard.armNotConfirmed', params: { name: profile.data.name } },
          },
        );
      }
      return { ok: true, data: arming.arm(profile.data) };
    },

    async disarmProduction() {
      const profile = await activeProfile();
      if (!profile.ok) return profile;
      arming.disarmEnvironment(profile.data.id);
      return { ok: true, data: arming.state(profile.data) };
    },

    // -- Audit journal -----------------------------------------------------------------------
    async auditEntries(arg) {
      const journal = await context.journal();
      return journal.ok ? journal.data.entries(arg) : journal;
    },

    async auditVerify() {
      const journal = await context.journal();
      return journal.ok ? journal.data.verify() : journal;
    },

    async auditExportCsv(arg) {
      const journal = await context.journal();
      if (!journal.ok) return journal;
      const csv = await journal.data.exportCsv(arg);
      return csv.ok
        ? { ok: true, data: { fileName: auditCsvFileName(arg, context.now()), csv: csv.data } }
        : csv;
    },

    async auditUnresolved() {
      const journal = await context.journal();
      return journal.ok ? journal.data.unresolved() : journal;
    },

    auditReread: (arg) => auditReread(context, arg.intentId),

    auditRetry: (arg) => auditRetry(context, arg.intentId, arg.reason),

    auditSettle: (arg) => auditSettle(context, arg),

    blockingIntent: (arg) =>
      onActive(context, async (connection) => {
        const scope = await accountScope(connection, arg.action);
        if (!scope.ok) return scope;
        const journal = await context.journal();
        return journal.ok ? journal.data.blockingIntent(scope.data, arg.action, arg.ids) : journal;
      }),

    // -- Batch lookup ------------------------------------------------------------------------
    batchParse: async (arg) => batches.parse(arg.kind, arg.text),

    batchStart: (arg) => batches.start(arg),

    batchCancel: async (arg) => batches.cancel(arg.batchId),

    batchResume: (arg) => batches.resume(arg.batchId),

    batchList: async () => {
      // Batches a restart brought back are listed from the first answer on.
      await batches.restored();
      return { ok: true, data: batches.list() };
    },

    batchRows: async (arg) => batches.rows(arg),

    batchExportCsv: async (arg) => batches.exportCsv(arg.batchId),

    batchDiscard: (arg) => batches.discard(arg.batchId),

    // -- Watchlist ---------------------------------------------------------------------------
    watchList: () => watchlist.list(),

    watchPin: (arg) => watchlist.pin(arg),

    watchUnpin: (arg) => watchlist.unpin(arg),

    watchSetInterval: (arg) => watchlist.setInterval(arg.seconds),

    watchTimeline: (arg) => watchlist.timeline(arg),

    watchPollNow: () => watchlist.pollNow(),

    // -- Record index ------------------------------------------------------------------------
    ...createRecordsApi(context),

    // -- Drafts ------------------------------------------------------------------------------
    ...createDraftsApi(context),

    // -- Reconciliation -----------------------------------------------------------
    ...createReconcileApi(context),
  };
}
