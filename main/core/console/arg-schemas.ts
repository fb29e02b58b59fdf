import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_STATES,
  BATCH_KINDS,
  BATCH_LIMITS,
  BATCH_ROW_FILTERS,
  LEDGER_FIELDS,
  RECONCILE_LIMITS,
  RECONCILE_ROW_FILTERS,
  RECORD_KINDS,
  RECORD_LIMITS,
  RECORD_SORTS,
  SANDBOX_ENTITIES,
  WATCH_KINDS,
  WATCH_LIMITS,
  type ChannelName,
  type ConsoleApi,
  type DepositCreateBody,
} from '../../../shared/contract';
import {
  cashoutRefSchema,
  countrySchema,
  currencySchema,
  depositCreateBodySchema,
  externalIdSchema,
  idSchema,
  idempotencyKeySchema,
  refundCreateBodySchema,
} from '../payments';
import {
  credentialFieldSchema,
  environmentAddInputSchema,
  environmentUpdateInputSchema,
  preferencesPatchSchema,
} from '../settings';
import { ENVIRONMENT_ID_PATTERN } from '../vault';
import { draftFormSchema, draftValuesSchema } from '../drafts';

/**
 * The argument of every ConsoleApi method, parsed where it enters main (the IPC router and the
 * web bridge, through createDispatcher). Objects are strict (an unknown key is refused as a
 * likely mistake), numbers finite, ids positive safe integers, strings bounded. The request
 * bodies reuse the client's input schemas, the environment inputs the settings' schemas; the
 * type below makes any mismatch with the contract a compile error.
 */

export type ArgSchemas = { [K in ChannelName]: z.ZodType<Parameters<ConsoleApi[K]>[0]> };

const MAX_URL = 2048;
const MAX_TEXT = 500;

const none = z.strictObject({});
const environmentId = z.string().max(64).regex(ENVIRONMENT_ID_PATTERN, 'is not an environment id');
const finite = z.number().finite();
const reason = z.string().max(MAX_TEXT).optional();
const mutationMeta = { reason, idempotencyKey: idempotencyKeySchema.optional() };
const isoTime = z.iso.datetime({ offset: true });

/** An environment's base URL as typed (the settings check the D5 rules and say why). */
const baseUrl = z.string().max(MAX_URL).optional();

/** Any JSON object of sane size: what a half-filled form may hold. */
const MAX_FORM_DEPTH = 6;
const MAX_FORM_TEXT = 4096;
const MAX_FORM_KEYS = 200;
function isFormValue(value: unknown, depth: number, budget: { keys: number }): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.length <= MAX_FORM_TEXT;
  if (depth >= MAX_FORM_DEPTH || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    budget.keys -= value.length;
    return budget.keys >= 0 && value.every((item) => isFormValue(item, depth + 1, budget));
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return false;
  const entries = Object.entries(value);
  budget.keys -= entries.length;
  return (
    budget.keys >= 0 &&
    entries.every(([key, item]) => key.length <= 64 && isFormValue(item, depth + 1, budget))
  );
}
/**
 * checkDeposit answers the body's problems as field issues instead of refusing it, so its body is
 * only required to be a bounded JSON object here; checkDeposit runs depositCreateBodySchema.
 */
const depositDraft = z.custom<DepositCreateBody>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    isFormValue(value, 0, { keys: MAX_FORM_KEYS }),
  { message: 'must be a JSON object of form fields' },
);

const auditFilter = z.strictObject({
  environmentId: environmentId.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  state: z.enum(AUDIT_STATES).optional(),
});
const intent = z.strictObject({ intentId: z.uuid() });
const targetIds = z.strictObject({
  invoice_id: z.string().min(1).max(200).optional(),
  deposit_id: idSchema.optional(),
  refund_id: idSchema.optional(),
  cashout_id: idSchema.optional(),
  external_id: externalIdSchema.optional(),
});

const batchKind = z.enum(BATCH_KINDS);
const batchRef = z.strictObject({ batchId: z.uuid() });
/** Canonical ids are checked one by one by the batch manager, which names the offending index. */
const batchIds = z
  .array(z.string().min(1, 'must not be empty').max(64, 'is not an id'))
  .min(1, 'give at least one id')
  .max(BATCH_LIMITS.maxIds, `at most ${BATCH_LIMITS.maxIds} ids per batch`);
const between = (min: number, max: number) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
/** The id is checked for its kind by the watchlist, which says what is wrong with it. */
const watchRef = z.strictObject({ kind: z.enum(WATCH_KINDS), id: z.string().min(1).max(64) });

