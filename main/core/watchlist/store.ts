import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  ERROR_KINDS,
  WATCH_KINDS,
  WATCH_LIMITS,
  type ConsoleError,
  type Result,
  type WatchKind,
} from '../../../shared/contract';
import { checkIdToken, type IdKind } from '../batch';
import { setFileAside, writeFileAtomically } from '../settings';
import { withFileLock } from '../storage/file-lock';
import { storageError } from '../storage/storage-error';

/**
 * The watchlist file, `<dataDir>/watchlist.json`: the poll interval and, per environment, the
 * pinned objects with their status timelines. Written atomically (temp file, fsync, rename) after
 * every change, under `watchlist.json.lock` and merged onto what the file holds then (see bases);
 * read once and checked with zod. A file that does not parse is moved aside
 * (`watchlist.json.corrupt-<time>`) and the list starts empty, which the UI is told.
 */

export const WATCHLIST_FILE_NAME = 'watchlist.json';

/** The id kind of each watch kind (ids.ts). */
export const ID_KIND_OF: Record<WatchKind, IdKind> = {
  deposit: 'deposits',
  refund: 'refunds',
  cashout: 'cashouts',
  sub_merchant: 'sub_merchants',
};

/** Longer statuses are cut here: a status is a word, and the file must stay small. */
export const MAX_STATUS_LENGTH = 128;
/** A currency is a code (`BRL`, `USDT`); anything longer is not kept. */
export const MAX_CURRENCY_LENGTH = 12;

const isoTime = z.iso.datetime({ offset: true });
const status = z.string().min(1).max(MAX_STATUS_LENGTH);

const timelineEntrySchema = z.object({
  at: isoTime,
  from: status.nullable(),
  to: status,
  severity: z.enum(['info', 'alarm']),
});

const storedErrorSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string().max(1000),
  code: z.number().finite().optional(),
  httpStatus: z.number().int().optional(),
});

const storedItemSchema = z
  .object({
    environmentId: z.string().min(1).max(64),
    kind: z.enum(WATCH_KINDS),
    id: z.string().min(1).max(64),
    pinnedAt: isoTime,
    status: status.nullable(),
    lastCheckedAt: isoTime.nullable(),
    lastChangeAt: isoTime.nullable(),
    lastError: storedErrorSchema.nullable(),
    alarm: z.boolean(),
    changes: z.number().int().min(0),
    /** The last good read's amount and currency (absent in files written before they were kept). */
    amount: z.number().finite().optional(),
    currency: z.string().min(1).max(MAX_CURRENCY_LENGTH).optional(),
    timeline: z.array(timelineEntrySchema).max(WATCH_LIMITS.timelineLength),
  })
  .refine((item) => {
    const checked = checkIdToken(ID_KIND_OF[item.kind], item.id);
    return checked.ok && checked.id === item.id;
  }, 'is not a canonical id of its kind');

const documentSchema = z.object({
  version: z.literal(1),
  intervalSeconds: z.number().int().min(WATCH_LIMITS.minIntervalSeconds).max(WATCH_LIMITS.maxIntervalSeconds),
  items: z.array(storedItemSchema),
});

export type StoredItem = z.infer<typeof storedItemSchema>;
export type WatchDocument = z.infer<typeof documentSchema>;

const emptyDocument = (): WatchDocument => ({
  version: 1,
  intervalSeconds: WATCH_LIMITS.defaultIntervalSeconds,
  items: [],
});

/** What the file keeps of an error: its kind and message, the service's code and HTTP status. */
export function storedError(error: ConsoleError): StoredItem['lastError'] {
  return {
    kind: error.kind,
    message: error.message.slice(0, 1000),
    ...(error.code !== undefined && { code: error.code }),
    ...(error.httpStatus !== undefined && { httpStatus: error.httpStatus }),
  };
}

interface LoadedWatchlist {
  document: WatchDocument;
  /** Where an unreadable file was moved. */
  recoveredFrom?: string;
}

const WATCHLIST_BUSY_MESSAGE =
  'The watchlist is being changed by another Paydesk window or command; try again.';

/**
 * The desktop app keeps its watchlist in memory and writes it whole, while the CLI (removing an
 * environment drops its pins) writes the same file. So each save merges, under a lock shared by
 * every process, what THIS process changed since it last read or wrote the document (its base,
 * kept here per document) onto what the file holds now; a plain overwrite would undo the other
 * process's changes.
 */
const bases = new WeakMap<WatchDocument, WatchDocument>();

function held(document: WatchDocument): WatchDocument {
  bases.set(document, structuredClone(document));
  return document;
}

