import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  BATCH_LIMITS,
  LEDGER_FIELDS,
  RECONCILE_LIMITS,
  RECONCILE_ROW_FILTERS,
  type BatchKind,
  type ConsoleError,
  type LedgerColumnChoice,
  type ReconcileApi,
  type ReconcileLedgerView,
  type Result,
} from '../../../shared/contract';
import {
  consoleLookups,
  listRuns,
  readLedger,
  recordIndexInvoices,
  ReconcileManager,
  type LedgerTable,
  type PreparedLedger,
} from '../reconcile';
import { batchKind, between, none } from './arg-parts';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';
import { createConsoleRecords } from './records';
import { failure } from './results';

/**
 * The reconciliation screen's part of the console. The page reads the file the user
 * chose and sends its bytes in base64 parts (RECONCILE_LIMITS.maxChunkChars, under the web
 * bridge's frame); main parses it once and keeps the table under a `ledgerRef`, so changing the
 * mapping or starting never sends the file again. Runs go through ReconcileManager, as the CLI's.
 */

/** Uploads in progress and ledgers read, per runtime: a few at once is all one screen needs. */
const KEPT_UPLOADS = 3;
const KEPT_LEDGERS = 3;

interface Upload {
  ledgerName: string;
  parts: Buffer[];
  bytes: number;
}

interface HeldLedger {
  ledgerName: string;
  table: LedgerTable;
}

/** Insertion-ordered maps that forget their oldest entry past `max`. */
function keep<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as string);
}

const tooLarge = (): Result<never> =>
  failure(
    'validation',
    `ledger: the file is larger than ${RECONCILE_LIMITS.maxLedgerBytes / (1024 * 1024)} MB; export a shorter period.`,
    {
      field: 'ledger',
      text: { key: 'ledger.tooLarge', params: { maxMb: RECONCILE_LIMITS.maxLedgerBytes / (1024 * 1024) } },
    },
  );

/**
 * The core speaks the CLI's words (`--map`, `--kind`); on screen the same problems belong to the
 * mapping and the kind choosers.
 */
function screenError(error: ConsoleError): ConsoleError {
  if (error.field === '--map') {
    const message = error.message
      .replace(/^--map: /, 'map: ')
      .replace(/: name it with --map .*$/, ': choose the column that holds it.');
    return { ...error, field: 'map', message };
  }
  if (error.field === '--kind') {
    return {
      ...error,
      field: 'kind',
      message:
        'kind: the header does not say which records the ledger holds: choose the kind, and the column that holds the id.',
    };
  }
  return error;
}

/** One runtime's uploads in progress, ledgers read and runs. */
interface ReconcileSession {
  uploads: Map<string, Upload>;
  manager: ReconcileManager;
  prepare(
    ledgerRef: string,
    kind: BatchKind | undefined,
    map: Record<string, LedgerColumnChoice> | undefined,
  ): Promise<Result<{ view: ReconcileLedgerView; prepared: PreparedLedger }>>;
  hold(ledger: HeldLedger): string;
}

