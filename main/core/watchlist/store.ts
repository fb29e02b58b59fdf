import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  ERROR_KINDS,
  WATCH_KINDS,
  WATCH_LIMITS,
  type ConsoleError,
  type Result,
  type WatchKind,
} from '../../../preload/contract';
import { checkIdToken, type IdKind } from '../batch';
import { setFileAside, writeFileAtomically } from '../settings';

/**
 * The watchlist file, `<dataDir>/watchlist.json`: the poll interval and, per environment, the
 * pinned objects with their status timelines. Written atomically (temp file, fsync, rename) after
 * every change; read once and checked with zod. A file that does not parse is moved aside
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

export type StoredTimelineEntry = z.infer<typeof timelineEntrySchema>;
export type StoredItem = z.infer<typeof storedItemSchema>;
export type WatchDocument = z.infer<typeof documentSchema>;

export const emptyDocument = (): WatchDocument => ({
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

export interface LoadedWatchlist {
  document: WatchDocument;
  /** Where an unreadable file was moved. */
  recoveredFrom?: string;
}

export async function loadWatchlist(filePath: string, now: () => number): Promise<Result<LoadedWatchlist>> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ENOENT') return { ok: true, data: { document: emptyDocument() } };
    return {
      ok: false,
      error: {
        kind: 'storage',
        message: `The watchlist file could not be read (${typeof code === 'string' ? code : 'unknown error'}).`,
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
  if (parsed.success) return { ok: true, data: { document: parsed.data } };
  const moved = await setFileAside(filePath, new Date(now()));
  if (!moved.ok) {
    return {
      ok: false,
      error: { kind: 'storage', message: 'The watchlist file is unreadable and could not be moved aside.' },
    };
  }
  return { ok: true, data: { document: emptyDocument(), recoveredFrom: moved.data } };
}

export async function saveWatchlist(filePath: string, document: WatchDocument): Promise<Result<void>> {
  try {
    await writeFileAtomically(filePath, `${JSON.stringify(document, null, 1)}\n`);
    return { ok: true, data: undefined };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      ok: false,
      error: {
        kind: 'storage',
        message: `The watchlist file could not be written (${typeof code === 'string' ? code : 'unknown error'}).`,
      },
    };
  }
}
