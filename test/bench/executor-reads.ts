/**
 * A signed read through the team's executor (docs/architecture.md, "Team mode: approvals"): a desk
 * with no service credentials looks a deposit up (`getDeposit` through its ConsoleApi: the direct
 * try refused for want of credentials, the team session, the signer, `ask_read`, the executor woken
 * by LISTEN reading it with its own client and answering, `take_read_answer`, the answer parsed),
 * against the same deposit read directly by the executor's own ConsoleApi, in the same run, the
 * two alternating. The database round trips are the price of holding no secret on a desk.
 *
 * Both runtimes are in this process; the sandbox is a child process, and the database the test
 * suites' own cluster (test/support/postgres-cluster.ts: loopback TLS, fsync off).
 *
 * Alone: `npx tsx test/bench/executor-reads.ts`, or `npm run bench -- --only executor-reads`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createConsoleRuntime, type ConsoleRuntime } from '../../main/core/console';
import { setSigner } from '../../main/core/team/approvals';
import { putTeamEnvironment } from '../../main/core/team/environments';
import { createMemoryBackend } from '../../main/core/vault';
import { FIRST_BULK_DEPOSIT_ID } from '../../main/sandbox';
import type { Result } from '../../shared/contract';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { startChildSandbox, stopChildSandbox, type ChildSandbox } from './batch-throughput';
import { median, percentile, round, type BenchRow } from './bench-row';
import { openBenchTeam } from './team-database';

const DEPOSITS = 50;
const WARM_UP = 30;
const SAMPLES = 300;
const RATIO_TARGET = 3;

const ok = <T>(result: Result<T>, what: string): T => {
  if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
  return result.data;
};

/** A runtime with one testing profile of the sandbox, active, its credentials only when given. */
async function deskRuntime(
  dataDir: string,
  sandbox: ChildSandbox,
  credentials: boolean,
): Promise<{ runtime: ConsoleRuntime; environmentId: string }> {
  const runtime = createConsoleRuntime({
    dataDir,
    vault: { backend: createMemoryBackend(), service: 'paydesk-bench-executor-reads' },
    embeddedSandbox: false,
    watch: { polling: false },
  });
  const profile = ok(
    await runtime.api.addEnvironment({ name: 'Service', kind: 'testing', baseUrl: sandbox.baseUrl }),
    'addEnvironment',
  );
  if (credentials) {
    for (const [field, value] of Object.entries(sandbox.credentials)) {
      ok(
        await runtime.api.setCredential({
          environmentId: profile.id,
          field: field as Parameters<ConsoleRuntime['api']['setCredential']>[0]['field'],
          value,
        }),
        'setCredential',
      );
    }
  }
  ok(await runtime.api.useEnvironment({ id: profile.id }), 'useEnvironment');
  return { runtime, environmentId: profile.id };
}

async function joinAs(
  desk: { runtime: ConsoleRuntime; environmentId: string },
  cluster: PostgresCluster,
  person: string,
  password: string,
): Promise<void> {
  ok(
    await desk.runtime.team.join({
      environmentId: desk.environmentId,
      host: cluster.host,
      port: cluster.port,
      database: 'bench_team',
      person,
      ca: cluster.ca,
      password,
    }),
    `join as ${person}`,
  );
}

export async function bench(): Promise<BenchRow[]> {
  const cluster = await startPostgresCluster();
  const sandbox = await startChildSandbox(DEPOSITS);
  const team = await openBenchTeam(cluster);
  const folders = [
    await mkdtemp(join(tmpdir(), 'paydesk-bench-executor-')),
    await mkdtemp(join(tmpdir(), 'paydesk-bench-reader-')),
  ];
  const [executorDir = '', readerDir = ''] = folders;
  const executor = await deskRuntime(executorDir, sandbox, true);
  const reader = await deskRuntime(readerDir, sandbox, false);
  const stopping = new AbortController();
  try {
    ok(
      await putTeamEnvironment(team.owner, { name: 'Service', kind: 'testing', baseUrl: sandbox.baseUrl }),
      'env',
    );
    ok(await setSigner(team.owner, { environment: 'Service', signer: 'executor' }), 'signer');
    await team.desk('bench_executor', 'paydesk_executor');
    await team.desk('bench_reader', 'paydesk_viewer');
    await joinAs(executor, cluster, 'bench_executor', team.password);
    await joinAs(reader, cluster, 'bench_reader', team.password);
    // One pass leaves the executor's heartbeat; then it answers reads until stopped.
    ok(await executor.runtime.team.executorPass(executor.environmentId, {}), 'executorPass');
    const reads = executor.runtime.team.executorReads(executor.environmentId);
    const serving = reads.serveUntil(Date.now() + 30 * 60_000, stopping.signal);

    const timed = async (runtime: ConsoleRuntime, depositId: number): Promise<number> => {
      const began = performance.now();
      ok(await runtime.api.getDeposit({ depositId }), `getDeposit ${depositId}`);
      return performance.now() - began;
    };
    const viaExecutor: number[] = [];
    const direct: number[] = [];
    for (let index = 0; index < WARM_UP + SAMPLES; index += 1) {
      const depositId = FIRST_BULK_DEPOSIT_ID + (index % DEPOSITS);
      // Alternating which goes first, so neither always meets a warmer cache.
      const first = index % 2 === 0 ? reader : executor;
      const second = first === reader ? executor : reader;
      const a = await timed(first.runtime, depositId);
      const b = await timed(second.runtime, depositId);
      if (index < WARM_UP) continue;
      viaExecutor.push(first === reader ? a : b);
      direct.push(first === reader ? b : a);
    }
    stopping.abort();
    const answered = await serving;
    await reads.close();

    const p50 = median(viaExecutor);
    const baseline = median(direct);
    const p95 = percentile(viaExecutor, 0.95);
    const baselineP95 = percentile(direct, 0.95);
    return [
      {
        name: 'signed read via executor',
        baseline: "the same deposit read directly by the executor's client (p50)",
        unit: 'ms',
        value: p50,
        baselineValue: baseline,
        ratio: p50 / baseline,
        target: `≤ ${RATIO_TARGET.toFixed(2)}`,
        pass: p50 / baseline <= RATIO_TARGET,
        details: {
          samples: SAMPLES,
          viaExecutorP50Ms: round(p50, 2),
          viaExecutorP95Ms: round(p95, 2),
          directP50Ms: round(baseline, 2),
          directP95Ms: round(baselineP95, 2),
          p95Ratio: round(p95 / baselineP95, 2),
          readsAnswered: answered,
        },
      },
    ];
  } finally {
    stopping.abort();
    await executor.runtime.close();
    await reader.runtime.close();
    await team.close();
    await stopChildSandbox(sandbox);
    await cluster.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  console.table(await bench());
}