function createSession(context: ConsoleContext): ReconcileSession {
  const uploads = new Map<string, Upload>();
  const ledgers = new Map<string, HeldLedger>();
  const records = createConsoleRecords(context);
  const manager = new ReconcileManager({
    dataDir: context.dataDir,
    now: context.now,
    lookups: consoleLookups(
      {
        startBatch: (input) => context.batches.start(input),
        cancelBatch: async ({ batchId }) => context.batches.cancel(batchId),
        resumeBatch: ({ batchId }) => context.batches.resume(batchId),
        getBatchRows: async (query) => context.batches.rows(query),
      },
      (listener) => context.events.on('batchProgress', listener),
    ),
    invoices: recordIndexInvoices(records),
    emit: (progress) => context.events.emit('reconcileProgress', progress),
  });

  return {
    uploads,
    manager,
    hold(ledger) {
      const ledgerRef = randomUUID();
      keep(ledgers, ledgerRef, ledger, KEPT_LEDGERS);
      return ledgerRef;
    },
    async prepare(ledgerRef, kind, map) {
      const held = ledgers.get(ledgerRef);
      if (!held) {
        return failure('not_found', 'The ledger is no longer open: choose the file again.', {
          field: 'ledgerRef',
          text: { key: 'ledger.noLongerOpen' },
        });
      }
      const prepared = await manager.prepare({
        ledgerName: held.ledgerName,
        table: held.table,
        ...(kind !== undefined && { kind }),
        ...(map !== undefined && { map }),
      });
      if (!prepared.ok) return { ok: false, error: screenError(prepared.error) };
      const { data } = prepared;
      return {
        ok: true,
        data: {
          prepared: data,
          view: {
            ledgerRef,
            ledgerName: held.ledgerName,
            format: held.table.format,
            header: held.table.header,
            kind: data.kind,
            mapping: data.mapping,
            decimalSeparator: data.decimalSeparator,
            rows: held.table.rows.length,
            entries: data.entries.length,
            badRowCount: data.badRows.length,
            badRows: data.badRows.slice(0, RECONCILE_LIMITS.maxListedBadRows),
          },
        },
      };
    },
  };
}

const sessions = new WeakMap<ConsoleContext, ReconcileSession>();

/** The runtime's session, made on first use. */
function sessionOf(context: ConsoleContext): ReconcileSession {
  let session = sessions.get(context);
  if (!session) {
    session = createSession(context);
    sessions.set(context, session);
  }
  return session;
}

