/**
 * Team mode's shared record index (main/core/record-index/postgres.ts) with 100,000 records of one
 * account: search (any id, invoice id or external id; exact then prefix) at p95 through the port, as
 * a desk's role reaches it (records_view over TLS, the zod parse of each row, the merging), against
 * the same SELECT over a bare connection as the owner against the table, in the same run, calls
 * alternating. The records and the search texts are the embedded index's bench's (record-index.ts).
 *
 * The server is the test suites' own (test/support/postgres-cluster.ts: fsync off, loopback TLS).
 *
 * Alone: `npx tsx test/bench/team-search.ts`, or `npm run bench -- --only team` (with the intents).
 */
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { ServiceAccount } from '../../main/core/payments/account';
import { createTeamRecordIndex } from '../../main/core/record-index/postgres';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { median, percentile, round, type BenchRow } from './bench-row';
import { observation, RECORDS, searchTexts } from './record-index';
import { openBenchTeam } from './team-database';

const PER_INSERT = 5_000;
const WARM_UP = 200;
const LIMIT = 20;
const SEARCH_TARGET = 2.0;
const ENV = 'env-bench';
const ACCOUNTS: ServiceAccount = {
  payments: 'https://bench.test#key:000000000000000000000001',
  cashouts: 'https://bench.test#login:000000000000000000000001',
};

interface Sides {
  owner: Client;
  desk: Client;
  close(): Promise<void>;
}

/** A database migrated by its owner, and a desk: one person in paydesk_viewer. */
async function openSides(cluster: PostgresCluster): Promise<Sides> {
  const team = await openBenchTeam(cluster);
  return {
    owner: team.owner,
    desk: await team.desk('bench_desk', 'paydesk_viewer'),
    close: () => team.close(),
  };
}

/** The records, as the owner: a bulk INSERT of unnested columns (setup, not what is measured). */
async function load(owner: Client): Promise<number> {
  const began = performance.now();
  for (let start = 0; start < RECORDS; start += PER_INSERT) {
    const rows = Array.from({ length: Math.min(PER_INSERT, RECORDS - start) }, (_, n) =>
      observation(start + n),
    );
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    await owner.query(
      `INSERT INTO paydesk.records (account, kind, id, invoice_id, external_id, deposit_id, status, amount,
         currency, country, first_seen, last_seen, source)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::float8[], $9::text[], $10::text[], $11::timestamptz[], $11::timestamptz[], $12::text[])`,
      [
        column((row) => (row.kind === 'cashout' ? ACCOUNTS.cashouts : ACCOUNTS.payments)),
        column((row) => row.kind),
        column((row) => row.id),
        column((row) => row.invoiceId ?? null),
        column((row) => row.externalId ?? null),
        column((row) => row.depositId ?? null),
        column((row) => row.status ?? null),
        column((row) => row.amount ?? null),
        column((row) => row.currency ?? null),
        column((row) => row.country ?? null),
        column((row) => row.seenAt),
        column((row) => row.source),
      ],
    );
  }
  await owner.query('ANALYZE paydesk.records');
  return performance.now() - began;
}

/**
 * The port's statement (postgres.ts SEARCH_SQL) as the owner writes it by hand against the table:
 * per column, exact matches newest first and prefixes in byte order, one statement per account
 * (cashouts have their own), rows read and nothing else.
 */
const BARE_SQL = ['id', 'invoice_id', 'external_id']
  .flatMap((column) => [
    `(SELECT * FROM paydesk.records WHERE account = $1 AND kind = ANY($2::text[]) AND ${column} = $3
       ORDER BY last_seen DESC, kind, id COLLATE "C" LIMIT $4)`,
    `(SELECT * FROM paydesk.records WHERE account = $1 AND kind = ANY($2::text[]) AND ${column} ~>~ $3
       AND ${column} ~<~ ($3 || chr(1114111)) ORDER BY ${column} USING ~<~, kind, id COLLATE "C" LIMIT $4)`,
  ])
  .join('\nUNION ALL\n');

export async function bench(): Promise<BenchRow[]> {
  const cluster = await startPostgresCluster();
  try {
    const sides = await openSides(cluster);
    try {
      const loadMs = await load(sides.owner);
      const index = createTeamRecordIndex(sides.desk, { environmentId: ENV, accounts: ACCOUNTS });
      const portSearch = (text: string) => index.search({ environmentId: ENV, text, limit: LIMIT });
      const bareSearch = async (text: string): Promise<number> => {
        const payments = await sides.owner.query(BARE_SQL, [
          ACCOUNTS.payments,
          ['deposit', 'refund', 'sub_merchant'],
          text,
          LIMIT,
        ]);
        const cashouts = await sides.owner.query(BARE_SQL, [ACCOUNTS.cashouts, ['cashout'], text, LIMIT]);
        return payments.rows.length + cashouts.rows.length;
      };

      const texts = searchTexts();
      for (const text of texts.slice(0, WARM_UP)) {
        await portSearch(text);
        await bareSearch(text);
      }
      const portMs: number[] = [];
      const bareMs: number[] = [];
      let found = 0;
      for (const [i, text] of texts.entries()) {
        // Alternating which goes first, so that neither always finds the pages warm.
        const runPort = async () => {
          const t = performance.now();
          found += (await portSearch(text)).length;
          portMs.push(performance.now() - t);
        };
        const runBare = async () => {
          const t = performance.now();
          await bareSearch(text);
          bareMs.push(performance.now() - t);
        };
        if (i % 2 === 0) {
          await runPort();
          await runBare();
        } else {
          await runBare();
          await runPort();
        }
      }
      const p95 = percentile(portMs, 0.95);
      const bareP95 = percentile(bareMs, 0.95);
      return [
        {
          name: `team search p95 (${RECORDS.toLocaleString('en')} records)`,
          baseline: 'the same SELECT on the table, bare connection as the owner',
          unit: 'ms',
          value: p95,
          baselineValue: bareP95,
          ratio: p95 / bareP95,
          target: `≤ ${SEARCH_TARGET.toFixed(2)}`,
          pass: p95 / bareP95 <= SEARCH_TARGET,
          details: {
            records: RECORDS,
            loadMs: round(loadMs, 0),
            searches: texts.length,
            recordsFound: found,
            p95Ms: round(p95, 3),
            bareP95Ms: round(bareP95, 3),
            medianMs: round(median(portMs), 3),
            bareMedianMs: round(median(bareMs), 3),
          },
        },
      ];
    } finally {
      await sides.close();
    }
  } finally {
    await cluster.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  console.table(await bench());
}
