import type { SheetData } from 'read-excel-file/node';
import {
  MAX_LEDGER_BYTES,
  type BatchKind,
  type LedgerBadRow,
  type LedgerField,
  type LedgerMapping,
  type MessageText,
  type Result,
} from '../../../shared/contract';
import { checkIdToken } from '../batch/ids';
import { formatBytes, readBoundedFile, readBoundedInput, type InputLimit } from '../storage/bounded-read';
import { parseLedgerAmount, sniffDecimalSeparator, unitsOfNumber, type DecimalSeparator } from './amount';
import { columnsOf, ID_FIELDS } from './mapping';
import { ledgerStatus } from './status-words';

/**
 * Reading a ledger (CSV or XLSX, told apart by content, not by name) into a table, then its rows
 * into entries. The parsers are loaded on first use, so commands that never read a ledger (and
 * `paydesk --help`) do not pay for them.
 */

/** A spreadsheet's number cell: the digits it stores (always a dot decimal), not a locale's text. */
interface LedgerNumber {
  number: string;
}
type LedgerCell = string | LedgerNumber;

export interface LedgerTable {
  format: 'csv' | 'xlsx';
  /** CSV: the separator sniffed from the header line. */
  delimiter?: ',' | ';' | '\t';
  header: string[];
  /** Data rows, with their row number as a spreadsheet shows it (the header is row 1). */
  rows: Array<{ line: number; cells: LedgerCell[] }>;
}

const cellText = (cell: LedgerCell | undefined): string =>
  cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : cell.number;

const invalid = (message: string): Result<never> => ({
  ok: false,
  error: { kind: 'validation', field: 'ledger', message: `ledger: ${message}` },
});

/** The ledger's ceiling as the bounded reader takes it. */
const LEDGER_LIMIT: InputLimit = {
  maxBytes: MAX_LEDGER_BYTES,
  field: 'ledger',
  advice: 'export a shorter period, or split the ledger into several files.',
};

/**
 * A ledger file, or standard input for `-` when `stdin` is given. A file over MAX_LEDGER_BYTES is
 * refused from its size, unread; a pipe or a device is read only up to the limit.
 */
export async function readLedgerFile(
  path: string,
  stdin?: AsyncIterable<string | Uint8Array>,
): Promise<Result<LedgerTable>> {
  const bytes =
    stdin === undefined
      ? await readBoundedFile(path, LEDGER_LIMIT)
      : await readBoundedInput(path, stdin, LEDGER_LIMIT);
  return bytes.ok ? readLedger(bytes.data) : bytes;
}

/** XLSX files are zip archives (`PK\x03\x04`); anything else is read as CSV text. */
export async function readLedger(bytes: Uint8Array): Promise<Result<LedgerTable>> {
  if (bytes.length > MAX_LEDGER_BYTES) {
    return invalid(`the file is larger than ${formatBytes(MAX_LEDGER_BYTES)}; ${LEDGER_LIMIT.advice}`);
  }
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return zip ? readXlsx(bytes) : readCsv(decodeText(bytes));
}

/** UTF-8 (BOM or not); an export that is not UTF-8 is Windows-1252, what Excel writes in pt-BR and es. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line outside quotes: the most frequent of `;`, `,` and tab. */
function sniffDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const best = (Object.entries(counts) as Array<[',' | ';' | '\t', number]>).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ',';
}

const isBlank = (cells: readonly LedgerCell[]): boolean => cells.every((cell) => cellText(cell) === '');

/** The first non-blank row is the header; blank rows are skipped (they keep their numbers). */
function toTable(
  format: LedgerTable['format'],
  records: ReadonlyArray<{ line: number; cells: LedgerCell[] }>,
  delimiter?: LedgerTable['delimiter'],
): Result<LedgerTable> {
  const headerAt = records.findIndex((record) => !isBlank(record.cells));
  if (headerAt === -1) return invalid('the file holds no rows');
  const header = (records[headerAt]?.cells ?? []).map(cellText);
  const rows = records.slice(headerAt + 1).filter((record) => !isBlank(record.cells));
  return { ok: true, data: { format, header, rows, ...(delimiter && { delimiter }) } };
}

