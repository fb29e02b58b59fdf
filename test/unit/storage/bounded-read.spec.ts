import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatBytes,
  readBoundedFile,
  readBoundedInput,
  readBoundedStream,
  type InputLimit,
} from '../../../main/core/storage/bounded-read';

/** The one reader of user-chosen inputs: a ceiling that holds before, or while, anything is read. */

const LIMIT: InputLimit = { maxBytes: 1024 * 1024, field: 'source', advice: 'give a smaller file.' };

let folder: string;
test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paydesk-bounded-read-'));
});
test.afterEach(() => rm(folder, { recursive: true, force: true }));

/** Counts FileHandle reads while `task` runs (the prototype every handle shares). */
async function countingReads<T>(task: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const probe = await open(import.meta.filename, 'r');
  const prototype = Object.getPrototypeOf(probe) as { read: (...args: unknown[]) => Promise<unknown> };
  await probe.close();
  const original = prototype.read;
  let reads = 0;
  prototype.read = function (this: unknown, ...args: unknown[]) {
    reads += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await task(), reads };
  } finally {
    prototype.read = original;
  }
}

test('a regular file over the limit is refused from its size, without one byte read', async () => {
  const path = join(folder, 'sparse.txt');
  await writeFile(path, '');
  await truncate(path, LIMIT.maxBytes + 1);
  const { result, reads } = await countingReads(() => readBoundedFile(path, LIMIT));
  expect(result).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      field: 'source',
      message: `source: ${path} is larger than 1 MB; give a smaller file.`,
    },
  });
  expect(reads).toBe(0);

  // 64 GB of holes: refused as fast, where reading it would take minutes and all the memory.
  await truncate(path, 64 * 1024 ** 3);
  const started = Date.now();
  const huge = await countingReads(() => readBoundedFile(path, LIMIT));
  expect(huge.result.ok).toBe(false);
  expect(huge.reads).toBe(0);
  expect(Date.now() - started).toBeLessThan(1_000);
});

test('a file at the limit is read whole; one byte under, and an empty one, too', async () => {
  for (const size of [LIMIT.maxBytes, LIMIT.maxBytes - 1, 0]) {
    const path = join(folder, `at-${size}.txt`);
    await writeFile(path, Buffer.alloc(size, 0x41));
    const read = await readBoundedFile(path, LIMIT);
    expect(read.ok && read.data.length).toBe(size);
  }
});

test('a character device without an end (/dev/zero) is read only up to the limit, then refused', async () => {
  const started = Date.now();
  const read = await readBoundedFile('/dev/zero', LIMIT);
  expect(read).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      field: 'source',
      message: 'source: /dev/zero is larger than 1 MB; give a smaller file.',
    },
  });
  expect(Date.now() - started).toBeLessThan(2_000);
});

test('a FIFO is read as a stream: under the limit whole, over it refused while the writer still writes', async () => {
  const fifo = join(folder, 'ids.fifo');
  execFileSync('mkfifo', [fifo]);
  const small = readBoundedFile(fifo, LIMIT);
  const writer = createWriteStream(fifo);
  writer.end('300000001\n300000002\n');
  const read = await small;
  expect(read.ok && read.data.toString('utf8')).toBe('300000001\n300000002\n');

  const endless = readBoundedFile(fifo, LIMIT);
  const flood = createWriteStream(fifo);
  flood.on('error', () => undefined); // EPIPE once the reader has let go
  const chunk = Buffer.alloc(64 * 1024, 0x31);
  let stop = false;
  const pump = (): void => {
    while (!stop && flood.write(chunk));
    if (!stop) flood.once('drain', pump);
  };
  pump();
  const refused = await endless;
  stop = true;
  flood.destroy();
  expect(refused.ok ? '' : refused.error.message).toBe(
    `source: ${fifo} is larger than 1 MB; give a smaller file.`,
  );
});

test('a folder is a typed refusal; a missing file a storage error naming its code', async () => {
  expect(await readBoundedFile(folder, LIMIT)).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      field: 'source',
      message: `source: ${folder} is a folder, not a file; give the file inside it.`,
    },
  });
  const missing = join(folder, 'missing.csv');
  expect(await readBoundedFile(missing, LIMIT)).toEqual({
    ok: false,
    error: {
      kind: 'storage',
      field: 'source',
      message: `source: ${missing} cannot be read (ENOENT).`,
      text: { key: 'storage.failedCode', params: { reason: 'ENOENT' } },
    },
  });
});

test('stdin: read whole under the limit; over it refused, and no more is pulled from it', async () => {
  const under = await readBoundedInput(
    '-',
    (async function* () {
      yield 'a,b\n';
      yield Buffer.from('1,2\n');
    })(),
    LIMIT,
  );
  expect(under.ok && under.data.toString('utf8')).toBe('a,b\n1,2\n');

  let pulled = 0;
  let released = false;
  async function* endless(): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        pulled += 1;
        yield new Uint8Array(64 * 1024);
      }
    } finally {
      released = true;
    }
  }
  const over = await readBoundedStream(endless(), LIMIT);
  expect(over).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      field: 'source',
      message: 'source: standard input is larger than 1 MB; give a smaller file.',
    },
  });
  // 16 chunks make the limit; the 17th passes it and is the last one asked for.
  expect(pulled).toBe(17);
  expect(released).toBe(true);
});

test('limits are said in the units a file manager shows', () => {
  expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
  expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB');
  expect(formatBytes(64 * 1024)).toBe('64 KB');
  expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
  expect(formatBytes(900)).toBe('900 bytes');
});
