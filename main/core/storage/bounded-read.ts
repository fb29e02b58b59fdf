import { open, type FileHandle } from 'node:fs/promises';
import type { ConsoleError, Result } from '../../../shared/contract';

/**
 * Reading an input that someone else chose (a file named on the command line, standard input)
 * with a ceiling on its size, so that `/dev/zero`, an endless pipe or a huge file cannot make
 * the process grow until the system kills it. A regular file is refused from its size alone,
 * before a byte is read; a pipe, a character device or standard input is read until the ceiling
 * is passed and then dropped, so memory never holds more than the limit and one chunk.
 */

/** The name that means standard input, as command-line tools write it. */
export const STDIN_SOURCE = '-';

export interface InputLimit {
  /** Bytes at most. */
  maxBytes: number;
  /** The field a refusal names (`source`, `ledger`, `--bank-account-file`). */
  field: string;
  /** What to do instead, said after the limit: "split the ids into several files". */
  advice: string;
}

/** Bytes a read asks for at once: small enough to stay near the limit, large enough to be quick. */
const CHUNK_BYTES = 256 * 1024;

const UNITS = [
  [1024 * 1024 * 1024, 'GB'],
  [1024 * 1024, 'MB'],
  [1024, 'KB'],
] as const;

/** `64 MB`, `64 KB`, `1.5 MB`, `900 bytes`: the units a file manager shows. */
export function formatBytes(bytes: number): string {
  for (const [size, unit] of UNITS) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

function tooLarge(limit: InputLimit, what: string): ConsoleError {
  return {
    kind: 'validation',
    field: limit.field,
    message: `${limit.field}: ${what} is larger than ${formatBytes(limit.maxBytes)}; ${limit.advice}`,
  };
}

function cannotRead(limit: InputLimit, name: string, cause: unknown): ConsoleError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return {
    kind: 'storage',
    field: limit.field,
    message: `${limit.field}: ${name} cannot be read${typeof code === 'string' ? ` (${code})` : ''}.`,
    text:
      typeof code === 'string'
        ? { key: 'storage.failedCode', params: { reason: code } }
        : { key: 'storage.failed' },
  };
}

function notAFile(limit: InputLimit, name: string, folder: boolean): ConsoleError {
  return {
    kind: 'validation',
    field: limit.field,
    message: folder
      ? `${limit.field}: ${name} is a folder, not a file; give the file inside it.`
      : `${limit.field}: ${name} is not a file, a pipe or standard input; give a file.`,
  };
}

/** Collects chunks until the end, or until one more byte than the limit has come (then refuses). */
class Collector {
  readonly #chunks: Buffer[] = [];
  #size = 0;

  constructor(readonly maxBytes: number) {}

  /** False once the limit is passed: stop reading. */
  add(chunk: Buffer): boolean {
    this.#size += chunk.length;
    if (this.#size > this.maxBytes) {
      this.#chunks.length = 0;
      return false;
    }
    this.#chunks.push(chunk);
    return true;
  }

  /** Bytes still wanted to tell "at the limit" from "over it". */
  wanted(): number {
    return this.maxBytes + 1 - this.#size;
  }

  bytes(): Buffer {
    return Buffer.concat(this.#chunks, this.#size);
  }
}

/** Standard input (or any stream) whole, refused as soon as it passes the limit. */
export async function readBoundedStream(
  stream: AsyncIterable<string | Uint8Array>,
  limit: InputLimit,
): Promise<Result<Buffer>> {
  const collector = new Collector(limit.maxBytes);
  // Leaving the loop early ends the iteration, which lets go of (destroys) the stream.
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    if (!collector.add(bytes)) return { ok: false, error: tooLarge(limit, 'standard input') };
  }
  return { ok: true, data: collector.bytes() };
}

async function readHandle(handle: FileHandle, limit: InputLimit, what: string): Promise<Result<Buffer>> {
  const collector = new Collector(limit.maxBytes);
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, collector.wanted()));
    // Position null: read on from where the handle is, which pipes and devices need.
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return { ok: true, data: collector.bytes() };
    if (!collector.add(buffer.subarray(0, bytesRead))) return { ok: false, error: tooLarge(limit, what) };
  }
}

/**
 * A file named by the user. A regular file larger than the limit is refused from the size of the
 * opened handle, unread (the handle, not the path, so a file swapped in between is not missed); it
 * is still read with the ceiling, as it may grow meanwhile. A pipe or a character device
 * (`/dev/stdin`, `/dev/zero`) has no size to ask, so it is read up to the ceiling. A folder or
 * anything else is refused.
 */
export async function readBoundedFile(path: string, limit: InputLimit): Promise<Result<Buffer>> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      return { ok: false, error: notAFile(limit, path, true) };
    }
    return { ok: false, error: cannotRead(limit, path, error) };
  }
  try {
    const info = await handle.stat();
    if (info.isFile()) {
      if (info.size > limit.maxBytes) return { ok: false, error: tooLarge(limit, `${path}`) };
      return await readHandle(handle, limit, path);
    }
    if (info.isFIFO() || info.isCharacterDevice()) return await readHandle(handle, limit, path);
    return { ok: false, error: notAFile(limit, path, info.isDirectory()) };
  } catch (error) {
    return { ok: false, error: cannotRead(limit, path, error) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** `-` is standard input; anything else is a file. */
export function readBoundedInput(
  source: string,
  stdin: AsyncIterable<string | Uint8Array>,
  limit: InputLimit,
): Promise<Result<Buffer>> {
  return source === STDIN_SOURCE ? readBoundedStream(stdin, limit) : readBoundedFile(source, limit);
}
