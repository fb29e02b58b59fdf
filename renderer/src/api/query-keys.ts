import type { AuditAction, CredentialField, REFERENCE_METHODS } from '../../../shared/contract';

export type ReferenceMethod = keyof typeof REFERENCE_METHODS;

/**
 * THE query-key factory. Every key starts with the id of the environment that was active when
 * the question was asked, so an answer of one environment can never be read under another;
 * when the active environment changes the whole cache is dropped as well (environment.tsx).
 *
 * Add a feature's keys here, next to the others, as functions returning `as const` tuples.
 */
export function environmentKeys(environmentId: string) {
  return {
    /** Everything of this environment (for invalidation). */
    all: [environmentId] as const,
    clock: (targetEnvironmentId: string) => [environmentId, 'clock', targetEnvironmentId] as const,
    arming: () => [environmentId, 'arming'] as const,
    // How the console was started (shell/StartNotes.tsx): the same whatever is active.
    getConsoleSetup: () => [environmentId, 'console-setup'] as const,
    credentials: (targetEnvironmentId: string) =>
      [environmentId, 'credentials', targetEnvironmentId] as const,
    credentialField: (targetEnvironmentId: string, field: CredentialField) =>
      [environmentId, 'credentials', targetEnvironmentId, field] as const,
    deposits: () => [environmentId, 'deposits'] as const,
    deposit: (depositId: number) => [environmentId, 'deposits', depositId] as const,
    // Money screens (features/deposit-create, refunds, cashouts). A deposit check is keyed by the
    // body it checked, as JSON: the answer depends on nothing else.
    depositCheck: (bodyJson: string) => [environmentId, 'deposits', 'check', bodyJson] as const,
    refunds: () => [environmentId, 'refunds'] as const,
    refund: (refundId: number) => [environmentId, 'refunds', refundId] as const,
    getRefundPreflight: (depositId: number) => [environmentId, 'refunds', 'preflight', depositId] as const,
    cashouts: () => [environmentId, 'cashouts'] as const,
    cashout: (cashoutId: number | null, externalId: string | null) =>
      [environmentId, 'cashouts', cashoutId, externalId] as const,
    // Reference data (features/reference; banks and states feed pickers elsewhere): one key per
    // lookup method and its arguments, so a new lookup needs no key of its own.
    reference: (method: ReferenceMethod, ...args: ReadonlyArray<string | number>) =>
      [environmentId, 'reference', method, ...args] as const,
    // Notifications this desk's receivers took (features/notifications): the same whatever is active.
    receivedNotifications: () => [environmentId, 'notifications', 'received'] as const,
    // Sub-merchants (features/sub-merchants)
    subMerchant: (subMerchantId: number) => [environmentId, 'sub-merchants', subMerchantId] as const,
    watchedSubMerchants: () => [environmentId, 'sub-merchants', 'watched'] as const,
    // Local sandbox controls (features/sandbox)
    listSandboxNotifications: () => [environmentId, 'sandbox', 'notifications'] as const,
    // Operations (features/audit, batch, watchlist). The journal, the batches and the watchlist
    // live in main across environments; their keys still start with the active one like every key.
    audit: () => [environmentId, 'audit'] as const,
    listAuditEntries: (filterJson: string) => [environmentId, 'audit', 'entries', filterJson] as const,
    listUnresolvedIntents: () => [environmentId, 'audit', 'unresolved'] as const,
    // Under 'audit': every change through main reads the journal again (useUnresolvedFollowsMutations).
    getBlockingIntent: (action: AuditAction, idsJson: string) =>
      [environmentId, 'audit', 'blocking', action, idsJson] as const,
    listBatches: () => [environmentId, 'batch', 'list'] as const,
    getBatchRows: (batchId: string) => [environmentId, 'batch', 'rows', batchId] as const,
    batchRowsPage: (batchId: string, filter: string, page: number) =>
      [environmentId, 'batch', 'rows', batchId, filter, page] as const,
    // The active environment's team (features/team): read again on every visit and "Check again".
    getTeamStatus: () => [environmentId, 'team', 'status'] as const,
    // Its approval requests (features/approvals): read again when the team's live word names one.
    approvals: () => [environmentId, 'team', 'approvals'] as const,
    listApprovals: (all: boolean) => [environmentId, 'team', 'approvals', 'list', all] as const,
    getApproval: (requestId: string) => [environmentId, 'team', 'approvals', 'get', requestId] as const,
    // Reconciliation runs (features/reconcile): kept in main's data folder per environment.
    reconcile: () => [environmentId, 'reconcile'] as const,
    listReconcileRuns: () => [environmentId, 'reconcile', 'list'] as const,
    getReconcileRun: (runId: string) => [environmentId, 'reconcile', 'run', runId] as const,
    reconcileRowsPage: (runId: string, filter: string, page: number) =>
      [environmentId, 'reconcile', 'run', runId, 'rows', filter, page] as const,
    watchlist: () => [environmentId, 'watchlist'] as const,
    watchlistView: () => [environmentId, 'watchlist', 'list'] as const,
    watchlistTimelines: () => [environmentId, 'watchlist', 'timeline'] as const,
    watchlistTimeline: (kind: string, id: string) =>
      [environmentId, 'watchlist', 'timeline', kind, id] as const,
    // The record index (api/records.ts). A deposit's refunds sit under the deposit, so whatever
    // makes the deposit stale (a refund created) makes them stale too.
    records: () => [environmentId, 'records'] as const,
    searchRecords: (text: string, kindsJson: string, limit: number) =>
      [environmentId, 'records', 'search', text, kindsJson, limit] as const,
    listRecentRecords: (queryJson: string, page: number) =>
      [environmentId, 'records', 'recent', queryJson, page] as const,
    getRecord: (kind: string, id: string) => [environmentId, 'records', 'get', kind, id] as const,
    depositRefunds: (depositId: number) => [environmentId, 'deposits', depositId, 'refunds'] as const,
  };
}

export type EnvironmentKeys = ReturnType<typeof environmentKeys>;

/** The key used while no environment is known yet; such queries are never enabled. */
export const NO_ENVIRONMENT = '(no environment)';
