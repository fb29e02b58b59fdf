import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { startNotificationReceiver, type ReceiverRefusal } from '../../../main/core/notifications/receiver';
import type { NotificationRequest } from '../../../main/core/notifications/verify';

/**
 * The receiver's transport: what reaches `handle` and what is refused before it. The judging
 * itself (verify, status, inbox) runs against the real sandbox in test/integration/cli.
 */

test('a flood past the rate is refused 429 without reaching the handler, the rest are handled', async () => {
  const handled: NotificationRequest[] = [];
  const refusals: ReceiverRefusal[] = [];
  const receiver = await startNotificationReceiver({
    port: 0,
    ratePerSecond: 1,
    burst: 3,
    handle: async (request) => {
      handled.push(request);
      return { taken: true, count: 1 };
    },
    onRefusal: (refused) => refusals.push(refused),
  });
  try {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await fetch(receiver.url, {
        method: 'POST',
        headers: { 'X-Date': 'd', 'x-login': 'l' },
        body: '{"deposit_id":1}',
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('1');
      await response.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(handled).toHaveLength(3);
    expect(refusals).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    // Header names arrive lower-cased with every value, the body as the bytes sent.
    expect(handled[0]?.headers['x-date']).toEqual(['d']);
    expect(Buffer.from(handled[0]?.body ?? []).toString('utf8')).toBe('{"deposit_id":1}');
  } finally {
    await receiver.close();
  }
});

test('a body past the cap, by its Content-Length or as it streams, is refused 413', async () => {
  let handled = 0;
  const receiver = await startNotificationReceiver({
    port: 0,
    handle: async () => {
      handled += 1;
      return { taken: true, count: 1 };
    },
  });
  try {
    const declared = await fetch(receiver.url, { method: 'POST', body: 'x'.repeat(5000) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ refused: 'too_large' });
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const streamed = await fetch(receiver.url, {
      method: 'POST',
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(handled).toBe(0);
  } finally {
    await receiver.close();
  }
});

test('a request that does not finish in time is answered 408 and cut', async () => {
  const receiver = await startNotificationReceiver({
    port: 0,
    requestTimeoutMs: 300,
    handle: async () => ({ taken: true, count: 1 }),
  });
  try {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(receiver.port, '127.0.0.1', () => {
        socket.write('POST /notifications HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"dep');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    await receiver.close();
  }
});
