import { createHash } from 'node:crypto';
import type { JsonValue } from '../../../shared/contract';

/**
 * One serialisation for everything that is hashed: object keys sorted by code unit at every
 * depth, no whitespace, numbers and strings as JSON.stringify writes them (which is deterministic
 * in JavaScript). Keys whose value is `undefined` are left out, as JSON.stringify does, so an
 * optional field that is absent and one that is `undefined` hash alike.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: a number must be finite');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item)).join(',')}]`;
      const record = value as Record<string, unknown>;
      const parts = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${parts.join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
  }
}

export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * SHA-256 of a request body in canonical form: the proof, kept in the journal, that a retry sends
 * the body the intent recorded (see spool.ts). Key order does not change it.
 */
export function requestBodySha256(body: { [key: string]: JsonValue }): string {
  return sha256Hex(canonicalJson(body));
}
