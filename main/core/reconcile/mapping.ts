import { createHash } from 'node:crypto';
import {
  BATCH_KINDS,
  LEDGER_FIELDS,
  type BatchKind,
  type LedgerField,
  type LedgerMapping,
  type Result,
} from '../../../shared/contract';
import { normaliseWord } from './status-words';

/**
 * Which ledger column holds what: guessed from the header (English, Spanish and Brazilian
 * Portuguese names), overridden by `--map column=field`, remembered per header shape
 * (mapping-store.ts). Columns are named as the header writes them; matching ignores case,
 * accents and punctuation, so `Id do depósito` and `ID_DO_DEPOSITO` are one column.
 */

/** The fields that name the record, per kind; the first one is the kind's own id. */
export const ID_FIELDS: Record<BatchKind, readonly LedgerField[]> = {
  deposits: ['deposit_id', 'invoice_id'],
  refunds: ['refund_id'],
  cashouts: ['cashout_id', 'external_id'],
};

/** A header cell as it is compared: `Valor (R$)` → `valor r`. */
const columnKey = (cell: string): string =>
  normaliseWord(cell)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const NAMES: Record<LedgerField, readonly string[]> = {
  deposit_id: [
    'deposit id',
    'deposit',
    'id deposit',
    'id do deposito',
    'id deposito',
    'id del deposito',
    'id de deposito',
    'deposito id',
    'numero do deposito',
  ],
  invoice_id: [
    'invoice id',
    'invoice',
    'merchant invoice id',
    'fatura',
    'id da fatura',
    'numero da fatura',
    'factura',
    'id de factura',
    'id de la factura',
    'numero de factura',
  ],
  refund_id: [
    'refund id',
    'refund',
    'id do reembolso',
    'id reembolso',
    'id del reembolso',
    'id de reembolso',
    'id da devolucao',
    'id de devolucion',
  ],
  cashout_id: [
    'cashout id',
    'cashout',
    'payout id',
    'id do saque',
    'id saque',
    'id del retiro',
    'id de retiro',
    'id do pagamento',
    'id del pago',
  ],
  external_id: ['external id', 'id externo', 'referencia externa', 'external reference'],
  status: ['status', 'state', 'situacao', 'estado', 'status do pagamento', 'estado del pago'],
  amount: ['amount', 'valor', 'monto', 'importe', 'total', 'valor r', 'amount usd', 'local amount'],
  currency: ['currency', 'moeda', 'moneda', 'divisa', 'ccy', 'currency code'],
};

const FIELD_OF_NAME: ReadonlyMap<string, LedgerField> = new Map(
  LEDGER_FIELDS.flatMap((field) => NAMES[field].map((name) => [name, field] as const)),
);

/** The kind a header names, from its id columns; null when it names none or several. */
function kindOf(fields: ReadonlySet<LedgerField>): BatchKind | null {
  const kinds = BATCH_KINDS.filter((kind) => ID_FIELDS[kind].some((field) => fields.has(field)));
  return kinds.length === 1 ? (kinds[0] as BatchKind) : null;
}

interface MappingGuess {
  mapping: LedgerMapping;
  kind: BatchKind | null;
}

/**
 * The fields a header's names say, each field once (its first column). A bare `id` column is the
 * kind's own id once the kind is known (given, or told by another column).
 */
export function guessMapping(header: readonly string[], kind?: BatchKind): MappingGuess {
  const mapping: LedgerMapping = {};
  const taken = new Set<LedgerField>();
  let bareId: string | undefined;
  for (const cell of header) {
    const key = columnKey(cell);
    if (key === 'id' && bareId === undefined) bareId = cell;
    const field = FIELD_OF_NAME.get(key);
    if (field === undefined || taken.has(field) || cell in mapping) continue;
    mapping[cell] = field;
    taken.add(field);
  }
  const guessedKind = kind ?? kindOf(taken);
  if (guessedKind !== null && bareId !== undefined) {
    const own = ID_FIELDS[guessedKind][0] as LedgerField;
    if (!taken.has(own)) mapping[bareId] = own;
  }
  return { mapping, kind: guessedKind };
}

