import {
  BATCH_LIMITS,
  type BatchRow,
  type BatchRowFilter,
  type BatchRowsPage,
  type BatchRowsQuery,
  type Result,
} from '../../../shared/contract';
import { summaryOf, type Batch } from './batch-record';
import { batchCsv, batchCsvFileName } from './export-csv';

/** What the user reads of a batch: its rows a page at a time, and all of them as CSV. */

const matches: Record<BatchRowFilter, (row: BatchRow | undefined) => boolean> = {
  all: () => true,
  ok: (row) => row?.state === 'ok',
  failed: (row) => row?.state === 'failed',
  pending: (row) => row === undefined,
  changed: (row) => row?.changed === 'changed',
  new: (row) => row?.changed === 'new',
};

export function rowsPage(batch: Batch, query: BatchRowsQuery): Result<BatchRowsPage> {
  const filter = query.filter ?? 'all';
  const { engine } = batch;
  const limit = Math.min(query.limit, BATCH_LIMITS.maxPageRows);
  const rows: BatchRow[] = [];
  let total: number;
  if (filter === 'all') {
    total = engine.ids.length;
    for (let index = query.offset; index < Math.min(total, query.offset + limit); index += 1) {
      rows.push(engine.row(index));
    }
  } else {
    const wanted = matches[filter];
    total = 0;
    for (let index = 0; index < engine.ids.length; index += 1) {
      if (!wanted(engine.settled(index))) continue;
      if (total >= query.offset && rows.length < limit) rows.push(engine.row(index));
      total += 1;
    }
  }
  return {
    ok: true,
    data: {
      batchId: batch.batchId,
      filter,
      offset: query.offset,
      total,
      rows,
      summary: summaryOf(batch),
    },
  };
}

export function csvExport(batch: Batch, now: number): Result<{ fileName: string; csv: string }> {
  const { engine } = batch;
  function* all(): Iterable<BatchRow> {
    for (let index = 0; index < engine.ids.length; index += 1) yield engine.row(index);
  }
  return {
    ok: true,
    data: {
      fileName: batchCsvFileName(batch.kind, batch.environmentId, now),
      csv: batchCsv(batch.kind, all()),
    },
  };
}
