import { z } from 'zod';
import type { Result } from '../../shared/contract';
import type { RebuildReport } from '../core/console';
import { checkInput } from '../core/payments';
import {
  INDEXED_KINDS,
  RECENT_SORTS,
  type IndexedKind,
  type IndexedRecord,
  type RecentPage,
} from '../core/record-index/port';
import type { CommandContext } from './command-context';
import { asJson } from './input';
import { printable } from './output';
import { DEFAULT_RECENT_LIMIT, DEFAULT_SEARCH_LIMIT, MAX_LIMIT } from './record-commands';

/** What the record index's commands do (their definitions and help: record-commands.ts). */

/** Re-reads between two progress lines when stderr is not a terminal. */
const PROGRESS_LINE_EVERY = 500;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const amountText = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be an amount such as 100 or 99.90')
  .transform(Number);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A day (`2024-05-31`, UTC) or an ISO time with its zone, as ISO. `endOfDay`: a day given to
 * `--to` means up to the end of that day, as a person reading "to 31 May" expects.
 */
const timeText = (endOfDay: boolean) =>
  z.string().transform((value, context) => {
    const day = DAY.test(value);
    const time = day || TIME_WITH_ZONE.test(value) ? new Date(day ? `${value}T00:00:00Z` : value) : null;
    if (!time || Number.isNaN(time.getTime()) || (day && time.toISOString().slice(0, 10) !== value)) {
      context.addIssue({
        code: 'custom',
        message: 'must be a day such as 2024-05-31, or a time such as 2024-05-31T14:00:00Z',
      });
      return z.NEVER;
    }
    if (day && endOfDay) time.setUTCDate(time.getUTCDate() + 1);
    return time.toISOString();
  });

const recentFlagsSchema = z
  .object({
    '--status': z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(64, 'must be at most 64 characters')
      .transform((value) => value.toUpperCase())
      .optional(),
    '--from': timeText(false).optional(),
    '--to': timeText(true).optional(),
    '--min-amount': amountText.optional(),
    '--max-amount': amountText.optional(),
    '--currency': z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as BRL')
      .transform((value) => value.toUpperCase())
      .optional(),
    '--sort': z.enum(RECENT_SORTS, { error: `must be one of ${RECENT_SORTS.join(', ')}` }).optional(),
    '--limit': wholeNumber(1, MAX_LIMIT).optional(),
    '--offset': wholeNumber(0, 1_000_000_000).optional(),
  })
  .refine(
    (flags) =>
      flags['--min-amount'] === undefined ||
      flags['--max-amount'] === undefined ||
      flags['--min-amount'] <= flags['--max-amount'],
    { message: 'must not be more than --max-amount', path: ['--min-amount'] },
  )
  .refine(
    (flags) =>
      flags['--from'] === undefined || flags['--to'] === undefined || flags['--from'] < flags['--to'],
    { message: 'must be before --to', path: ['--from'] },
  );

const KIND_WORDS: Record<string, IndexedKind> = {
  deposit: 'deposit',
  deposits: 'deposit',
  refund: 'refund',
  refunds: 'refund',
  cashout: 'cashout',
  cashouts: 'cashout',
  sub_merchant: 'sub_merchant',
  sub_merchants: 'sub_merchant',
  'sub-merchant': 'sub_merchant',
  'sub-merchants': 'sub_merchant',
};

const searchFlagsSchema = z.object({
  '--kind': z
    .string()
    .transform((value, context) => {
      const kinds = value.split(',').map((word) => KIND_WORDS[word.trim().toLowerCase()]);
      if (kinds.some((kind) => kind === undefined)) {
        context.addIssue({
          code: 'custom',
          message: `must be one of ${INDEXED_KINDS.join(', ')} (several separated by commas)`,
        });
        return z.NEVER;
      }
      return [...new Set(kinds as IndexedKind[])];
    })
    .optional(),
  '--limit': wholeNumber(1, MAX_LIMIT).optional(),
});

const searchTextSchema = z
  .string()
  .trim()
  .min(1, 'give an id, an invoice id or an external id')
  .max(200, 'must be at most 200 characters');

export interface RecentFlags {
  status?: string;
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  currency?: string;
  sort?: string;
  limit?: string;
  offset?: string;
}

/** The other id a person knows the record by: an invoice id, else an external one. */
const otherId = (record: IndexedRecord): string => record.invoiceId ?? record.externalId ?? '—';
const amountCell = (record: IndexedRecord): string =>
  record.amount === undefined ? '—' : `${record.amount}${record.currency ? ` ${record.currency}` : ''}`;