/** `--map column=field` texts; `field` may be `ignore` to drop a guessed column. */
export type MappingOverride = Record<string, LedgerField | 'ignore'>;

export function parseMapOption(texts: readonly string[]): Result<MappingOverride> {
  const override: MappingOverride = {};
  for (const text of texts) {
    const at = text.lastIndexOf('=');
    const column = at === -1 ? '' : text.slice(0, at).trim();
    const field =
      at === -1
        ? ''
        : text
            .slice(at + 1)
            .trim()
            .toLowerCase();
    if (column === '' || field === '') {
      return invalid('--map', `"${text}": write it as column=field, e.g. "Nosso ID=deposit_id"`);
    }
    if (field !== 'ignore' && !(LEDGER_FIELDS as readonly string[]).includes(field)) {
      return invalid('--map', `"${field}" is not a field: one of ${LEDGER_FIELDS.join(', ')}, or ignore`);
    }
    override[column] = field as LedgerField | 'ignore';
  }
  return { ok: true, data: override };
}

/**
 * The mapping to use: `base` (remembered or guessed) with the override's columns replacing it.
 * Every column named must be in the header; each field may be given to one column only.
 */
export function applyOverride(
  header: readonly string[],
  base: LedgerMapping,
  override: MappingOverride,
): Result<LedgerMapping> {
  const byKey = new Map(header.map((cell) => [columnKey(cell), cell] as const));
  const mapping = new Map(Object.entries(base).filter(([column]) => header.includes(column)));
  for (const [column, field] of Object.entries(override)) {
    const cell = header.includes(column) ? column : byKey.get(columnKey(column));
    if (cell === undefined) {
      return invalid('--map', `the ledger has no column "${column}" (its columns: ${header.join(', ')})`);
    }
    if (field === 'ignore') {
      mapping.delete(cell);
      continue;
    }
    // The field leaves the column it had: an override moves it, it does not add a second one.
    for (const [other, otherField] of mapping) if (otherField === field) mapping.delete(other);
    mapping.set(cell, field);
  }
  return { ok: true, data: Object.fromEntries(mapping) };
}

/** Column index per field (the header's first column of that name). */
export function columnsOf(
  header: readonly string[],
  mapping: LedgerMapping,
): Partial<Record<LedgerField, number>> {
  const columns: Partial<Record<LedgerField, number>> = {};
  for (const [column, field] of Object.entries(mapping)) {
    const index = header.indexOf(column);
    if (index !== -1 && columns[field] === undefined) columns[field] = index;
  }
  return columns;
}

/** The kind a mapping implies, or the one given; a failure says what to give. */
export function kindFor(mapping: LedgerMapping, given: BatchKind | undefined): Result<BatchKind> {
  const fields = new Set(Object.values(mapping));
  if (given !== undefined) {
    if (!ID_FIELDS[given].some((field) => fields.has(field))) {
      return invalid(
        '--map',
        `no column holds the ${given.slice(0, -1)}'s id (${ID_FIELDS[given].join(' or ')}): name it with --map "<column>=${ID_FIELDS[given][0]}"`,
      );
    }
    return { ok: true, data: given };
  }
  const kind = kindOf(fields);
  if (kind !== null) return { ok: true, data: kind };
  return invalid(
    '--kind',
    'the header does not say which records the ledger holds: give --kind deposits|refunds|cashouts, and --map "<column>=deposit_id" (or refund_id, cashout_id, external_id, invoice_id)',
  );
}

/** The ledger's "shape": its header, so one export format keeps one mapping. */
export function shapeKey(header: readonly string[]): string {
  return createHash('sha256').update(header.map(columnKey).join('\u001f')).digest('hex').slice(0, 16);
}

function invalid(field: string, message: string): Result<never> {
  return { ok: false, error: { kind: 'validation', field, message: `${field}: ${message}` } };
}
