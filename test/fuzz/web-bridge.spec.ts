import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildBridge } from '../../preload/bridge';
import { CHANNELS, type ChannelName, type PaydeskBridge, type Result } from '../../shared/contract';
import { createSocketTransport, type PageSocket } from '../../preload/web-bridge';
import { startWebBridge } from '../../main/web/start';
import { describeInput, inputsFor, judge, type FuzzInput } from './support/channel-inputs';
import { guardProcess, Tally } from './support/process-guard';
import { failOnProblems } from './support/property-check';

/**
 * Over the real WebSocket: every CHANNELS entry called through
 * window.paydesk as the page builds it (preload/bridge.ts's factory over the web bridge's socket
 * transport), answered by the web bridge server and the dispatcher with the real runtime behind
 * them. Fewer inputs per entry than the dispatcher suite (PAYDESK_FUZZ_WS_RUNS, default 100): the
 * socket adds the frame round trip, not new argument handling. The page JSON-encodes its
 * argument, so the oracle judges what the server received: the argument after a JSON round trip.
 * A frame over the server's 4 MiB limit closes the socket (the call answers `console_unreachable`); the test
 * then opens a new one, as a reloaded page would.
 */

const RUNS = (() => {
  const fromEnv = Number(process.env.PAYDESK_FUZZ_WS_RUNS);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : 100;
})();
/** main/web/server.ts MAX_FRAME_BYTES. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

function arrived(arg: unknown): unknown {
  const text = JSON.stringify({ arg });
  return (JSON.parse(text) as { arg?: unknown }).arg;
}

test(`every contract entry over the web bridge's WebSocket, ${RUNS} inputs each`, async () => {
  test.setTimeout(600_000);
  const rendererDir = await mkdtemp(join(tmpdir(), 'paydesk-fuzz-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const server = await startWebBridge({ build: false, rendererDir, vault: 'memory', quiet: true });
  const guard = guardProcess();
  const sockets: WebSocket[] = [];
  const connect = (): PaydeskBridge => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?token=${server.token}`, {
      origin: server.origin,
    });
    sockets.push(socket);
    return buildBridge(createSocketTransport(socket as unknown as PageSocket));
  };
  let paydesk = connect();
  const reconnects = new Tally();
  try {
    for (const method of Object.keys(CHANNELS) as ChannelName[]) {
      const answered = new Tally();
      await fc.assert(
        fc.asyncProperty(inputsFor(method, { json: true }), async (input: FuzzInput) => {
          const call = paydesk[method] as (arg: unknown) => Promise<Result<unknown>>;
          const answer = await call(input.arg);
          answered.add(answer.ok ? 'ok' : answer.error.kind);
          let frame: string | undefined;
          try {
            frame = JSON.stringify({ id: 0, channel: CHANNELS[method], arg: input.arg });
          } catch {
            // A BigInt or a cycle: the page's transport refuses it before anything is sent.
            expect(answer, describeInput(input)).toMatchObject({ ok: false, error: { kind: 'validation' } });
            reconnects.add('refused by the page (not JSON)');
            return;
          }
          const frameBytes = Buffer.byteLength(frame);
          if (!answer.ok && answer.error.kind === 'console_unreachable') {
            expect(frameBytes, describeInput(input)).toBeGreaterThan(MAX_FRAME_BYTES);
            reconnects.add('socket closed by an oversized frame');
            paydesk = connect();
            return;
          }
          const received = { ...input, arg: arrived(input.arg) } as FuzzInput;
          failOnProblems(
            judge(method, received, answer),
            () => `${describeInput(input)} → ${JSON.stringify(answer).slice(0, 300)}`,
          );
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      process.stdout.write(`fuzz web bridge ${method}: ${RUNS} inputs; answers: ${answered.toString()}\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(guard.escaped()).toEqual([]);
    process.stdout.write(
      `fuzz web bridge: page refusals and reconnects: ${reconnects.toString() || 'none'}\n`,
    );
  } finally {
    guard.stop();
    for (const socket of sockets) socket.terminate();
    await server.close();
    await rm(rendererDir, { recursive: true, force: true });
  }
});
