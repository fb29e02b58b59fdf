import { z } from 'zod';
import { AUDIT_ACTIONS, ENVIRONMENT_KINDS, ERROR_KINDS } from '../../../shared/contract';
import { canonicalJson, sha256Hex } from './canonical-json';
import { MASKED_SUMMARY_FIELDS, looksMasked } from './summary';

/**
 * The journal's line format, version 1. Each line is the canonical JSON (canonical-json.ts) of
 * one entry; `hash` is the SHA-256 of the canonical JSON of the entry without `hash`, and `prev`
 * is the `hash` of the line before, or GENESIS_HASH on the first line. Changing a field, a line's
 * place or the set of lines therefore breaks the chain where it happened.
 */
const JOURNAL_FORMAT_VERSION = 1;
export const GENESIS_HASH = '0'.repeat(64);

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const shortText = z.string().max(500);

export const auditIdsSchema = z.strictObject({
  invoice_id: z.string().min(1).max(200).optional(),
  deposit_id: z.number().int().positive().optional(),
  refund_id: z.number().int().positive().optional(),
  cashout_id: z.number().int().positive().optional(),
  external_id: z.string().min(1).max(200).optional(),
});

export const environmentRefSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  kind: z.enum(ENVIRONMENT_KINDS),
  /**
   * The service account the intent moves money on (D19, payments/account.ts). Lines written before
   * it existed have none: they are matched by the environment's id instead.
   */
  account: z.string().min(1).max(300).optional(),
});

/** Flat and primitive only; the masked fields must look masked, so a clear value cannot be written. */
export const summarySchema = z
  .record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()]))
  .superRefine((summary, context) => {
    for (const field of MASKED_SUMMARY_FIELDS) {
      const value = summary[field];
      if (value !== undefined && (typeof value !== 'string' || !looksMasked(value))) {
        context.addIssue({ code: 'custom', path: [field], message: `${field} must be masked` });
      }
    }
  });

/** The parts of a ConsoleError a journal keeps: no service text, which may echo request data. */
export const errorRecordSchema = z.strictObject({
  kind: z.enum(ERROR_KINDS),
  code: z.number().int().optional(),
  type: z.string().max(100).optional(),
  httpStatus: z.number().int().optional(),
  message: shortText.optional(),
});

/** Printable ASCII only, because the key travels in an HTTP header (D6). */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,128}$/, 'not a valid idempotency key');

/** A team person's name as the database keeps it (a role name: at most 63 bytes in PostgreSQL). */
const personName = z.string().min(1).max(63);

/**
 * A move the team approved (docs/architecture.md, "Team mode: approvals"): its request, who asked
 * and who approved, from the database's request row. Added after version 1 shipped, optional and
 * absent from every other line, so older lines hash and verify as they did.
 */
export const intentApprovalSchema = z.strictObject({
  requestId: z.string().regex(/^\d{1,20}$/),
  madeBy: personName,
  // None for a move handed to an executor-only environment's executor with no approval asked.
  approvedBy: z.array(personName).max(5),
});

const intentBody = z.object({
  type: z.literal('intent'),
  intentId: z.uuid(),
  environment: environmentRefSchema,
  osUser: z.string().max(200).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  ids: auditIdsSchema,
  idempotencyKey: idempotencyKeySchema.nullable(),
  reason: shortText.nullable(),
  summary: summarySchema,
  /** SHA-256 of the canonical request body; the body itself is only in the spool (spool.ts). */
  bodySha256: hex64,
  approval: intentApprovalSchema.optional(),
});

const answerFields = {
  intentId: z.uuid(),
  httpStatus: z.number().int().optional(),
  error: errorRecordSchema.optional(),
  resultingIds: auditIdsSchema.optional(),
  status: z.string().max(100).optional(),
};

const outcomeBody = z.object({
  type: z.literal('outcome'),
  result: z.enum(['ok', 'error', 'outcome_unknown']),
  ...answerFields,
});

const resolutionBody = z.object({
  type: z.literal('resolution'),
  method: z.enum(['status_reread', 'retried_same_key', 'manual']),
  result: z.enum(['ok', 'error']),
  note: shortText.optional(),
  /** Who settled it: often not the person whose intent it was. */
  osUser: z.string().max(200).nullable(),
  ...answerFields,
});

const repairBody = z.object({
  type: z.literal('repair'),
  /** File name, in the journal's folder, holding the bytes moved aside. */
  sidecar: z.string().min(1).max(200),
  bytes: z.number().int().nonnegative(),
  sha256: hex64,
  /** Length of the journal, in bytes, after the partial line was cut. */
  truncatedAt: z.number().int().nonnegative(),
});