/** Columns padded to the widest cell, as a terminal table. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => printable(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

function recordRows(records: readonly IndexedRecord[], withKind: boolean): string {
  const header = [
    ...(withKind ? ['KIND'] : []),
    'ID',
    'INVOICE / EXTERNAL ID',
    'STATUS',
    'AMOUNT',
    'LAST SEEN',
    'SEEN BY',
  ];
  return table(
    header,
    records.map((record) => [
      ...(withKind ? [record.kind] : []),
      record.id,
      otherId(record),
      record.status ?? '—',
      amountCell(record),
      record.lastSeen,
      record.source,
    ]),
  );
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function rebuildLines(report: RebuildReport): string {
  const { deposits, refunds, cashouts } = report.fromJournal;
  const lines = [
    `record index rebuilt for environment ${printable(report.environmentId)}`,
    `from the journal: ${plural(deposits, 'deposit')}, ${plural(refunds, 'refund')}, ${plural(cashouts, 'cancelled cashout')}`,
  ];
  if (report.reread) {
    const { ok, failed, notRead } = report.reread;
    lines.push(
      `read again from the service: ${ok} ok, ${failed} failed${notRead > 0 ? `, ${notRead} not read (cancelled)` : ''}`,
    );
  } else if (report.rereadSkipped !== undefined) {
    lines.push(`not read again from the service: ${printable(report.rereadSkipped)}`);
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** `paydesk search <text>`. */
export function search(
  context: CommandContext,
  text: string,
  options: { kind?: string; limit?: string },
): Promise<void> | void {
  const { io } = context;
  const query = checkInput(searchTextSchema, text, 'text');
  if (!query.ok) return context.fail(query.error);
  const flags = checkInput(searchFlagsSchema, { '--kind': options.kind, '--limit': options.limit });
  if (!flags.ok) return context.fail(flags.error);
  return context.withSession('read', async (session) => {
    const found = await session.records.search({
      text: query.data,
      limit: flags.data['--limit'] ?? DEFAULT_SEARCH_LIMIT,
      ...(flags.data['--kind'] && { kinds: flags.data['--kind'] }),
    });
    if (!found.ok) return context.fail(found.error);
    if (context.json) context.print(asJson(found.data));
    else io.stdout.write(found.data.length === 0 ? '(none)\n' : recordRows(found.data, true));
  });
}

/** `paydesk deposits|refunds|cashouts recent`: `parent` is the command's, `kind` the index's word. */
export function recent(
  context: CommandContext,
  parent: string,
  kind: IndexedKind,
  options: RecentFlags,
): Promise<void> | void {
  const { io } = context;
  const flags = checkInput(recentFlagsSchema, {
    '--status': options.status,
    '--from': options.from,
    '--to': options.to,
    '--min-amount': options.minAmount,
    '--max-amount': options.maxAmount,
    '--currency': options.currency,
    '--sort': options.sort,
    '--limit': options.limit,
    '--offset': options.offset,
  });
  if (!flags.ok) return context.fail(flags.error);
  const f = flags.data;
  return context.withSession('read', async (session) => {
    const page: Result<RecentPage> = await session.records.recent({
      kind,
      offset: f['--offset'] ?? 0,
      limit: f['--limit'] ?? DEFAULT_RECENT_LIMIT,
      ...(f['--status'] !== undefined && { status: f['--status'] }),
      ...(f['--from'] !== undefined && { from: f['--from'] }),
      ...(f['--to'] !== undefined && { to: f['--to'] }),
      ...(f['--min-amount'] !== undefined && { minAmount: f['--min-amount'] }),
      ...(f['--max-amount'] !== undefined && { maxAmount: f['--max-amount'] }),
      ...(f['--currency'] !== undefined && { currency: f['--currency'] }),
      ...(f['--sort'] !== undefined && { sort: f['--sort'] }),
    });
    if (!page.ok) return context.fail(page.error);
    if (context.json) return context.print(asJson(page.data));
    const { records, total } = page.data;
    if (records.length === 0) return void io.stdout.write(`(none)\n# 0 of ${total} ${parent}\n`);
    const first = (f['--offset'] ?? 0) + 1;
    io.stdout.write(recordRows(records, false));
    io.stdout.write(`# ${first}-${first + records.length - 1} of ${total} ${parent}\n`);
  });
}

/** `paydesk index rebuild`. */
export function rebuildIndex(context: CommandContext, options: { fetch: boolean }): Promise<void> {
  const { io } = context;
  // `write`: a PAYDESK_BASE_URL environment is named as the journal named it when it wrote.
  return context.withSession('write', async (session) => {
    const tty = io.stderr.isTTY === true;
    let redrawn = false;
    const rebuilt = await session.records.rebuild({
      fetch: options.fetch,
      ...(io.signal && { signal: io.signal }),
      onProgress: (done, total) => {
        if (tty) {
          redrawn = true;
          io.stderr.write(`\rpaydesk index rebuild: read again ${done}/${total} `);
        } else if (done % PROGRESS_LINE_EVERY === 0 || done === total) {
          io.stderr.write(`paydesk index rebuild: read again ${done}/${total}\n`);
        }
      },
    });
    if (redrawn) io.stderr.write('\n');
    if (!rebuilt.ok) return context.fail(await session.explain(rebuilt.error));
    if (context.json) context.print(asJson(rebuilt.data));
    else io.stdout.write(rebuildLines(rebuilt.data));
    if (io.signal?.aborted) context.exit(130);
  });
}
