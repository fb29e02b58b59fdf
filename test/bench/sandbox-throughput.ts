/**
 * Throughput of signed deposit-status reads on the sandbox against a bare node:http server
 * answering the same JSON, measured in the same run by the same load generator. The generator
 * runs in a child process so it does not share an event loop with the servers; requests are
 * pre-signed (one D1 header set per second of the run) so the generator does no crypto.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../main/sandbox/index';
import type { BenchRow } from './bench-row';

const CONCURRENCY = 16;
const WARMUP_MS = 1000;
const MEASURE_MS = 4000;
const ROUNDS = 2;
const DEPOSIT_ID = 300000001;

interface LoadResult {
  requests: number;
  failures: number;
  elapsedMs: number;
}

/** Plain JavaScript for `node -e`: keep-alive HTTP/1.1, fixed concurrency, counts 200s. */
const LOAD_GENERATOR = `
import http from 'node:http';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, headersBySecond, concurrency, warmupMs, measureMs } = JSON.parse(input);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const start = Date.now();
const measureFrom = start + warmupMs;
const stopAt = measureFrom + measureMs;
let requests = 0;
let failures = 0;
const once = () => new Promise((resolve) => {
  const headers = headersBySecond[Math.floor(Date.now() / 1000)] ?? {};
  const request = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'GET', headers }, (response) => {
    response.resume();
    response.on('end', () => resolve(response.statusCode === 200));
  });
  request.on('error', () => resolve(false));
  request.end();
});
const worker = async () => {
  while (Date.now() < stopAt) {
    const ok = await once();
    if (Date.now() >= measureFrom && Date.now() < stopAt) ok ? requests++ : failures++;
  }
};
await Promise.all(Array.from({ length: concurrency }, worker));
agent.destroy();
process.stdout.write(JSON.stringify({ requests, failures, elapsedMs: measureMs }));
`;

function runLoad(url: string, headersBySecond: Record<number, Record<string, string>>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD_GENERATOR], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${String(code)}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
    child.stdin.end(
      JSON.stringify({
        url,
        headersBySecond,
        concurrency: CONCURRENCY,
        warmupMs: WARMUP_MS,
        measureMs: MEASURE_MS,
      }),
    );
  });
}

export async function bench(): Promise<BenchRow[]> {
  const sandbox = await startSandbox({ seed: 1 });
  const path = `/v3/deposits/${DEPOSIT_ID}`;
  const { apiKey, apiSecret } = sandbox.credentials;
  // D1 headers for every second the run may touch (both targets, all rounds, with slack).
  const headersBySecond: Record<number, Record<string, string>> = {};
  const firstSecond = Math.floor(Date.now() / 1000) - 2;
  const seconds = Math.ceil((2 * ROUNDS * (WARMUP_MS + MEASURE_MS + 3000)) / 1000) + 30;
  for (let second = firstSecond; second < firstSecond + seconds; second += 1) {
    const xDate = `${new Date(second * 1000).toISOString().slice(0, 19)}Z`;
    const signature = createHmac('sha256', apiSecret).update(`${xDate}${apiKey}`).digest('hex');
    headersBySecond[second] = {
      'X-Date': xDate,
      'X-Login': apiKey,
      Authorization: `SVC ${signature}`,
      'Content-Type': 'application/json',
    };
  }

  const current = headersBySecond[Math.floor(Date.now() / 1000)] ?? {};
  const record = await fetch(`${sandbox.baseUrl}${path}`, { headers: current });
  if (record.status !== 200) throw new Error(`sandbox answered ${record.status} to the signed read`);
  const body = await record.text();

  const bare = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${path}`;

  const sandboxRuns: LoadResult[] = [];
  const bareRuns: LoadResult[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await runLoad(bareUrl, headersBySecond));
      sandboxRuns.push(await runLoad(`${sandbox.baseUrl}${path}`, headersBySecond));
    }
  } finally {
    await sandbox.close();
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }

  const rate = (run: LoadResult) => (run.requests * 1000) / run.elapsedMs;
  const best = (runs: LoadResult[]) => Math.max(...runs.map(rate));
  const value = best(sandboxRuns);
  const baselineValue = best(bareRuns);
  const ratio = value / baselineValue;
  const failures = [...sandboxRuns, ...bareRuns].reduce((sum, run) => sum + run.failures, 0);
  return [
    {
      name: 'sandbox: signed deposit-status reads',
      baseline: 'bare node:http, same JSON',
      unit: 'req/s',
      value,
      baselineValue,
      ratio,
      target: '≥ 0.5',
      pass: ratio >= 0.5 && failures === 0,
      details: {
        concurrency: CONCURRENCY,
        measureMsPerRun: MEASURE_MS,
        roundsBestOf: ROUNDS,
        sandboxRuns: sandboxRuns.map((run) => rate(run).toFixed(0)).join(' / '),
        bareRuns: bareRuns.map((run) => rate(run).toFixed(0)).join(' / '),
        failedRequests: failures,
      },
    },
  ];
}