/** A journal head: the last entry's seq and hash (null: none) and the file's length then. */
export const headSchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  hash: hex64.nullable(),
  bytes: z.number().int().nonnegative(),
});

/**
 * An operator's acknowledgement that entries were cut off the end (or that the anchor disagreed
 * with the file), so that new entries are accepted again and the gap stays on record. Added after
 * version 1 shipped: an older reader skips it as an unknown entry that still names its chain place.
 */
const gapBody = z.object({
  type: z.literal('gap'),
  problem: z.enum(['entries_missing', 'mismatch', 'unreadable', 'anchor_missing']),
  missingEntries: z.number().int().positive().nullable(),
  /** The head the anchor named (null when it could not be read). */
  anchorHead: headSchema.nullable(),
  /** The file's own head when the gap was acknowledged. */
  fileHead: headSchema,
  osUser: z.string().max(200).nullable(),
  reason: z.string().min(1).max(500),
});

/**
 * What a damaged line may have been: an intent whose own line is unreadable, known from its kept
 * request or from the ids the damaged bytes still show. Such an intent stays unresolved, and so
 * blocks its target, until a person settles it.
 */
const suspectSchema = z.strictObject({
  intentId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  environment: environmentRefSchema.nullable(),
  ids: auditIdsSchema,
  idempotencyKey: idempotencyKeySchema.nullable(),
  bodySha256: hex64.nullable(),
  /** When the request was kept (its spool file), the best time known for the lost intent. */
  time: z.iso.datetime(),
});

/**
 * A person's repair of a line in the middle of the journal that cannot be read (a damaged byte,
 * an edited line): the line stays where it is, a copy of its bytes goes to a sidecar file, and
 * what it may have been is listed, so that no unknown outcome is forgotten.
 */
const damageBody = z.object({
  type: z.literal('damage'),
  /** The damaged line's number in the file, and its bytes' SHA-256: what this entry acknowledges. */
  line: z.number().int().positive(),
  lineSha256: hex64,
  bytes: z.number().int().nonnegative(),
  sidecar: z.string().min(1).max(200),
  problem: z.string().min(1).max(500),
  suspects: z.array(suspectSchema).max(100),
  osUser: z.string().max(200).nullable(),
  reason: z.string().min(1).max(500),
});

export const entryBodySchema = z.discriminatedUnion('type', [
  intentBody,
  outcomeBody,
  resolutionBody,
  repairBody,
  gapBody,
  damageBody,
]);

const chainFields = {
  v: z.literal(JOURNAL_FORMAT_VERSION),
  seq: z.number().int().positive(),
  prev: hex64,
  time: z.iso.datetime(),
  hash: hex64,
};

export const entrySchema = z.discriminatedUnion('type', [
  intentBody.extend(chainFields),
  outcomeBody.extend(chainFields),
  resolutionBody.extend(chainFields),
  repairBody.extend(chainFields),
  gapBody.extend(chainFields),
  damageBody.extend(chainFields),
]);

/** Where a line sits in the chain, read even from a line this version cannot otherwise parse. */
export const chainPlaceSchema = z.object({
  seq: z.number().int().positive(),
  hash: hex64,
});

export type EntryBody = z.infer<typeof entryBodySchema>;
export type JournalEntry = z.infer<typeof entrySchema>;
export type IntentEntry = Extract<JournalEntry, { type: 'intent' }>;
export type OutcomeEntry = Extract<JournalEntry, { type: 'outcome' }>;
export type ResolutionEntry = Extract<JournalEntry, { type: 'resolution' }>;
export type RepairEntry = Extract<JournalEntry, { type: 'repair' }>;
export type GapEntry = Extract<JournalEntry, { type: 'gap' }>;
export type DamageEntry = Extract<JournalEntry, { type: 'damage' }>;
export type Suspect = z.infer<typeof suspectSchema>;
export type Head = z.infer<typeof headSchema>;
export type ErrorRecord = z.infer<typeof errorRecordSchema>;
export type IntentApproval = z.infer<typeof intentApprovalSchema>;

/** The hash an entry must carry: over every field but `hash` itself. */
export function entryHash(entry: Record<string, unknown>): string {
  const { hash: _hash, ...rest } = entry;
  return sha256Hex(canonicalJson(rest));
}

/** Seals a body into the next link of the chain and gives back the entry and its line. */
export function sealEntry(
  body: EntryBody,
  link: { seq: number; prev: string; time: string },
): { entry: JournalEntry; line: string } {
  const unsigned = { ...body, v: JOURNAL_FORMAT_VERSION, seq: link.seq, prev: link.prev, time: link.time };
  const entry = { ...unsigned, hash: entryHash(unsigned) } as JournalEntry;
  return { entry, line: `${canonicalJson(entry)}\n` };
}
