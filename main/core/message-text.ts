import { z } from 'zod';
import { MESSAGE_KEYS, type MessageKey, type MessageText } from '../../shared/contract';
import { WALLET_FORMAT_DESCRIBE, type WalletFormat } from './payments/wallets';

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

/**
 * The schemas' English "must …" phrases (main/core/payments/inputs.ts, settings, base-url) as text
 * keys with their parameters, so the renderer can say them in the user's language while the CLI
 * and the logs keep the English. One table, next to nothing else: a phrase no row matches still
 * gets a key (`field.invalid`), never English on a translated screen; test/unit/renderer/
 * validation-text.spec.ts feeds every schema a bad value and fails on a phrase left to that default.
 */
const ISSUE_PHRASES: ReadonlyArray<readonly [RegExp, MessageKey, ...string[]]> = [
  [/^must not be empty$/, 'field.empty'],
  [/^must be at most (\d+) characters$/, 'field.tooLong', 'max'],
  [/^must be (?:a )?text$/, 'field.text'],
  [/^must not start or end with whitespace$/, 'field.edgeSpaces'],
  [/^must not contain control or invisible characters$/, 'field.invisible'],
  [/^must be printable ASCII without spaces/, 'field.ascii'],
  [/^must be a number$/, 'field.number'],
  [/^must be a (?:positive )?whole number$|^must be a safe integer$/, 'field.wholeNumber'],
  [/^must be greater than 0$/, 'field.positive'],
  [/^must not be negative$/, 'field.notNegative'],
  [/^must be a number or a numeric string/, 'field.amount'],
  [/^must have at most (\d+) decimals$/, 'field.decimals', 'max'],
  [/ISO country code\)$/, 'field.country'],
  [/ISO currency code\)$/, 'field.currency'],
  [/^must be a real date written/, 'field.date'],
  [/^must be an http\(s\) URL$|^is not a valid URL$/, 'field.url'],
  [/^must (?:start with|use) https:\/\//, 'field.httpsUrl'],
  [/^must not carry credentials/, 'field.urlExtras'],
  [/ISO 3166-2 state code/, 'field.state'],
  [/^must be 1 to 16 letters, digits, spaces or hyphens$/, 'field.zipCode'],
  [/^must be 1 to 128 letters or digits/, 'field.payerId'],
  [/^must be a valid e-mail address$/, 'field.email'],
  [/^must be a phone number/, 'field.phone'],
  [/^must be one of (.+)$/, 'field.oneOf', 'values'],
  [/^must be an IPv4 or IPv6 address$/, 'field.ip'],
  [/^must be a payment method code/, 'field.methodCode'],
  [/^must be a language code/, 'field.language'],
  [/^must be a crypto symbol/, 'field.crypto'],
  [/^must be a v4 UUID$/, 'field.requestKey'],
  [/^is not a field the service knows$/, 'field.unknown'],
  [/^must be a wallet address on (\S+) whose check characters match/, 'field.wallet.checksum', 'network'],
  // One row per wallet form (payments/wallets.ts), built from its English description.
  ...(Object.entries(WALLET_FORMAT_DESCRIBE) as Array<[WalletFormat, string]>).map(
    ([format, describe]) =>
      [
        new RegExp(
          `^must be a wallet address on (\\S+): ${describe.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        ),
        `field.wallet.${format}`,
        'network',
      ] as const,
  ),
];

/**
 * The reported_info masks' descriptions (REPORTED_INFO_RULES in payments/inputs.ts), each a
 * variant with its parameters: `mask.<variant>` is the form's hint, `field.mask.<variant>` the
 * refusal ("must be … for method BB (BR)").
 */
const MASKS: ReadonlyArray<readonly [RegExp, MaskVariant, ...string[]]> = [
  [/^one of the \S+ account types (.+)$/, 'accountType', 'values'],
  [/^two or more words of 2 to 30 letters each, separated by single spaces$/, 'words'],
  [
    /^1 to (\d+) digits, optionally a hyphen and one letter or digit \((\S+)\)$/,
    'digitsOptionalCheck',
    'max',
    'example',
  ],
  [/^1 to (\d+) digits, a hyphen and one letter or digit \((\S+)\)$/, 'digitsCheckChar', 'max', 'example'],
  [/^1 to (\d+) digits, a hyphen and one digit \((\S+)\)$/, 'digitsCheckExample', 'max', 'example'],
  [/^1 to (\d+) digits, a hyphen and one digit$/, 'digitsCheck', 'max'],
  [/^1 to (\d+) digits$/, 'digits', 'max'],
];
type MaskVariant = MessageKey extends infer K ? (K extends `mask.${infer V}` ? V : never) : never;

function paramsOf(match: RegExpExecArray, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  names.forEach((name, index) => (params[name] = match[index + 1] ?? ''));
  return params;
}

function maskOf(describe: string): { variant: MaskVariant; params: Record<string, string> } | null {
  for (const [pattern, variant, ...names] of MASKS) {
    const match = pattern.exec(describe);
    if (match) return { variant, params: paramsOf(match, names) };
  }
  return null;
}

/** A reported_info mask's description as the form's hint; null for one no row knows. */
export function maskText(describe: string): MessageText | null {
  const mask = maskOf(describe);
  if (!mask) return null;
  const key: MessageKey = `mask.${mask.variant}`;
  return Object.keys(mask.params).length > 0 ? { key, params: mask.params } : { key };
}

const MASK_ISSUE = /^must be (.+) for method (\S+) \((\S+)\)$/;

/** A schema's phrase (the part after the field path) as a text key; `field.invalid` when none fits. */
export function issueText(phrase: string): MessageText {
  const trimmed = phrase.trim().replace(/\.$/, '');
  const maskIssue = MASK_ISSUE.exec(trimmed);
  const mask = maskIssue ? maskOf(maskIssue[1] ?? '') : null;
  if (maskIssue && mask) {
    const key: MessageKey = `field.mask.${mask.variant}`;
    return { key, params: { ...mask.params, method: maskIssue[2] ?? '', country: maskIssue[3] ?? '' } };
  }
  for (const [pattern, key, ...names] of ISSUE_PHRASES) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    return names.length > 0 ? { key, params: paramsOf(match, names) } : { key };
  }
  return { key: 'field.invalid' };
}

/** Whether a row knows the phrase, for the test that keeps the tables complete. */
export const isKnownPhrase = (phrase: string): boolean => issueText(phrase).key !== 'field.invalid';
