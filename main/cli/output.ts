import type { ConsoleError, ErrorKind, JsonValue } from '../../shared/contract';

/** How the CLI writes: answers on stdout, one line per failure on stderr. */
export interface Writable {
  write(text: string): unknown;
  /** True on a terminal (as on process.stderr): only there is a progress line redrawn in place. */
  isTTY?: boolean;
}

/**
 * Exit codes: 0 ok; 1 the service refused, the state forbids it, or the OS keychain cannot be
 * used; 2 bad usage, input or local setup; 3 the outcome is not known (network, TLS, timeout,
 * lost answer); 4 refused because an earlier intent on the same record has an unknown outcome;
 * 5 a deposit with this invoice id was already made (confirm a second one); 130 cancelled (Ctrl-C).
 * A Record, so a new kind in the contract cannot be forgotten here.
 */
const EXIT_CODES: Record<ErrorKind, number> = {
  validation: 2, // 1 when the service said it (see exitCodeFor)
  auth: 1,
  signature: 1,
  clock_skew: 1,
  ip_not_allowed: 1,
  not_found: 1,
  invalid_state: 1,
  idempotency_conflict: 1,
  rate_limited: 1,
  server: 1,
  bad_response: 1,
  internal: 1,
  network: 3,
  tls: 3,
  timeout: 3,
  outcome_unknown: 3,
  credentials_missing: 2,
  keychain_unavailable: 1, // shown plainly, exit 1
  not_permitted: 2,
  intent_unresolved: 4,
  duplicate_invoice: 5,
  storage: 2,
  cancelled: 130,
  // Only the browser build's page answers it; the CLI calls the core in its own process.
  console_unreachable: 1,
};

export function exitCodeFor(error: ConsoleError): number {
  if (error.kind === 'validation' && error.httpStatus !== undefined) return 1;
  return EXIT_CODES[error.kind];
}

/** Control characters could drive the terminal: such strings are shown JSON-escaped. */
export function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value) ? JSON.stringify(value) : value;
}

/** Data URIs (a QR code's PNG) are kilobytes of base64: shortened here, whole with --json. */
const LONG_DATA_URI = 120;

function scalar(value: JsonValue): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (value.startsWith('data:') && value.length > LONG_DATA_URI) {
    return `${printable(value.slice(0, value.indexOf(',') + 1))}… (${value.length} characters; --json shows it whole)`;
  }
  return printable(value);
}

/** `key: value` lines, nested fields as dotted paths, list items as `key[0]`. */
function lines(value: JsonValue, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(`${path}: []`);
    value.forEach((item, index) => lines(item, `${path}[${index}]`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push(`${path}: {}`);
    for (const [key, field] of entries) lines(field, path === '' ? key : `${path}.${key}`, out);
    return;
  }
  out.push(`${path}: ${scalar(value)}`);
}

/** A record as readable lines; a list as blocks separated by a blank line. */
export function formatHuman(record: JsonValue): string {
  if (Array.isArray(record)) {
    if (record.length === 0) return '(none)\n';
    return `${record
      .map((item) => {
        const out: string[] = [];
        lines(item, '', out);
        return out.join('\n');
      })
      .join('\n\n')}\n`;
  }
  const out: string[] = [];
  lines(record, '', out);
  return `${out.join('\n')}\n`;
}

export function formatJson(record: JsonValue): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

const oneLine = (text: string): string => printable(text.replace(/\s+/g, ' ').trim());

/** One line on stderr: JSON with --json, a sentence otherwise. */
export function formatError(error: ConsoleError, json: boolean): string {
  if (json) return `${JSON.stringify({ error })}\n`;
  const details = [
    error.field === undefined ? undefined : `field ${error.field}`,
    error.serviceMessage === undefined ? undefined : `service says "${oneLine(error.serviceMessage)}"`,
    error.idempotencyKey === undefined ? undefined : `idempotency key ${error.idempotencyKey}`,
  ].filter((part) => part !== undefined);
  const suffix = details.length === 0 ? '' : ` [${details.join('; ')}]`;
  return `paydesk: ${error.kind}: ${oneLine(error.message)}${suffix}\n`;
}