/** `task` with the active environment's id. */
async function onActiveId<T>(
  context: ConsoleContext,
  task: (environmentId: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const active = await context.activeEnvironmentId();
  return active.ok ? task(active.data) : active;
}

const runRef = z.strictObject({ runId: z.uuid() });
/** Header column → field or ignore, as the screen's selects give it (the core checks the columns exist). */
const ledgerMap = z
  .record(z.string().min(1).max(500), z.enum([...LEDGER_FIELDS, 'ignore']))
  .refine((map) => Object.keys(map).length <= RECONCILE_LIMITS.maxColumns, {
    message: `names at most ${RECONCILE_LIMITS.maxColumns} columns`,
  });
const ledgerChoice = { ledgerRef: z.uuid(), kind: batchKind.optional(), map: ledgerMap.optional() };

export const RECONCILE_HANDLERS: ConsoleMethods<keyof ReconcileApi> = {
  uploadLedger: {
    arg: z.strictObject({
      uploadId: z.uuid().optional(),
      ledgerName: z.string().trim().min(1, 'name the file').max(255),
      chunk: z
        .string()
        .max(RECONCILE_LIMITS.maxChunkChars, `is longer than ${RECONCILE_LIMITS.maxChunkChars} characters`)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'),
      last: z.boolean(),
    }),
    maxArgText: RECONCILE_LIMITS.maxChunkChars + 64 * 1024,
    async handle(context, arg) {
      const { uploads, hold, prepare } = sessionOf(context);
      const previous = arg.uploadId === undefined ? undefined : uploads.get(arg.uploadId);
      if (arg.uploadId !== undefined && !previous) {
        return failure('not_found', 'The file was not received whole: choose it again.', {
          field: 'uploadId',
          text: { key: 'ledger.notReceivedWhole' },
        });
      }
      const uploadId = arg.uploadId ?? randomUUID();
      const part = Buffer.from(arg.chunk, 'base64');
      const upload: Upload = previous ?? { ledgerName: arg.ledgerName, parts: [], bytes: 0 };
      upload.parts.push(part);
      upload.bytes += part.length;
      if (upload.bytes > RECONCILE_LIMITS.maxLedgerBytes) {
        uploads.delete(uploadId);
        return tooLarge();
      }
      if (!arg.last) {
        keep(uploads, uploadId, upload, KEPT_UPLOADS);
        return { ok: true, data: { state: 'receiving', uploadId, receivedBytes: upload.bytes } };
      }
      uploads.delete(uploadId);
      const table = await readLedger(Buffer.concat(upload.parts));
      if (!table.ok) return table;
      if (table.data.header.length > RECONCILE_LIMITS.maxColumns) {
        return failure(
          'validation',
          `ledger: the header has more than ${RECONCILE_LIMITS.maxColumns} columns; is it the right file?`,
          {
            field: 'ledger',
            text: { key: 'ledger.tooManyColumns', params: { max: RECONCILE_LIMITS.maxColumns } },
          },
        );
      }
      const ledgerRef = hold({ ledgerName: upload.ledgerName, table: table.data });
      const prepared = await prepare(ledgerRef, undefined, undefined);
      return prepared.ok ? { ok: true, data: { state: 'read', ledger: prepared.data.view } } : prepared;
    },
  },

  prepareReconcile: {
    arg: z.strictObject(ledgerChoice),
    async handle(context, arg) {
      const prepared = await sessionOf(context).prepare(arg.ledgerRef, arg.kind, arg.map);
      return prepared.ok ? { ok: true, data: prepared.data.view } : prepared;
    },
  },

  startReconcile: {
    arg: z.strictObject({
      ...ledgerChoice,
      concurrency: between(BATCH_LIMITS.concurrency.min, BATCH_LIMITS.concurrency.max).optional(),
      ratePerSecond: between(BATCH_LIMITS.ratePerSecond.min, BATCH_LIMITS.ratePerSecond.max).optional(),
    }),
    async handle(context, arg) {
      const session = sessionOf(context);
      const prepared = await session.prepare(arg.ledgerRef, arg.kind, arg.map);
      if (!prepared.ok) return prepared;
      return session.manager.start(prepared.data.prepared, {
        ...(arg.concurrency !== undefined && { concurrency: arg.concurrency }),
        ...(arg.ratePerSecond !== undefined && { ratePerSecond: arg.ratePerSecond }),
      });
    },
  },

  cancelReconcile: { arg: runRef, handle: (context, arg) => sessionOf(context).manager.cancel(arg.runId) },

  resumeReconcile: { arg: runRef, handle: (context, arg) => sessionOf(context).manager.resume(arg.runId) },

  listReconcileRuns: {
    arg: none,
    handle: (context) =>
      onActiveId(context, async (environmentId) => {
        const runs = await listRuns(context.dataDir, environmentId);
        return { ok: true, data: runs.map((run) => run.summary) };
      }),
  },

  getReconcileRun: {
    arg: runRef,
    handle: (context, arg) =>
      onActiveId(context, async (environmentId) => {
        const run = await sessionOf(context).manager.run(arg.runId, environmentId);
        if (!run.ok) return run;
        return {
          ok: true,
          data: {
            summary: run.data.summary,
            badRowCount: run.data.badRows.length,
            badRows: run.data.badRows.slice(0, RECONCILE_LIMITS.maxListedBadRows),
          },
        };
      }),
  },

  getReconcileRows: {
    arg: z.strictObject({
      runId: z.uuid(),
      offset: between(0, BATCH_LIMITS.maxIds),
      limit: between(1, RECONCILE_LIMITS.maxPageRows),
      filter: z.enum(RECONCILE_ROW_FILTERS).optional(),
    }),
    handle: (context, arg) =>
      onActiveId(context, (environmentId) => sessionOf(context).manager.rows({ ...arg, environmentId })),
  },

  exportReconcileCsv: {
    arg: z.strictObject({ runId: z.uuid(), which: z.enum(['all', 'differences']) }),
    handle: (context, arg) =>
      onActiveId(context, (environmentId) =>
        sessionOf(context).manager.exportCsv(arg.runId, arg.which, environmentId),
      ),
  },
};
