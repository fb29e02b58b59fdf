import type { JsonObject, JsonValue } from '../../../../shared/contract';

/**
 * A ONE_SHOT answer's payment instructions (`payment_info.metadata` and `secondary_metadata`)
 * as rows to show. The spec says to iterate the keys: every key is shown, in the order it came;
 * keys the spec names get a label, others keep their own name. Pure: unit-tested in Node.
 */

/** Metadata keys the spec names (its "Metadata keys seen" table); labels live in depositCreate.json. */
const KNOWN_INSTRUCTION_KEYS = [
  'beneficiary_name',
  'agency',
  'CNPJ',
  'account',
  'account_type',
  'beneficiary_document_type',
  'beneficiary_document',
  'bank_url',
  'bar_code',
  'digitable_line',
  'receipt_url',
  'payer_document',
  'payer_document_type',
  'reference',
  'qr_code',
] as const;
type KnownInstructionKey = (typeof KNOWN_INSTRUCTION_KEYS)[number];

export function isKnownInstructionKey(key: string): key is KnownInstructionKey {
  return (KNOWN_INSTRUCTION_KEYS as readonly string[]).includes(key);
}

/**
 * A QR (or any picture) the service sends as a base64 data URI. Raster formats only: an SVG may
 * carry script, and anything else is shown as text.
 */
const IMAGE_DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

export function isImageDataUri(value: string): boolean {
  return IMAGE_DATA_URI.test(value);
}

export type InstructionRow =
  | { key: string; known: boolean; kind: 'image'; value: string }
  /** `copy`: the payer types or pastes it (a line, a reference, a bar code…). */
  | { key: string; known: boolean; kind: 'text'; value: string; copy: boolean }
  | { key: string; known: boolean; kind: 'absent' }
  /** A nested value the spec does not describe, shown as JSON. */
  | { key: string; known: boolean; kind: 'json'; value: string };

function rowOf(key: string, value: JsonValue): InstructionRow {
  const known = isKnownInstructionKey(key);
  if (value === null || value === '') return { key, known, kind: 'absent' };
  if (typeof value === 'string' && isImageDataUri(value)) return { key, known, kind: 'image', value };
  // A number is a reference or an account, not a quantity: shown exactly as sent, no separators.
  if (typeof value === 'string' || typeof value === 'number') {
    return { key, known, kind: 'text', value: String(value), copy: true };
  }
  if (typeof value === 'boolean') return { key, known, kind: 'text', value: String(value), copy: false };
  return { key, known, kind: 'json', value: JSON.stringify(value, null, 2) };
}

export function instructionRows(metadata: JsonObject | undefined): InstructionRow[] {
  if (!metadata) return [];
  return Object.entries(metadata).map(([key, value]) => rowOf(key, value));
}

/** Whether any row is a QR code or another picture (hidden once the deposit has expired). */
export function hasImage(rows: readonly InstructionRow[]): boolean {
  return rows.some((row) => row.kind === 'image');
}
