import { get } from 'node:http';

/**
 * A same-stack baseline for the client's benchmarks: a bare node:http GET (Node's global,
 * kept-alive agent) with headers given in advance, body read and JSON-parsed. The client sends
 * on node:http too (main/core/payments/wire.ts), so the client against this is its own overhead
 * alone, while the issues' baseline, a raw fetch, also carries fetch's own cost.
 */
export function rawHttpGetJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
  });
}
