import { stringify } from 'csv-stringify/sync';
import type { Result } from '../../shared/contract';

/**
 * CSV for exports (audit journal, batch results) and imports (batch lookup), RFC 4180 plus
 * spreadsheet-formula-injection neutralisation.
 *
 * Neutralisation follows OWASP's "CSV Injection" guidance: a text cell whose first character
 * would make a spreadsheet read it as a formula or a DDE call (`=`, `+`, `-`, `@`, tab, carriage
 * return) is prefixed with a single quote, which spreadsheets show as "text" and never evaluate.
 * The rule applies to every STRING cell, whatever it looks like: the string `-12.50` becomes
 * `'-12.50`, because a service or a user could have put anything in a text field. A cell given as a
 * finite NUMBER (the TypeScript type, not a numeric-looking string) is written as the plain number,
 * negative sign included: a spreadsheet parses it as a number, it cannot carry a formula, and
 * finance staff need amounts to add up. Non-finite numbers (NaN, ±Infinity) are not numbers a
 * spreadsheet knows, so they are written as text and neutralised like any string.
 */

/** First characters that make a spreadsheet evaluate a cell (OWASP CSV Injection). */
const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvBuildOptions {
  /** `,` by default; `;` suits spreadsheets in locales whose decimal separator is a comma. */
  delimiter?: ',' | ';' | '\t';
  /** RFC 4180 says CRLF, which every spreadsheet reads; LF is there for tools that want it. */
  newline?: '\r\n' | '\n';
  /** A UTF-8 byte-order mark, so Excel reads accents right when the file is opened directly. */
  bom?: boolean;
}

/** The single quote that neutralises a dangerous cell. */
const NEUTRALISING_PREFIX = "'";

/** Prefixes a text cell that a spreadsheet would evaluate; any other text comes back unchanged. */
export function neutraliseCell(text: string): string {
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? NEUTRALISING_PREFIX + text : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : neutraliseCell(String(cell));
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return neutraliseCell(cell);
}

/**
 * Lines of a CSV document, each ended by the newline, for writing a document a part at a time
 * (a batch of 100,000 rows page by page); `buildCsv` of the same rows is the same text. No
 * byte-order mark: that belongs to the start of the document only.
 */
export function csvRecords(rows: Iterable<readonly CsvCell[]>, options: CsvBuildOptions = {}): string {
  return writeCsv(rows, options, false);
}

/**
 * Builds a CSV document: one header line, then one line per row, each line ended by the newline
 * (a final newline included, as RFC 4180 allows). Cells are neutralised, then quoted as needed.
 */
export function buildCsv(
  headers: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvBuildOptions = {},
): string {
  return writeCsv([headers, ...rows], options, options.bom ?? false);
}

/**
 * The one CSV writer: cells turned to neutralised text here, quoting and escaping by csv-stringify
 * (a field holding the delimiter, a quote, CR or LF is quoted, quotes doubled).
 */
function writeCsv(rows: Iterable<readonly CsvCell[]>, options: CsvBuildOptions, bom: boolean): string {
  const records = Array.from(rows, (row) => row.map(cellText));
  return stringify(records, {
    delimiter: options.delimiter ?? ',',
    record_delimiter: options.newline ?? '\r\n',
    bom,
    quoted_match: /[\r\n]/,
    cast: {
      // A record of one empty field would otherwise be an empty line, which readers skip or
      // misread: quoting it keeps the round trip exact. `context.records` is the record's index.
      string: (value, context) =>
        value === '' && records[context.records]?.length === 1 ? { value, quoted_empty: true } : value,
    },
  });
}

interface CsvParseOptions {
  delimiter?: ',' | ';' | '\t';
}

/**
 * Parses CSV text into rows of cells, as RFC 4180 describes it and as spreadsheets write it:
 * quoted fields may hold the delimiter, `""` for a quote, and line breaks; lines may end in CRLF,
 * LF or a lone CR; a leading byte-order mark is dropped; a final line break does not make an
 * extra row. An empty line is a record of one empty field (`['']`), as in the RFC; callers that
 * import ids skip those themselves. Lenient where real files are: a quote inside an unquoted
 * field is kept as a character (`5" screen`). Strict where guessing would change data: an
 * unterminated quoted field or text after a closing quote is a `validation` error naming the line.
 * Neutralising quotes are NOT removed: a cell exported as `'=1+1` reads back as `'=1+1`.
 */
export function parseCsv(text: string, options: CsvParseOptions = {}): Result<string[][]> {
  const delimiter = options.delimiter ?? ',';
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let line = 1;
  let i = 0;
  const length = input.length;
  if (length === 0) return { ok: true, data: [] };

  const endRecord = (): void => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };

  while (i < length) {
    // At the start of a field.
    if (input[i] === '"') {
      const openedOnLine = line;
      i += 1;
      let closed = false;
      while (i < length) {
        const char = input[i] as string;
        if (char === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          closed = true;
          break;
        }
        if (char === '\n' || (char === '\r' && input[i + 1] !== '\n')) line += 1;
        field += char;
        i += 1;
      }
      if (!closed) {
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: `CSV line ${openedOnLine}: a quoted field is never closed.`,
          },
        };
      }
      const next = input[i];
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: `CSV line ${line}: text follows the closing quote of a field; quote the whole field.`,
          },
        };
      }
    } else {
      while (i < length) {
        const char = input[i] as string;
        if (char === delimiter || char === '\r' || char === '\n') break;
        field += char;
        i += 1;
      }
    }

    // At the end of a field: a delimiter, a line break or the end of the text.
    const char = input[i];
    if (char === delimiter) {
      row.push(field);
      field = '';
      i += 1;
      if (i === length) endRecord(); // `a,` ends with an empty last field
      continue;
    }
    if (char === '\r' || char === '\n') {
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      endRecord();
      continue;
    }
    endRecord(); // end of text without a final line break
  }
  return { ok: true, data: rows };
}
