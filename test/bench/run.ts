/**
 * `npm run bench`: every benchmark of the project in one run, printed as one table and written
 * to bench-results.json. Each row is a ratio against a baseline measured in the same run.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BenchRow } from './bench-row';

type BenchModule = { bench: () => Promise<BenchRow[]> };

/** Each module measures its subject and its own baseline; add new ones here. */
const modules: Array<{ name: string; load: () => Promise<BenchModule> }> = [
  { name: 'client-overhead', load: () => import('./client-overhead') },
  { name: 'sandbox-throughput', load: () => import('./sandbox-throughput') },
  { name: 'batch-throughput', load: () => import('./batch-throughput') },
  { name: 'batch-scaling', load: () => import('./batch-scaling') },
  // The renderer's rows in two modules, so the start-up rows can be run alone (a few minutes)
  // without the batch rows' quarter of an hour.
  {
    name: 'renderer-startup',
    load: async () => ({ bench: (await import('./renderer-budgets')).benchStartUp }),
  },
  {
    name: 'renderer-batch',
    load: async () => ({ bench: (await import('./renderer-budgets')).benchBatchRows }),
  },
  { name: 'cli-startup', load: () => import('./cli-startup') },
  { name: 'record-index', load: () => import('./record-index') },
  { name: 'reconcile', load: () => import('./reconcile') },
  { name: 'team-intents', load: () => import('./team-intents') },
  { name: 'team-search', load: () => import('./team-search') },
  { name: 'executor-reads', load: () => import('./executor-reads') },
];

/** `npm run bench -- --only renderer`: the modules whose name contains that text (while developing one). */
const { values: flags } = parseArgs({ options: { only: { type: 'string' } } });
const chosen = modules.filter((module) => flags.only === undefined || module.name.includes(flags.only));
if (chosen.length === 0) {
  console.error(
    `--only ${flags.only ?? ''}: no such module (${modules.map((module) => module.name).join(', ')})`,
  );
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const module of chosen) {
  rows.push(...(await (await module.load()).bench()));
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
// The details say what a ratio is made of (round by round figures, same-stack baselines).
for (const row of rows) if (row.details) console.log(`${row.name}:`, row.details);
/** A row as bench-results.json holds it (README: how to read it). */
function resultOf(row: BenchRow) {
  return {
    subject: row.name,
    floor: row.baseline,
    ratio: row.ratio,
    target: row.target,
    verdict: row.pass ? 'pass' : 'FAIL',
    unit: row.unit,
    subjectValue: row.value,
    floorValue: row.baselineValue,
    ...(row.details && { details: row.details }),
  };
}
const overBudget = rows.filter((row) => !row.pass).length;
if (flags.only === undefined) {
  writeFileSync(
    'bench-results.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), rows: rows.map(resultOf) }, null, 2)}\n`,
  );
  console.log(`bench-results.json written (${rows.length} rows, ${overBudget} over budget)`);
} else {
  // A partial run never replaces the whole table of the last full one.
  console.log(`--only: bench-results.json left as it was (${rows.length} rows, ${overBudget} over budget)`);
}