const draftRef = { environmentId, form: draftFormSchema };

const recordKind = z.enum(RECORD_KINDS);

const runRef = z.strictObject({ runId: z.uuid() });
/** Header column → field or ignore, as the screen's selects give it (the core checks the columns exist). */
const ledgerMap = z
  .record(z.string().min(1).max(500), z.enum([...LEDGER_FIELDS, 'ignore']))
  .refine((map) => Object.keys(map).length <= RECONCILE_LIMITS.maxColumns, {
    message: `names at most ${RECONCILE_LIMITS.maxColumns} columns`,
  });
const ledgerChoice = { ledgerRef: z.uuid(), kind: batchKind.optional(), map: ledgerMap.optional() };
/**
 * A recent list's filters. A minimum above the maximum, or `from` after `to`, is not refused
 * here: it matches nothing, and the screen's filter form says so before asking.
 */
const recentRecords = z.strictObject({
  kind: recordKind,
  status: z.string().min(1).max(64).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  minAmount: finite.optional(),
  maxAmount: finite.optional(),
  currency: currencySchema.optional(),
  sort: z.enum(RECORD_SORTS).optional(),
  offset: between(0, 1_000_000_000),
  limit: between(1, RECORD_LIMITS.maxPageRows),
});

export const ARG_SCHEMAS = {
  listEnvironments: none,
  addEnvironment: environmentAddInputSchema.extend({ baseUrl }),
  updateEnvironment: environmentUpdateInputSchema.extend({ id: environmentId, baseUrl }),
  removeEnvironment: z.strictObject({
    id: environmentId,
    // Bounded like arming's confirmation: a wrong name is refused as not_permitted, not as input.
    typedName: z.string().max(200).optional(),
  }),
  useEnvironment: z.strictObject({ id: environmentId }),
  getCredentialStatus: z.strictObject({ environmentId }),
  setCredential: z.strictObject({
    environmentId,
    field: credentialFieldSchema,
    // The vault checks each field's own rules; this only bounds what crosses.
    value: z.string().min(1, 'must not be empty').max(4096, 'is too long'),
  }),
  clearCredential: z.strictObject({ environmentId, field: credentialFieldSchema }),
  runDoctor: z.strictObject({ environmentId }),
  getClockStatus: z.strictObject({ environmentId: environmentId.optional() }),
  getPreferences: none,
  setPreferences: preferencesPatchSchema,
  getDeposit: z.strictObject({ depositId: idSchema }),
  checkDeposit: z.strictObject({ body: depositDraft }),
  createDeposit: z.strictObject({
    body: depositCreateBodySchema,
    ...mutationMeta,
    confirmedDuplicateOf: z.uuid().optional(),
  }),
  getRefund: z.strictObject({ refundId: idSchema }),
  refundPreflight: z.strictObject({ depositId: idSchema, amount: finite.optional() }),
  createRefund: z.strictObject({ body: refundCreateBodySchema, ...mutationMeta }),
  getCashoutStatus: cashoutRefSchema,
  cancelCashout: z.strictObject({
    cashoutId: idSchema,
    externalId: externalIdSchema,
    typedConfirmation: z.string().max(64).optional(),
    ...mutationMeta,
  }),
  listPaymentMethods: z.strictObject({ country: countrySchema }),
  listBanks: z.strictObject({ country: countrySchema }),
  getCryptoQuote: z.strictObject({
    currency: currencySchema,
    amount: finite.optional(),
    crypto: z.string().max(10),
  }),
  listStates: z.strictObject({ country: countrySchema }),
  getFiatQuote: z.strictObject({ country: countrySchema, amount: finite.optional() }),
  getSubMerchant: z.strictObject({ subMerchantId: idSchema }),
  listWatchedSubMerchants: none,
  openExternal: z.strictObject({ url: z.string().max(MAX_URL) }),
  consoleSetup: none,
  sandboxTransition: z.strictObject({
    entity: z.enum(SANDBOX_ENTITIES),
    id: idSchema,
    to: z.string().min(1).max(32),
    rejectionCode: z.number().int().min(0).max(9999).optional(),
    rejectionReason: z.string().min(1).max(255).optional(),
  }),
  sandboxCreateCashout: z.strictObject({
    externalId: externalIdSchema.optional(),
    amount: finite.positive().optional(),
    currency: currencySchema.optional(),
    country: countrySchema.optional(),
    status: z.string().min(1).max(32).optional(),
  }),
  sandboxAdvanceClock: z.strictObject({
    seconds: finite.min(0).max(10 * 366 * 86_400),
  }),
  sandboxNotifications: none,
  getArming: none,
  armProduction: z.strictObject({ confirmation: z.string().max(200) }),
  disarmProduction: none,
  auditEntries: auditFilter,
  auditVerify: none,
  auditExportCsv: auditFilter,
  auditUnresolved: none,
  auditReread: intent,
  auditRetry: z.strictObject({ intentId: z.uuid(), reason }),
  auditSettle: z.strictObject({
    intentId: z.uuid(),
    verdict: z.enum(['happened', 'did_not_happen']),
    note: z.string().trim().min(1, 'say how it was checked').max(MAX_TEXT),
  }),
  blockingIntent: z.strictObject({ action: z.enum(AUDIT_ACTIONS), ids: targetIds }),
  batchParse: z.strictObject({
    kind: batchKind,
    text: z.string().max(BATCH_LIMITS.maxTextChars, `is longer than ${BATCH_LIMITS.maxTextChars} characters`),
  }),
  batchStart: z.strictObject({
    kind: batchKind,
    ids: batchIds,
    concurrency: between(BATCH_LIMITS.concurrency.min, BATCH_LIMITS.concurrency.max).optional(),
    ratePerSecond: between(BATCH_LIMITS.ratePerSecond.min, BATCH_LIMITS.ratePerSecond.max).optional(),
    keepAsLastRun: z.boolean().optional(),
  }),
  batchCancel: batchRef,
  batchResume: batchRef,
  batchList: none,
  batchRows: z.strictObject({
    batchId: z.uuid(),
    offset: between(0, BATCH_LIMITS.maxIds),
    limit: between(1, BATCH_LIMITS.maxPageRows),
    filter: z.enum(BATCH_ROW_FILTERS).optional(),
  }),
  batchExportCsv: batchRef,
  batchDiscard: batchRef,
  watchList: none,
  watchPin: watchRef,
  watchUnpin: watchRef,
  watchSetInterval: z.strictObject({
    seconds: between(WATCH_LIMITS.minIntervalSeconds, WATCH_LIMITS.maxIntervalSeconds),
  }),
  watchTimeline: watchRef,
  watchPollNow: none,
  recordSearch: z.strictObject({
    // Trimmed as the index matches it: blank text is refused here rather than by the index.
    text: z
      .string()
      .trim()
      .min(1, 'give an id, an invoice id or an external id')
      .max(RECORD_LIMITS.maxSearchText, `must be at most ${RECORD_LIMITS.maxSearchText} characters`),
    kinds: z.array(recordKind).max(RECORD_KINDS.length).optional(),
    limit: between(1, RECORD_LIMITS.maxSearchResults).optional(),
  }),
  recentRecords,
  recordGet: z.strictObject({ kind: recordKind, id: z.string().min(1).max(64) }),
  refundsOfDeposit: z.strictObject({ depositId: idSchema }),
  draftLoad: z.strictObject(draftRef),
  draftSave: z.strictObject({ ...draftRef, values: draftValuesSchema }),
  draftDiscard: z.strictObject(draftRef),
  reconcileRead: z.strictObject({
    uploadId: z.uuid().optional(),
    ledgerName: z.string().trim().min(1, 'name the file').max(255),
    chunk: z
      .string()
      .max(RECONCILE_LIMITS.maxChunkChars, `is longer than ${RECONCILE_LIMITS.maxChunkChars} characters`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'),
    last: z.boolean(),
  }),
  reconcilePrepare: z.strictObject(ledgerChoice),
  reconcileStart: z.strictObject({
    ...ledgerChoice,
    concurrency: between(BATCH_LIMITS.concurrency.min, BATCH_LIMITS.concurrency.max).optional(),
    ratePerSecond: between(BATCH_LIMITS.ratePerSecond.min, BATCH_LIMITS.ratePerSecond.max).optional(),
  }),
  reconcileCancel: runRef,
  reconcileResume: runRef,
  reconcileList: none,
  reconcileRun: runRef,
  reconcileRows: z.strictObject({
    runId: z.uuid(),
    offset: between(0, BATCH_LIMITS.maxIds),
    limit: between(1, RECONCILE_LIMITS.maxPageRows),
    filter: z.enum(RECONCILE_ROW_FILTERS).optional(),
  }),
  reconcileExportCsv: z.strictObject({ runId: z.uuid(), which: z.enum(['all', 'differences']) }),
} satisfies ArgSchemas;