async function readCsv(text: string): Promise<Result<LedgerTable>> {
  const { parse } = await import('csv-parse/sync');
  // csv-parse counts lines wrongly after a CRLF; one line end for all keeps row numbers right.
  const normalised = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const firstLineEnd = normalised.indexOf('\n');
  const delimiter = sniffDelimiter(firstLineEnd === -1 ? normalised : normalised.slice(0, firstLineEnd));
  let records: string[][];
  try {
    records = parse(normalised, {
      delimiter,
      record_delimiter: '\n',
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return invalid(
      `the CSV cannot be read${typeof line === 'number' ? ` near line ${line}` : ''} (a quote that is never closed, or text after a closing quote).`,
    );
  }
  return toTable(
    'csv',
    records.map((cells, index) => ({ line: index + 1, cells })),
    delimiter,
  );
}

async function readXlsx(bytes: Uint8Array): Promise<Result<LedgerTable>> {
  const { readSheet } = await import('read-excel-file/node');
  let data: SheetData<LedgerNumber>;
  try {
    // Numbers come as the text the file stores, so no float rounding happens before ours.
    data = await readSheet<LedgerNumber>(Buffer.from(bytes), { parseNumber: (number) => ({ number }) });
  } catch {
    return invalid('the XLSX file cannot be read (is it a workbook saved by a spreadsheet?).');
  }
  const records = data.map((row, index) => ({
    line: index + 1,
    cells: row.map((value): LedgerCell => {
      if (value === null || value === undefined) return '';
      if (typeof value === 'string') return value;
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      return value as LedgerNumber;
    }),
  }));
  return toTable('xlsx', records);
}

/** A row to look up: its id (canonical) or the invoice id to resolve, and what the ledger expects. */
export interface LedgerEntry {
  line: number;
  /** Canonical id (batch/ids.ts); absent while an invoice id waits to be resolved. */
  id?: string;
  invoiceId?: string;
  status?: string;
  amountUnits?: number;
  currency?: string;
}

interface ImportedLedger {
  entries: LedgerEntry[];
  badRows: LedgerBadRow[];
  decimalSeparator: DecimalSeparator;
}

const FIELD_LABEL: Record<LedgerField, string> = {
  deposit_id: 'deposit_id',
  invoice_id: 'invoice_id',
  refund_id: 'refund_id',
  cashout_id: 'cashout_id',
  external_id: 'external_id',
  status: 'status',
  amount: 'amount',
  currency: 'currency',
};

/**
 * The table's rows as entries, with every row that cannot be one listed with its number and why:
 * no id, an id that is not one, an amount that does not parse, an unknown status word, a currency
 * that is not a code. Cells of unmapped columns are never read (a ledger may hold payer names).
 */
export function importLedger(table: LedgerTable, mapping: LedgerMapping, kind: BatchKind): ImportedLedger {
  const columns = columnsOf(table.header, mapping);
  const cell = (cells: readonly LedgerCell[], field: LedgerField): LedgerCell | undefined => {
    const index = columns[field];
    return index === undefined ? undefined : cells[index];
  };
  const amountColumn = columns.amount;
  const fallback: DecimalSeparator = table.delimiter === ';' ? ',' : '.';
  const decimalSeparator =
    amountColumn === undefined
      ? fallback
      : sniffDecimalSeparator(
          (function* () {
            for (const row of table.rows) {
              const value = row.cells[amountColumn];
              if (typeof value === 'string') yield value;
            }
          })(),
          fallback,
        );

  const entries: LedgerEntry[] = [];
  const badRows: LedgerBadRow[] = [];
  const idFields = ID_FIELDS[kind].filter((field) => columns[field] !== undefined);
  for (const { line, cells } of table.rows) {
    /** `reason` names the cell in English; `text` is the why alone, `field` and `value` the cell. */
    const bad = (reason: string, text: MessageText, field?: LedgerField, value?: string): void =>
      void badRows.push({
        line,
        reason,
        text,
        ...(field !== undefined && { field }),
        ...(value !== undefined && value !== '' && { value }),
      });
    const entry: LedgerEntry = { line };
    let idProblem: LedgerBadRow | undefined;
    for (const field of idFields) {
      const text = cellText(cell(cells, field));
      if (text === '') continue;
      if (field === 'invoice_id') {
        entry.invoiceId = text;
        break;
      }
      const token = field === 'external_id' ? `ext:${text}` : text;
      const checked = checkIdToken(kind, token);
      if (checked.ok) {
        entry.id = checked.id;
        break;
      }
      idProblem = {
        line,
        reason: `${FIELD_LABEL[field]} "${text}": ${checked.reason}`,
        text: checked.text,
        field,
        value: text,
      };
    }
    // A mapped invoice column is the ledger's own reference even when an id named the record: the
    // results and their export carry it either way. (Without an id it names a deposit to resolve,
    // which only a deposits ledger does, above.)
    if (entry.id !== undefined && entry.invoiceId === undefined && columns.invoice_id !== undefined) {
      const invoice = cellText(cell(cells, 'invoice_id'));
      if (invoice !== '') entry.invoiceId = invoice;
    }
    if (entry.id === undefined && entry.invoiceId === undefined) {
      if (idProblem) badRows.push(idProblem);
      else {
        const labels = idFields.map((field) => FIELD_LABEL[field]);
        // Column names are written as in the file in every language: only the sentence is translated.
        bad(`no ${labels.join(' or ')}`, { key: 'ledgerRow.noId', params: { columns: labels.join(', ') } });
      }
      continue;
    }
    if (columns.status !== undefined) {
      const text = cellText(cell(cells, 'status'));
      const status = ledgerStatus(text);
      if (status === null) {
        if (text === '') bad('the status is empty', { key: 'ledgerRow.statusEmpty' }, 'status');
        else {
          bad(
            `the status "${text}" is not a status Paydesk knows`,
            { key: 'ledgerRow.statusUnknown' },
            'status',
            text,
          );
        }
        continue;
      }
      entry.status = status;
    }
    if (columns.amount !== undefined) {
      const value = cell(cells, 'amount');
      const reading =
        value !== undefined && typeof value !== 'string'
          ? unitsOfNumber(Number(value.number))
          : parseLedgerAmount(cellText(value), decimalSeparator);
      const units =
        typeof reading === 'number' || reading === null ? reading : reading.ok ? reading.units : null;
      if (units === null) {
        if (typeof reading === 'object' && reading !== null && !reading.ok) {
          bad(reading.reason, reading.text, 'amount', cellText(value));
        } else {
          bad(
            `the amount ${cellText(value)} is not a number`,
            { key: 'ledgerRow.amountNotNumber' },
            'amount',
            cellText(value),
          );
        }
        continue;
      }
      entry.amountUnits = units;
    }
    if (columns.currency !== undefined) {
      const text = cellText(cell(cells, 'currency')).toUpperCase();
      if (!/^[A-Z]{3}$/.test(text)) {
        if (text === '') bad('the currency is empty', { key: 'ledgerRow.currencyEmpty' }, 'currency');
        else {
          bad(
            `the currency "${text}" is not a 3-letter code`,
            { key: 'ledgerRow.currencyNotCode' },
            'currency',
            text,
          );
        }
        continue;
      }
      entry.currency = text;
    }
    entries.push(entry);
  }
  return { entries, badRows, decimalSeparator };
}
