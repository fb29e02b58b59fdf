import { z } from 'zod';
import { BATCH_LIMITS, BATCH_ROW_FILTERS, type BatchApi } from '../../../shared/contract';
import { batchKind, between, none } from './arg-parts';
import type { ConsoleMethods } from './method';

const batchRef = z.strictObject({ batchId: z.uuid() });

/** Canonical ids are checked one by one by the batch manager, which names the offending index. */
const batchIds = z
  .array(z.string().min(1, 'must not be empty').max(64, 'is not an id'))
  .min(1, 'give at least one id')
  .max(BATCH_LIMITS.maxIds, `at most ${BATCH_LIMITS.maxIds} ids per batch`);

/** Batch lookups of this runtime (main/core/batch). */
export const BATCH_HANDLERS: ConsoleMethods<keyof BatchApi> = {
  parseBatch: {
    arg: z.strictObject({
      kind: batchKind,
      text: z
        .string()
        .max(BATCH_LIMITS.maxTextChars, `is longer than ${BATCH_LIMITS.maxTextChars} characters`),
    }),
    maxArgText: BATCH_LIMITS.maxTextChars + 64 * 1024,
    handle: async (context, arg) => context.batches.parse(arg.kind, arg.text),
  },

  startBatch: {
    arg: z.strictObject({
      kind: batchKind,
      ids: batchIds,
      concurrency: between(BATCH_LIMITS.concurrency.min, BATCH_LIMITS.concurrency.max).optional(),
      ratePerSecond: between(BATCH_LIMITS.ratePerSecond.min, BATCH_LIMITS.ratePerSecond.max).optional(),
      keepAsLastRun: z.boolean().optional(),
    }),
    maxArgText: 8 * 1024 * 1024,
    handle: (context, arg) => context.batches.start(arg),
  },

  cancelBatch: { arg: batchRef, handle: async (context, arg) => context.batches.cancel(arg.batchId) },

  resumeBatch: { arg: batchRef, handle: (context, arg) => context.batches.resume(arg.batchId) },

  listBatches: {
    arg: none,
    async handle(context) {
      // Batches a restart brought back are listed from the first answer on.
      await context.batches.restored();
      return { ok: true, data: context.batches.list() };
    },
  },

  getBatchRows: {
    arg: z.strictObject({
      batchId: z.uuid(),
      offset: between(0, BATCH_LIMITS.maxIds),
      limit: between(1, BATCH_LIMITS.maxPageRows),
      filter: z.enum(BATCH_ROW_FILTERS).optional(),
    }),
    handle: async (context, arg) => context.batches.rows(arg),
  },

  exportBatchCsv: { arg: batchRef, handle: async (context, arg) => context.batches.exportCsv(arg.batchId) },

  discardBatch: { arg: batchRef, handle: (context, arg) => context.batches.discard(arg.batchId) },
};
