import type { JsonValue, Result } from '../../preload/contract';

/** Reads stdin whole, up to `limit` bytes. */
export async function readStdin(
  stdin: AsyncIterable<string | Uint8Array>,
  limit: number,
  field: string,
): Promise<Result<string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    size += bytes.length;
    if (size > limit)
      return {
        ok: false,
        error: { kind: 'validation', field, message: `${field}: stdin is larger than ${limit} bytes` },
      };
    chunks.push(bytes);
  }
  return { ok: true, data: Buffer.concat(chunks).toString('utf8') };
}

/** Records are JSON from the service; this gives them the JSON type for printing. */
export const asJson = (record: unknown): JsonValue => JSON.parse(JSON.stringify(record ?? null)) as JsonValue;
