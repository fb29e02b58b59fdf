/**
 * The jump box's grammar: one id, optionally preceded by a word saying what it names.
 *
 *   300000001 | dep 300000001  → deposit        ref 17        → refund
 *   co 11954                   → cashout id     ext payout-7781 → cashout by external id
 *   sm 18703                   → sub-merchant
 *
 * The word may be followed by a space, `:` or `#` (`dep:300000001`, `ref #17`), and numeric
 * kinds also take the compact form `co11954`. Pure: no DOM, no React, so it is unit-tested in Node.
 */

export const JUMP_KINDS = ['deposit', 'refund', 'cashout', 'cashout-external', 'sub-merchant'] as const;
export type JumpKind = (typeof JUMP_KINDS)[number];

export type JumpTarget =
  | { kind: 'deposit'; depositId: number }
  | { kind: 'refund'; refundId: number }
  | { kind: 'cashout'; cashoutId: number }
  | { kind: 'cashout-external'; externalId: string }
  | { kind: 'sub-merchant'; subMerchantId: number };

/** Why an input names nothing; the UI phrases each one (shell:jump.problem.*). */
export type JumpProblem =
  | { problem: 'empty' }
  /** A word the grammar does not know, e.g. `inv 12`. */
  | { problem: 'unknown_prefix'; prefix: string }
  /** A kind word with nothing after it, e.g. `ref`. */
  | { problem: 'missing_id'; kind: JumpKind }
  /** Not a positive whole number (or too large to be an id). */
  | { problem: 'not_an_id'; kind: Exclude<JumpKind, 'cashout-external'>; value: string }
  /** An external id longer than the service accepts. */
  | { problem: 'external_id_too_long'; max: number }
  /** Control characters in an external id. */
  | { problem: 'external_id_invalid' }
  /** One word that is neither a number nor a kind: probably an external id without `ext`. */
  | { problem: 'bare_text'; value: string };

type JumpParse = { ok: true; target: JumpTarget } | { ok: false; problem: JumpProblem };

/** The service refuses longer cashout identifiers (decisions.md, cashout error code 300). */
export const EXTERNAL_ID_MAX_LENGTH = 32;

const KIND_WORDS: Readonly<Record<string, JumpKind>> = {
  dep: 'deposit',
  deposit: 'deposit',
  ref: 'refund',
  refund: 'refund',
  co: 'cashout',
  cashout: 'cashout',
  ext: 'cashout-external',
  external: 'cashout-external',
  sm: 'sub-merchant',
  submerchant: 'sub-merchant',
  'sub-merchant': 'sub-merchant',
};

const WORD_THEN_REST = /^([a-z][a-z-]*)(?:\s*[:#]\s*|\s+)(.*)$/i;
const COMPACT = /^(dep|ref|co|sm)#?(\d+)$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A positive safe integer written with digits only (an optional leading `#` is allowed). */
export function parsePositiveId(text: string): number | null {
  const digits = text.startsWith('#') ? text.slice(1) : text;
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function numericTarget(kind: Exclude<JumpKind, 'cashout-external'>, value: number): JumpTarget {
  switch (kind) {
    case 'deposit':
      return { kind, depositId: value };
    case 'refund':
      return { kind, refundId: value };
    case 'cashout':
      return { kind, cashoutId: value };
    case 'sub-merchant':
      return { kind, subMerchantId: value };
  }
}

function withKind(kind: JumpKind, rest: string): JumpParse {
  const value = rest.trim();
  if (value === '') return { ok: false, problem: { problem: 'missing_id', kind } };
  if (kind === 'cashout-external') {
    if (CONTROL_CHARACTERS.test(value)) return { ok: false, problem: { problem: 'external_id_invalid' } };
    if (value.length > EXTERNAL_ID_MAX_LENGTH) {
      return { ok: false, problem: { problem: 'external_id_too_long', max: EXTERNAL_ID_MAX_LENGTH } };
    }
    return { ok: true, target: { kind, externalId: value } };
  }
  const id = parsePositiveId(value);
  if (id === null) return { ok: false, problem: { problem: 'not_an_id', kind, value } };
  return { ok: true, target: numericTarget(kind, id) };
}

export function parseJumpInput(input: string): JumpParse {
  const text = input.trim();
  if (text === '') return { ok: false, problem: { problem: 'empty' } };

  const bareId = parsePositiveId(text);
  if (bareId !== null) return { ok: true, target: { kind: 'deposit', depositId: bareId } };

  const compact = COMPACT.exec(text);
  if (compact) {
    const kind = KIND_WORDS[(compact[1] ?? '').toLowerCase()];
    if (kind && kind !== 'cashout-external') return withKind(kind, compact[2] ?? '');
  }

  const lonelyKind = KIND_WORDS[text.toLowerCase()];
  if (lonelyKind) return { ok: false, problem: { problem: 'missing_id', kind: lonelyKind } };

  const parts = WORD_THEN_REST.exec(text);
  if (parts) {
    const word = parts[1] ?? '';
    const kind = KIND_WORDS[word.toLowerCase()];
    if (kind) return withKind(kind, parts[2] ?? '');
    return { ok: false, problem: { problem: 'unknown_prefix', prefix: word } };
  }

  if (/^[#\d\s.,-]+$/.test(text)) {
    return { ok: false, problem: { problem: 'not_an_id', kind: 'deposit', value: text } };
  }
  return { ok: false, problem: { problem: 'bare_text', value: text } };
}

/**
 * Whether the input says what its id names (`ref 17`, `co11954`, `ext payout-7781`, a kind word
 * alone): the grammar then decides. A bare number or text does not, and the record index is asked
 * what it is (lib/typed-id) before it is taken for a deposit id.
 */
export function namesItsKind(input: string): boolean {
  const text = input.trim();
  if (COMPACT.test(text) || KIND_WORDS[text.toLowerCase()] !== undefined) return true;
  const word = WORD_THEN_REST.exec(text)?.[1];
  return word !== undefined && KIND_WORDS[word.toLowerCase()] !== undefined;
}

/**
 * Arrow keys in the jump box: from the text field (`-1`) Down goes to the first match, Down and
 * Up move along the matches, Up from the first goes back to the field; the ends do not wrap. The
 * position to focus, or null when the key is not one of these.
 */
export function jumpFocusAfter(key: string, current: number, matches: number): number | null {
  if (key === 'ArrowDown') return matches === 0 ? null : Math.min(current + 1, matches - 1);
  if (key === 'ArrowUp') return current < 0 ? null : current - 1;
  return null;
}
