import {
  BATCH_LIMITS,
  type BatchDuplicate,
  type BatchInvalidToken,
  type BatchKind,
  type BatchParseResult,
  type MessageText,
  type Result,
} from '../../../shared/contract';
import { parseCsv } from '../csv';

/**
 * The id parser of the batch lookup (and of the watchlist's ids): whatever a user pastes or opens
 * (a column copied from a spreadsheet, a CSV export, ids in an e-mail) becomes the canonical ids
 * of one kind, with every token that is not such an id listed with its reason.
 *
 * Syntax, documented for the UI and the CLI:
 * - separators: any run of whitespace, `,` `;` `|`, quotes (`"` `'` `` ` ``) and line breaks;
 * - deposit and refund ids: positive whole numbers up to 2^53 − 1 (`300000001`; leading zeros are
 *   dropped, so `0042` is `42`);
 * - cashouts: the numeric `cashout_id` (`11954`), or the merchant-side `external_id` written with
 *   the prefix `ext:` (`ext:payout-7781`, 1 to 32 characters after the prefix, case-insensitive
 *   prefix). An external id holding a separator (a space, a comma…) can be given in a CSV column
 *   named `external_id`, whose cells are read whole;
 * - a header row is recognised when its first non-empty row holds a known column name and no id
 *   (`deposit_id`, `id`, `refund id`, `cashout_id`, `external_id`…); it is skipped, and when it
 *   names an id column only that column is read (so an exported batch CSV, whose other columns
 *   hold amounts, reads back as its ids);
 * - duplicates are kept once (first position) and reported with their count;
 * - at most BATCH_LIMITS.maxIds distinct ids and BATCH_LIMITS.maxTextChars characters: beyond
 *   either the whole input is refused (`validation`) rather than cut silently.
 */

const { externalIdPrefix } = BATCH_LIMITS;
const MAX_EXTERNAL_ID = 32;
/** Long enough to recognise a token, short enough that a pasted blob does not fill the answer. */
const MAX_TOKEN_SHOWN = 64;

