import { z } from 'zod';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  RECONCILE_CLASSES,
  RECONCILE_MONEY_CASES,
  type LedgerBadRow,
  type ReconcileSummary,
} from '../../../shared/contract';
import { messageTextSchema } from '../message-text';
import { runIdSchema } from './run-files';

/** The shapes a kept run's files are checked against on read (zod), and the run they give. */

const errorKindSchema = z.string().min(1).max(64);
const consoleErrorSchema = z.looseObject({ kind: errorKindSchema, message: z.string() });

export const rowSchema = z.object({
  line: z.number().int().positive(),
  id: z.string().min(1).max(256),
  invoiceId: z.string().max(256).optional(),
  class: z.enum(RECONCILE_CLASSES),
  moneyCase: z.enum(RECONCILE_MONEY_CASES).optional(),
  ledgerStatus: z.string().max(64).optional(),
  serviceStatus: z.string().max(256).optional(),
  ledgerAmount: z.number().optional(),
  serviceAmount: z.number().optional(),
  ledgerCurrency: z.string().max(8).optional(),
  serviceCurrency: z.string().max(8).optional(),
  atStake: z.number(),
  stakeCurrency: z.string().max(8).optional(),
  duplicateOfLine: z.number().int().positive().optional(),
  errorKind: errorKindSchema.optional(),
  errorMessage: z.string().max(2_000).optional(),
  change: z.enum(['newly_differing', 'still_open', 'resolved']).optional(),
});

const damagedNoteSchema = z.object({
  file: z.string().max(1_024),
  movedTo: z.string().max(4_096).nullable(),
  reason: z.string().max(2_000),
  message: z.string().max(4_000),
  text: messageTextSchema,
});

const summarySchema = z.object({
  runId: runIdSchema,
  environmentId: z.string().min(1).max(64),
  kind: z.enum(BATCH_KINDS),
  ledgerName: z.string().max(1_024),
  ledgerKey: z.string().min(1).max(2_048),
  state: z.enum(['running', 'done', 'cancelled', 'failed']),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  ledgerRows: z.number().int().nonnegative(),
  badRows: z.number().int().nonnegative(),
  mapping: z.record(z.string(), z.enum(LEDGER_FIELDS)),
  decimalSeparator: z.enum([',', '.']),
  counts: z.record(z.enum(RECONCILE_CLASSES), z.number().int().nonnegative()),
  unreachable: z.number().int().nonnegative(),
  totals: z.array(
    z.object({
      class: z.enum(RECONCILE_CLASSES),
      moneyCase: z.enum(RECONCILE_MONEY_CASES).optional(),
      currency: z.string().max(8).nullable(),
      count: z.number().int().nonnegative(),
      atStake: z.number(),
    }),
  ),
  changes: z.object({
    previousRunId: runIdSchema.nullable(),
    previousRunAt: z.iso.datetime({ offset: true }).nullable(),
    newlyDiffering: z.number().int().nonnegative(),
    stillOpen: z.number().int().nonnegative(),
    resolved: z.number().int().nonnegative(),
    gone: z.number().int().nonnegative(),
  }),
  batchId: z.string().max(64).nullable(),
  error: consoleErrorSchema.nullable(),
  // Notes a newer Paydesk wrote in another shape are dropped, not the run they belong to.
  setAside: z.array(damagedNoteSchema).max(100).optional().catch(undefined),
});

/**
 * Runs kept before bad rows had keys have only `reason`; a key this version does not know (a run
 * kept by a newer one) is dropped, not the run: the screen then shows the English reason.
 */
const badRowSchema = z.object({
  line: z.number().int().positive(),
  reason: z.string().max(2_000),
  text: messageTextSchema.optional().catch(undefined),
  field: z.enum(LEDGER_FIELDS).optional().catch(undefined),
  value: z.string().max(2_000).optional(),
});

export const storedRunSchema = z.object({
  version: z.literal(1),
  summary: summarySchema,
  badRows: z.array(badRowSchema),
});

export interface StoredRun {
  summary: ReconcileSummary;
  badRows: LedgerBadRow[];
}
