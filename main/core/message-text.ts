import { z } from 'zod';
import { MESSAGE_KEYS, type MessageKey, type MessageText } from '../../shared/contract';

/**
 * A text key and a few short parameters (names, amounts, codes), nothing else: how main's words
 * are read back wherever they enter again (the IPC answers, kept reconciliation runs).
 */
export const messageTextSchema = z.strictObject({
  key: z.enum(MESSAGE_KEYS),
  params: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number().refine(Number.isFinite)]))
    .refine((params) => Object.keys(params).length <= 8)
    .optional(),
}) satisfies z.ZodType<MessageText>;

/** A check's English (CLI, logs) and, in `params`, its text key for the renderer. */
export interface KeyedCheck {
  message: string;
  params: { key: MessageKey } & Record<string, string>;
}

/**
 * Declares a custom check (`.refine`, `z.custom`, `addIssue`) with its key beside its English, so
 * the renderer says it in the user's language while the CLI and the logs keep the English.
 */
export const keyed = (key: MessageKey, message: string, params: Record<string, string> = {}): KeyedCheck => ({
  message,
  params: { ...params, key },
});

const KNOWN_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);
const isMessageKey = (key: unknown): key is MessageKey => typeof key === 'string' && KNOWN_KEYS.has(key);

/** A keyed check's text; the issue's `params` when it came from one, or null. */
function keyedText(params: Readonly<Record<string, unknown>> | undefined): MessageText | null {
  const { key, ...rest } = params ?? {};
  if (!isMessageKey(key)) return null;
  const values = Object.entries(rest).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return values.length > 0 ? { key, params: Object.fromEntries(values) } : { key };
}

/** A keyed check's text, for the checks written without zod (vault/credential-rules.ts). */
export const textOf = (check: KeyedCheck): MessageText => keyedText(check.params) ?? { key: 'field.invalid' };

/**
 * A built-in zod check, read from its issue's fields: the limit and the type the schema asked for
 * are in the issue, the English beside it is the schema's own (or zod's) for the CLI.
 */
function builtInText(issue: z.core.$ZodIssue): MessageText | null {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'string') return { key: 'field.text' };
      if (issue.expected === 'number') return { key: 'field.number' };
      // `.int()` refuses a fraction so, and a number beyond the safe range with the limits below.
      if (issue.expected === 'int') return { key: 'field.wholeNumber' };
      return null;
    case 'too_small':
      if ((issue.origin === 'string' || issue.origin === 'array') && issue.minimum === 1) {
        return { key: 'field.empty' };
      }
      if (issue.origin === 'int' && issue.minimum === Number.MIN_SAFE_INTEGER) {
        return { key: 'field.wholeNumber' };
      }
      if (issue.origin === 'number' && issue.minimum === 0) {
        return { key: issue.inclusive === false ? 'field.positive' : 'field.notNegative' };
      }
      return null;
    case 'too_big':
      if (issue.origin === 'string') return { key: 'field.tooLong', params: { max: String(issue.maximum) } };
      if (issue.maximum === Number.MAX_SAFE_INTEGER) return { key: 'field.wholeNumber' };
      return null;
    case 'invalid_value':
      return { key: 'field.oneOf', params: { values: issue.values.map(String).join(', ') } };
    default:
      return null;
  }
}

/**
 * A schema's issue as a text key: the key a custom check declared with `keyed`, or the one its
 * built-in check's fields name; `field.invalid` for a check that has neither
 * (test/unit/renderer/lib/validation-text.spec.ts feeds every input schema bad values and fails on
 * one left to it).
 */
export function issueText(issue: z.core.$ZodIssue | undefined): MessageText {
  const text = issue && (issue.code === 'custom' ? keyedText(issue.params) : builtInText(issue));
  return text ?? { key: 'field.invalid' };
}
