import type { AuditEntryView, Result } from '../../../shared/contract';
import { mapLimited } from '../batch';
import type { RecordObservation } from '../record-index/port';
import type { ConsoleContext } from './context';
import { cashoutObservation, depositObservation, refundObservation, seenNow } from './observations';

/**
 * `paydesk index rebuild`: the index is derived data, so it can be made again from
 * what is kept elsewhere. The environment's records are forgotten, then every deposit, refund and
 * cashout cancel the journal says succeeded is recorded again (ids, invoice and external ids,
 * amounts from the intent's masked summary, the intent's key), and then, unless told not to, each
 * is read again from the service for its current status. Payment instructions are not in the
 * journal and do not come back.
 */

/** Records read again from the service at once. */
const REREAD_CONCURRENCY = 4;
/** Re-read records written to the index at once. */
const WRITE_PAGE = 200;

export interface RebuildOptions {
  /** Default: the environment the console acts on. */
  environmentId?: string;
  /** Read each record again from the service (default true). */
  fetch?: boolean;
  /** Progress of the re-reads (done of total). */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface RebuildReport {
  environmentId: string;
  /** Records made from the journal, by kind. */
  fromJournal: { deposits: number; refunds: number; cashouts: number };
  /** Read again from the service; absent with fetch off. */
  reread?: { ok: number; failed: number; notRead: number };
  /** Why the re-reads did not happen (the environment could not be reached). */
  rereadSkipped?: string;
}

type Derived = RecordObservation & { kind: 'deposit' | 'refund' | 'cashout' };

const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** What the journal's succeeded intents say was created (or, for cashouts, cancelled). */
function recordsFromJournal(environmentId: string, entries: readonly AuditEntryView[]): Derived[] {
  const intents = new Map<string, { intent?: AuditEntryView; later: AuditEntryView[] }>();
  for (const entry of entries) {
    if (entry.intentId === undefined || entry.environment?.id !== environmentId) continue;
    const group = intents.get(entry.intentId) ?? { later: [] };
    if (entry.type === 'intent') group.intent = entry;
    else group.later.push(entry);
    intents.set(entry.intentId, group);
  }
  const derived = new Map<string, Derived>();
  for (const { intent, later } of intents.values()) {
    if (!intent || intent.state !== 'ok') continue;
    const ids = Object.assign({}, intent.ids, ...later.map((entry) => entry.ids ?? {})) as NonNullable<
      AuditEntryView['ids']
    >;
    const summary = intent.summary ?? {};
    const base = {
      environmentId,
      seenAt: intent.time,
      source: 'created' as const,
      ...(intent.idempotencyKey ? { intentKey: intent.idempotencyKey } : {}),
    };
    let record: Derived | undefined;
    if (intent.action === 'deposit.create' && ids.deposit_id !== undefined) {
      record = { ...base, kind: 'deposit', id: String(ids.deposit_id) };
      const invoiceId = textOf(ids.invoice_id);
      if (invoiceId !== undefined) record.invoiceId = invoiceId;
      const amount = numberOf(summary.amount);
      if (amount !== undefined) record.amount = amount;
      const currency = textOf(summary.currency);
      if (currency !== undefined) record.currency = currency;
      const country = textOf(summary.country);
      if (country !== undefined) record.country = country;
      const method = textOf(summary.payment_method);
      if (method !== undefined) record.paymentMethod = method;
    } else if (intent.action === 'refund.create' && ids.refund_id !== undefined) {
      record = { ...base, kind: 'refund', id: String(ids.refund_id) };
      const depositId = ids.deposit_id ?? numberOf(summary.deposit_id);
      if (depositId !== undefined) record.depositId = String(depositId);
      const invoiceId = textOf(summary.invoice_id) ?? textOf(ids.invoice_id);
      if (invoiceId !== undefined) record.invoiceId = invoiceId;
      const amount = numberOf(summary.amount);
      if (amount !== undefined) record.amount = amount;
    } else if (intent.action === 'cashout.cancel' && ids.cashout_id !== undefined) {
      // A cancel is not a creation: the cashout was seen, and cancelled, by this console.
      record = {
        ...base,
        source: 'lookup',
        kind: 'cashout',
        id: String(ids.cashout_id),
        status: 'CANCELLED',
      };
      const externalId = textOf(ids.external_id);
      if (externalId !== undefined) record.externalId = externalId;
    }
    if (record) derived.set(`${record.kind}:${record.id}`, record);
  }
  return [...derived.values()];
}

export async function rebuildRecordIndex(
  context: ConsoleContext,
  options: RebuildOptions = {},
): Promise<Result<RebuildReport>> {
  const environmentId: Result<string> =
    options.environmentId !== undefined
      ? { ok: true, data: options.environmentId }
      : await context.activeEnvironmentId();
  if (!environmentId.ok) return environmentId;
  const envId = environmentId.data;
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const entries = await journal.data.entries({ environmentId: envId });
  if (!entries.ok) return entries;
  const derived = recordsFromJournal(envId, entries.data);

  const written = await context.records.use(envId, async (index) => {
    await index.forgetEnvironment(envId);
    await index.observe(derived);
  });
  if (!written.ok) return written;
  const count = (kind: Derived['kind']): number => derived.filter((record) => record.kind === kind).length;
  const report: RebuildReport = {
    environmentId: envId,
    fromJournal: { deposits: count('deposit'), refunds: count('refund'), cashouts: count('cashout') },
  };
  if (options.fetch === false) return { ok: true, data: report };

  const connection = await context.connections.connect(envId);
  if (!connection.ok) {
    return { ok: true, data: { ...report, rereadSkipped: connection.error.message } };
  }
  const { client, profile } = connection.data;
  const reread = { ok: 0, failed: 0, notRead: 0 };
  let done = 0;
  let page: RecordObservation[] = [];
  const flush = async (): Promise<Result<void>> => {
    const rows = page;
    page = [];
    if (rows.length === 0) return { ok: true, data: undefined };
    return context.records.use(envId, (index) => index.observe(rows));
  };
  const readAgain = async (record: Derived): Promise<RecordObservation | null | undefined> => {
    if (options.signal?.aborted) return undefined;
    const seen = seenNow(profile.id, 'rebuild', context.now());
    const signal = options.signal ? { signal: options.signal } : undefined;
    if (record.kind === 'deposit') {
      const read = await client.getDeposit(Number(record.id), signal);
      return read.ok ? depositObservation(seen, read.data.record) : null;
    }
    if (record.kind === 'refund') {
      const read = await client.getRefund(Number(record.id), signal);
      return read.ok ? refundObservation(seen, Number(record.id), read.data.record) : null;
    }
    const ref = {
      cashoutId: Number(record.id),
      ...(record.externalId !== undefined && { externalId: record.externalId }),
    };
    const read = await client.getCashoutStatus(ref, signal);
    return read.ok ? cashoutObservation(seen, ref, read.data.record) : null;
  };
  let failedWrite: Result<void> | undefined;
  await mapLimited(derived, REREAD_CONCURRENCY, async (record) => {
    const observed = await readAgain(record);
    if (observed === undefined) reread.notRead += 1;
    else if (observed === null) reread.failed += 1;
    else {
      reread.ok += 1;
      page.push(observed);
      if (page.length >= WRITE_PAGE) {
        const flushed = await flush();
        if (!flushed.ok) failedWrite ??= flushed;
      }
    }
    done += 1;
    options.onProgress?.(done, derived.length);
  });
  const flushed = await flush();
  if (!flushed.ok) return flushed;
  if (failedWrite && !failedWrite.ok) return failedWrite;
  return { ok: true, data: { ...report, reread } };
}
