/**
 * Team mode's referee under load: 16 desks (16 people, 16 TLS connections) start intents through
 * `paydesk.begin_operation` at once, each on a target of its own, against the bare statement the
 * referee is built around (`INSERT … ON CONFLICT DO NOTHING` under the same unique key) from 16
 * connections to the same server, in the same run. The referee's extra work: the function call,
 * its checks, and the journal entry hash-chained under the lock on the one head row, which every
 * desk's intent takes in turn. A second row holds the intents per second to a fixed floor of 1,000.
 *
 * The server is the test suites' own (test/support/postgres-cluster.ts: PostgreSQL from the
 * machine's packages, fsync off, loopback TLS), so the figures are the database's work and the
 * protocol's, not a disk's.
 *
 * Alone: `npx tsx test/bench/team-intents.ts`, or `npm run bench -- --only team`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { requestBodySha256 } from '../../main/core/audit/canonical-json';
import { beginOperation } from '../../main/core/team/operations';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { round, type BenchRow } from './bench-row';
import { openBenchTeam } from './team-database';

const DESKS = 16;
const PER_DESK = 250;
const ROUNDS = 3;
const RATIO_TARGET = 0.5;
const FLOOR_PER_SECOND = 1_000;

interface Desks {
  referee: Client[];
  bare: Client[];
  close(): Promise<void>;
}

/** A database migrated by its owner, 16 operators and 16 connections for the bare statement. */
async function openDesks(cluster: PostgresCluster): Promise<Desks> {
  const team = await openBenchTeam(cluster);
  // The bare side: the same key, the same unique constraint, nothing else.
  await team.owner.query(
    'CREATE TABLE public.bare_intents (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, account text NOT NULL, action text NOT NULL, idempotency_key uuid NOT NULL, target_id text NOT NULL, UNIQUE (account, action, idempotency_key))',
  );
  const referee: Client[] = [];
  const bare: Client[] = [];
  for (let desk = 0; desk < DESKS; desk += 1) {
    referee.push(await team.desk(`bench_desk_${desk}`, 'paydesk_operator'));
    bare.push(await team.ownerAgain());
  }
  return { referee, bare, close: () => team.close() };
}

/** Intents per second with every desk starting its share at once; each intent on a target of its own. */
async function intentsPerSecond(start: (desk: number, n: number) => Promise<void>): Promise<number> {
  const began = performance.now();
  await Promise.all(
    Array.from({ length: DESKS }, async (_, desk) => {
      for (let n = 0; n < PER_DESK; n += 1) await start(desk, n);
    }),
  );
  return (DESKS * PER_DESK) / ((performance.now() - began) / 1_000);
}

export async function bench(): Promise<BenchRow[]> {
  const cluster = await startPostgresCluster();
  try {
    const desks = await openDesks(cluster);
    try {
      const referee: number[] = [];
      const bare: number[] = [];
      // Alternating rounds, each side on targets no earlier round used.
      for (let round = 0; round < ROUNDS; round += 1) {
        referee.push(
          await intentsPerSecond(async (desk, n) => {
            const target = `dep-${round}-${desk}-${n}`;
            const begun = await beginOperation(desks.referee[desk] as Client, {
              account: 'merchant-bench',
              action: 'refund',
              target: { kind: 'deposit', id: target },
              idempotencyKey: randomUUID(),
              amount: '10.00',
              currency: 'BRL',
              bodySha256: requestBodySha256({ deposit_id: target, amount: '10.00' }),
            });
            if (!begun.ok) throw new Error(begun.error.message);
          }),
        );
        bare.push(
          await intentsPerSecond(async (desk, n) => {
            await (desks.bare[desk] as Client).query(
              'INSERT INTO public.bare_intents (account, action, idempotency_key, target_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
              ['merchant-bench', 'refund', randomUUID(), `dep-${round}-${desk}-${n}`],
            );
          }),
        );
      }
      const best = (values: number[]) => Math.max(...values);
      const subject = best(referee);
      const baseline = best(bare);
      const details = {
        desks: DESKS,
        intentsPerRound: DESKS * PER_DESK,
        rounds: ROUNDS,
        refereePerSecond: referee.map((value) => round(value)).join(' / '),
        barePerSecond: bare.map((value) => round(value)).join(' / '),
      };
      return [
        {
          name: 'team intents, 16 desks',
          baseline: 'bare INSERT … ON CONFLICT DO NOTHING, 16 connections',
          unit: 'intents/s',
          value: subject,
          baselineValue: baseline,
          ratio: subject / baseline,
          target: `≥ ${RATIO_TARGET}`,
          pass: subject / baseline >= RATIO_TARGET,
          details,
        },
        {
          name: 'team intents per second',
          baseline: `floor of ${FLOOR_PER_SECOND.toLocaleString('en')}/s`,
          unit: 'intents/s',
          value: subject,
          baselineValue: FLOOR_PER_SECOND,
          ratio: subject / FLOOR_PER_SECOND,
          target: '≥ 1.0',
          pass: subject >= FLOOR_PER_SECOND,
        },
      ];
    } finally {
      await desks.close();
    }
  } finally {
    await cluster.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  console.table(await bench());
}