const TOKEN_SEPARATORS = /[\s,;|"'`]+/u;

/** Batch kinds, plus sub-merchants for the watchlist (numeric ids only). */
export type IdKind = BatchKind | 'sub_merchants';

/** `Deposit Id`, `deposit-id`, `DEPOSIT_ID` → `deposit_id`. */
const columnName = (cell: string): string =>
  cell
    .trim()
    .replace(/^["'`]+|["'`]+$/g, '')
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_');

/** Column names that hold ids of the kind; a header row naming one is read by that column only. */
const ID_COLUMNS: Record<BatchKind, readonly string[]> = {
  deposits: ['deposit_id', 'depositid', 'deposit', 'id', 'ids'],
  refunds: ['refund_id', 'refundid', 'refund', 'id', 'ids'],
  cashouts: ['cashout_id', 'cashoutid', 'cashout', 'payout_id', 'id', 'ids'],
};
/** A cashouts column whose cells are external ids, read whole (no `ext:` needed). */
const EXTERNAL_ID_COLUMNS: readonly string[] = ['external_id', 'externalid', 'payout_external_id'];

/**
 * Other column names a header row may hold (ours, the service's, a spreadsheet's): a first row
 * made only of such words is a header, not invalid tokens.
 */
const KNOWN_COLUMNS = new Set([
  ...Object.values(ID_COLUMNS).flat(),
  ...EXTERNAL_ID_COLUMNS,
  'index',
  'state',
  'status',
  'changed',
  'previous_status',
  'amount',
  'local_amount',
  'currency',
  'usd_amount',
  'invoice_id',
  'merchant_invoice_id',
  'country',
  'payment_method',
  'payment_type',
  'refunded',
  'status_code',
  'cashout_status',
  'cashout_status_description',
  'rejection_code',
  'rejection_reason',
  'error_kind',
  'error_code',
  'http_status',
  'error_message',
  'result',
  'date',
  'created_at',
  'description',
  'note',
  'notes',
  'comment',
  'comments',
  'name',
  'email',
  'user_id',
]);

/** `reason` in English (the CLI, the logs); `text` the same reason as a key for the screens. */
type IdTokenCheck = { ok: true; id: string } | { ok: false; reason: string; text: MessageText };

const DIGITS = /^\d+$/;

function numericId(token: string): IdTokenCheck {
  if (DIGITS.test(token)) {
    const value = Number(token);
    if (value === 0) return { ok: false, reason: 'zero is not an id', text: { key: 'batchId.zero' } };
    if (!Number.isSafeInteger(value)) {
      return { ok: false, reason: 'is larger than any id (2^53 − 1)', text: { key: 'batchId.tooLarge' } };
    }
    return { ok: true, id: String(value) };
  }
  if (/^-\d+$/.test(token)) {
    return { ok: false, reason: 'a negative number is not an id', text: { key: 'batchId.negative' } };
  }
  if (/^\d*[.]\d+$|^\d+[.]\d*$/.test(token)) {
    return { ok: false, reason: 'ids are whole numbers', text: { key: 'batchId.notWhole' } };
  }
  if (/^\d+(?:[.]\d+)?e[+-]?\d+$/i.test(token)) {
    return {
      ok: false,
      reason: 'written in scientific notation (format the column as text)',
      text: { key: 'batchId.scientific' },
    };
  }
  return { ok: false, reason: 'is not a number', text: { key: 'batchId.notNumber' } };
}

function externalId(text: string): IdTokenCheck {
  if (text.length === 0) {
    return {
      ok: false,
      reason: `nothing follows ${externalIdPrefix}`,
      text: { key: 'batchId.externalEmpty', params: { prefix: externalIdPrefix } },
    };
  }
  if (text.length > MAX_EXTERNAL_ID) {
    return {
      ok: false,
      reason: `an external id has at most ${MAX_EXTERNAL_ID} characters`,
      text: { key: 'batchId.externalTooLong', params: { max: MAX_EXTERNAL_ID } },
    };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    return { ok: false, reason: 'holds a control character', text: { key: 'batchId.controlCharacter' } };
  }
  return { ok: true, id: `${externalIdPrefix}${text}` };
}

const hasExternalPrefix = (token: string): boolean =>
  token.slice(0, externalIdPrefix.length).toLowerCase() === externalIdPrefix;

/**
 * One token as an id of `kind`, in canonical form, or why it is not one. Used by the parser, by
 * startBatch (ids given directly) and by the watchlist.
 */
export function checkIdToken(kind: IdKind, token: string): IdTokenCheck {
  if (hasExternalPrefix(token)) {
    return kind === 'cashouts'
      ? externalId(token.slice(externalIdPrefix.length))
      : { ok: false, reason: 'only cashouts have external ids', text: { key: 'batchId.externalNotCashout' } };
  }
  const checked = numericId(token);
  if (!checked.ok && kind === 'cashouts' && checked.reason === 'is not a number') {
    return {
      ok: false,
      reason: `is not a cashout id; write an external id as ${externalIdPrefix}<id>`,
      text: { key: 'batchId.notCashoutId', params: { prefix: externalIdPrefix } },
    };
  }
  return checked;
}

/** A canonical id as the lookup needs it. */
type ParsedId = { type: 'number'; value: number } | { type: 'external'; value: string };

export function idParts(id: string): ParsedId {
  return hasExternalPrefix(id)
    ? { type: 'external', value: id.slice(externalIdPrefix.length) }
    : { type: 'number', value: Number(id) };
}

const shown = (token: string): string =>
  token.length > MAX_TOKEN_SHOWN ? `${token.slice(0, MAX_TOKEN_SHOWN)}…` : token;

/** The most frequent of `,` `;` tab in the first line (outside no quotes: a guess is enough). */
function guessDelimiter(text: string): ',' | ';' | '\t' {
  const end = text.search(/\r|\n/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  const counts = (
    [
      [',', 0],
      [';', 0],
      ['\t', 0],
    ] as Array<[',' | ';' | '\t', number]>
  ).map(([delimiter]) => [delimiter, firstLine.split(delimiter).length - 1] as const);
  const best = counts.reduce((top, entry) => (entry[1] > top[1] ? entry : top));
  return best[1] > 0 ? best[0] : ',';
}

/**
 * Rows of cells. Text with quotes is read as CSV (a quoted cell may hold separators and line
 * breaks); text without, or CSV that does not parse, is read line by line with `,` `;` tab and
 * `|` splitting cells: free text is never refused for looking like broken CSV.
 */
function rowsOf(text: string): string[][] {
  if (/["]/.test(text)) {
    const parsed = parseCsv(text, { delimiter: guessDelimiter(text) });
    if (parsed.ok) return parsed.data;
  }
  return text.split(/\r\n|\r|\n/).map((line) => line.split(/[,;\t|]/));
}

interface Header {
  cells: string[];
  /** Cell indexes to read, or null for every cell. */
  idColumns: number[] | null;
  externalColumns: number[];
}

/** The first non-empty row, when it is a header. */
function findHeader(kind: BatchKind, row: readonly string[]): Header | null {
  const names = row.map(columnName);
  const nonEmpty = names.filter((name) => name !== '');
  if (nonEmpty.length === 0) return null;
  // A row that holds an id is data, whatever else it holds.
  const tokens = row.flatMap((cell) => cell.split(TOKEN_SEPARATORS)).filter((token) => token !== '');
  if (tokens.some((token) => checkIdToken(kind, token).ok)) return null;
  const idColumns = names.flatMap((name, index) => (ID_COLUMNS[kind].includes(name) ? [index] : []));
  const externalColumns =
    kind === 'cashouts'
      ? names.flatMap((name, index) => (EXTERNAL_ID_COLUMNS.includes(name) ? [index] : []))
      : [];
  const known = nonEmpty.every((name) => KNOWN_COLUMNS.has(name));
  if (idColumns.length === 0 && externalColumns.length === 0 && !known) return null;
  return {
    cells: row.map((cell) => cell.trim()),
    idColumns: idColumns.length + externalColumns.length > 0 ? idColumns : null,
    externalColumns,
  };
}

/**
 * Parses pasted text or a CSV document into the distinct ids of `kind` (see the syntax above).
 * Fails only when the input is beyond the limits; every other problem is listed in the answer.
 */
export function parseBatchIds(kind: BatchKind, text: string): Result<BatchParseResult> {
  if (text.length > BATCH_LIMITS.maxTextChars) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field: 'text',
        message: `text: is longer than ${BATCH_LIMITS.maxTextChars} characters; split it into several batches.`,
        text: { key: 'batch.textTooLong', params: { max: BATCH_LIMITS.maxTextChars } },
      },
    };
  }
  const rows = rowsOf(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const first = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const header = first === -1 ? null : findHeader(kind, rows[first] as string[]);

  const ids: string[] = [];
  const occurrences = new Map<string, number>();
  const invalid: BatchInvalidToken[] = [];
  let invalidCount = 0;

  const add = (check: IdTokenCheck, token: string, row: number): boolean => {
    if (!check.ok) {
      invalidCount += 1;
      if (invalid.length < BATCH_LIMITS.maxListed)
        invalid.push({ token: shown(token), row, reason: check.reason, text: check.text });
      return true;
    }
    const seen = occurrences.get(check.id);
    if (seen !== undefined) {
      occurrences.set(check.id, seen + 1);
      return true;
    }
    if (ids.length >= BATCH_LIMITS.maxIds) return false;
    occurrences.set(check.id, 1);
    ids.push(check.id);
    return true;
  };

  for (let index = header ? first + 1 : 0; index < rows.length; index += 1) {
    const cells = rows[index] as string[];
    const row = index + 1;
    const wanted = header?.idColumns ? [...header.idColumns, ...header.externalColumns] : null;
    for (let column = 0; column < cells.length; column += 1) {
      if (wanted && !wanted.includes(column)) continue;
      const cell = cells[column] as string;
      if (header?.externalColumns.includes(column)) {
        const whole = cell.trim();
        // An external-id cell stands for its row only when the row has no usable cashout_id.
        const hasNumericId = header.idColumns?.some(
          (other) => checkIdToken(kind, (cells[other] ?? '').trim()).ok,
        );
        if (whole === '' || hasNumericId) continue;
        const check = hasExternalPrefix(whole) ? checkIdToken(kind, whole) : externalId(whole);
        if (!add(check, whole, row)) return tooMany();
        continue;
      }
      for (const token of cell.split(TOKEN_SEPARATORS)) {
        if (token === '') continue;
        if (!add(checkIdToken(kind, token), token, row)) return tooMany();
      }
    }
  }

  const duplicates: BatchDuplicate[] = [];
  let duplicateCount = 0;
  for (const [id, count] of occurrences) {
    if (count < 2) continue;
    duplicateCount += count - 1;
    if (duplicates.length < BATCH_LIMITS.maxListed) duplicates.push({ id, occurrences: count });
  }
  return {
    ok: true,
    data: {
      kind,
      ids,
      header: header ? header.cells : null,
      idColumns:
        header?.idColumns != null
          ? [...header.idColumns, ...header.externalColumns].map((column) => header.cells[column] ?? '')
          : null,
      duplicates,
      duplicateCount,
      invalid,
      invalidCount,
    },
  };
}

function tooMany(): Result<never> {
  return {
    ok: false,
    error: {
      kind: 'validation',
      field: 'text',
      message: `text: holds more than ${BATCH_LIMITS.maxIds} distinct ids; split it into several batches.`,
      text: { key: 'batch.tooManyIds', params: { max: BATCH_LIMITS.maxIds } },
    },
  };
}
