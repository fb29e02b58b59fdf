/**
 * Run in child processes by cross-process.spec.ts: opens the record index of a data folder and
 * writes batches of observations through the real SQLite index.
 *
 *   writer-child <dataDir> <writer> <batches> <batchSize>
 *
 * Prints `ready` once open and waits for a line on stdin, so that every writer starts at once;
 * then prints `committed <n>` after each batch's observe call has returned. `batches` 0: forever
 * (the kill -9 test). Each batch also moves one record every writer shares.
 */
import { once } from 'node:events';
import { openSqliteRecordIndex } from '../../../main/core/record-index/sqlite';

const [dataDir, writer, batchesText, batchSizeText] = process.argv.slice(2);
if (!dataDir || !writer || !batchesText || !batchSizeText) {
  throw new Error('usage: writer-child <dataDir> <writer> <batches> <batchSize>');
}
const batches = Number(batchesText);
const batchSize = Number(batchSizeText);

const opened = await openSqliteRecordIndex({ dataDir, busyTimeoutMs: 30_000 });
if (!opened.ok) throw new Error(opened.error.message);
const { index } = opened.data;
process.stdout.write('ready\n');
await once(process.stdin, 'data');

const start = Date.parse('2024-05-01T00:00:00Z');
for (let batch = 0; batches === 0 || batch < batches; batch += 1) {
  const seenAt = new Date(start + batch * 1000).toISOString();
  await index.observe([
    ...Array.from({ length: batchSize }, (_, n) => ({
      environmentId: 'env-a',
      kind: 'deposit' as const,
      id: `${writer}-${batch}-${n}`,
      invoiceId: `INV-${writer}-${batch}-${n}`,
      status: 'PENDING',
      amount: n,
      currency: 'BRL',
      seenAt,
      source: 'batch' as const,
    })),
    {
      environmentId: 'env-a',
      kind: 'cashout' as const,
      id: 'shared',
      status: `${writer}-${batch}`,
      seenAt,
      source: 'watch' as const,
    },
  ]);
  process.stdout.write(`committed ${batch}\n`);
}
await index.close();