function withWatchlistLock<T>(filePath: string, critical: () => Promise<Result<T>>): Promise<Result<T>> {
  return withFileLock(
    `${filePath}.lock`,
    { subject: 'the watchlist', busyMessage: WATCHLIST_BUSY_MESSAGE },
    critical,
  );
}

const itemKey = (item: StoredItem): string => `${item.environmentId}\u0000${item.kind}\u0000${item.id}`;
const same = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

/**
 * Three-way merge: ours wins where we changed something since `base` (a pin, an unpin, a poll's
 * new status, the interval); elsewhere the file's content stands, so pins added, dropped or
 * polled by another process are kept as it left them.
 */
function mergeWatchlist(base: WatchDocument, ours: WatchDocument, theirs: WatchDocument): WatchDocument {
  const baseItems = new Map(base.items.map((item) => [itemKey(item), item]));
  const theirItems = new Map(theirs.items.map((item) => [itemKey(item), item]));
  const ourKeys = new Set(ours.items.map(itemKey));
  const items: StoredItem[] = [];
  for (const item of ours.items) {
    const key = itemKey(item);
    const before = baseItems.get(key);
    const now = theirItems.get(key);
    if (before === undefined || !same(before, item)) items.push(item);
    else if (now !== undefined) items.push(now);
    // else: unchanged here and dropped there (unpinned, or its environment removed).
  }
  for (const item of theirs.items) {
    const key = itemKey(item);
    // Added there; what we dropped since base stays dropped.
    if (!ourKeys.has(key) && !baseItems.has(key)) items.push(item);
  }
  return {
    version: 1,
    intervalSeconds:
      ours.intervalSeconds !== base.intervalSeconds ? ours.intervalSeconds : theirs.intervalSeconds,
    items,
  };
}

type OnDisk = { state: 'missing' } | { state: 'found'; document: WatchDocument } | { state: 'unusable' };

async function readOnDisk(filePath: string): Promise<Result<OnDisk>> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ENOENT') return { ok: true, data: { state: 'missing' } };
    return {
      ok: false,
      error: {
        kind: 'storage',
        message: `The watchlist file could not be read (${typeof code === 'string' ? code : 'unknown error'}).`,
        text: { key: 'watchlist.unreadable' },
      },
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = documentSchema.safeParse(json);
  return {
    ok: true,
    data: parsed.success ? { state: 'found', document: parsed.data } : { state: 'unusable' },
  };
}

/** The document of a file found or missing; null when the file is unusable. */
function usable(onDisk: OnDisk): LoadedWatchlist | null {
  if (onDisk.state === 'found') return { document: held(onDisk.document) };
  if (onDisk.state === 'missing') return { document: held(emptyDocument()) };
  return null;
}

export async function loadWatchlist(filePath: string, now: () => number): Promise<Result<LoadedWatchlist>> {
  const first = await readOnDisk(filePath);
  if (!first.ok) return first;
  const loaded = usable(first.data);
  if (loaded) return { ok: true, data: loaded };
  // Moving the file aside is a write: under the lock, and only if it is still unusable then.
  return withWatchlistLock(filePath, async (): Promise<Result<LoadedWatchlist>> => {
    const again = await readOnDisk(filePath);
    if (!again.ok) return again;
    const reloaded = usable(again.data);
    if (reloaded) return { ok: true, data: reloaded };
    const moved = await setFileAside(filePath, new Date(now()));
    if (!moved.ok) {
      return {
        ok: false,
        error: {
          kind: 'storage',
          message: 'The watchlist file is unreadable and could not be moved aside.',
          text: { key: 'watchlist.unrecoverable' },
        },
      };
    }
    return { ok: true, data: { document: held(emptyDocument()), recoveredFrom: moved.data } };
  });
}

/**
 * Writes `document` (one that loadWatchlist answered) merged onto the file as it is now, under
 * the lock. The document itself is not changed: it keeps being this process's copy.
 */
export function saveWatchlist(filePath: string, document: WatchDocument): Promise<Result<void>> {
  return withWatchlistLock(filePath, async () => {
    const onDisk = await readOnDisk(filePath);
    if (!onDisk.ok) return onDisk;
    const base = bases.get(document);
    const merged =
      base !== undefined && onDisk.data.state === 'found'
        ? mergeWatchlist(base, document, onDisk.data.document)
        : document;
    // Both taken now, before the first await: the document may change while the write runs.
    const text = `${JSON.stringify(merged, null, 1)}\n`;
    const nextBase = structuredClone(document);
    try {
      await writeFileAtomically(filePath, text);
    } catch (error) {
      return { ok: false, error: storageError('The watchlist file could not be written', error) };
    }
    bases.set(document, nextBase);
    return { ok: true, data: undefined };
  });
}
