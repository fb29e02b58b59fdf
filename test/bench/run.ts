/**
 * `npm run bench`: every benchmark of the project in one run, printed as one table and written
 * to bench-results.json. Each row is a ratio against a baseline measured in the same run.
 */
import { writeFileSync } from 'node:fs';
import type { BenchRow } from './bench-row';

type BenchModule = { bench: () => Promise<BenchRow[]> };

/** Each module measures its subject and its own baseline; add new ones here. */
const modules: Array<() => Promise<BenchModule>> = [
  () => import('./client-overhead'),
  () => import('./sandbox-throughput'),
  () => import('./batch-throughput'),
];

const rows: BenchRow[] = [];
for (const load of modules) {
  rows.push(...(await (await load()).bench()));
}

console.table(
  rows.map((row) => ({
    benchmark: row.name,
    subject: `${row.value.toFixed(2)} ${row.unit}`,
    baseline: `${row.baselineValue.toFixed(2)} ${row.unit} (${row.baseline})`,
    ratio: row.ratio.toFixed(3),
    target: row.target,
    verdict: row.pass ? 'pass' : 'FAIL',
  })),
);
writeFileSync(
  'bench-results.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
);
console.log(
  `bench-results.json written (${rows.length} rows, ${rows.filter((row) => !row.pass).length} over budget)`,
);
