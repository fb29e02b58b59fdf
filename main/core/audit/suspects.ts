import { AUDIT_ACTIONS, type AuditAction, type AuditIds } from '../../../shared/contract';
import { auditIdsSchema, type Suspect } from './entries';
import type { SpoolHeader } from './spool';

/**
 * What an unreadable journal line may have been, for a repair to list (file-journal.ts repairDamage).
 * The bytes of a damaged line are not trusted, so nothing read from them is taken as a fact: they
 * only name intents the repair keeps unresolved until a person settles them, which errs towards
 * blocking a target rather than forgetting an unknown outcome.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Loose reads of `"field":value` in bytes that may not parse as JSON any more. */
const numberField = (text: string, field: string): number | undefined => {
  const match = new RegExp(`"${field}"\\s*:\\s*(\\d{1,15})`).exec(text);
  const value = match?.[1] === undefined ? undefined : Number(match[1]);
  return value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : undefined;
};
const stringField = (text: string, field: string): string | undefined => {
  const match = new RegExp(`"${field}"\\s*:\\s*"([^"\\\\]{1,200})"`).exec(text);
  return match?.[1];
};

/** The ids a damaged line still shows, each kept only where it would be a valid id. */
function idsIn(text: string): AuditIds {
  const ids = {
    deposit_id: numberField(text, 'deposit_id'),
    refund_id: numberField(text, 'refund_id'),
    cashout_id: numberField(text, 'cashout_id'),
    invoice_id: stringField(text, 'invoice_id'),
    external_id: stringField(text, 'external_id'),
  };
  const defined = Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== undefined));
  const parsed = auditIdsSchema.safeParse(defined);
  return parsed.success ? parsed.data : {};
}

/** The action a damaged line names, when it names exactly one. */
function actionIn(text: string): AuditAction | null {
  const named = AUDIT_ACTIONS.filter((action) => text.includes(`"${action}"`));
  return named.length === 1 ? (named[0] ?? null) : null;
}

const INTENT_ID = /"intentId"\s*:\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/gi;

/**
 * Intent ids a damaged line names (an intent's own id, or the one an outcome answers): those in an
 * `intentId` field; where that field itself is damaged, any id-shaped value but the request key.
 */
export function intentIdsIn(text: string): string[] {
  const named = [...text.matchAll(INTENT_ID)].map((match) => (match[1] ?? '').toLowerCase());
  if (named.length > 0) return [...new Set(named)];
  const key = stringField(text, 'idempotencyKey')?.toLowerCase();
  return [...new Set([...text.matchAll(UUID)].map((match) => match[0].toLowerCase()))].filter(
    (id) => id !== key,
  );
}

/** A suspect from a kept request whose intent line the journal does not have. */
export const suspectFromSpool = (header: SpoolHeader): Suspect => ({
  intentId: header.intentId,
  action: header.action,
  environment: header.environment,
  ids: header.ids,
  idempotencyKey: header.idempotencyKey,
  bodySha256: header.bodySha256,
  time: header.time,
});

/**
 * A suspect from the damaged bytes alone: an intent id they name that the journal does not know,
 * with the action and ids they show. Its account is unknown, so it blocks its target everywhere.
 */
export function suspectFromBytes(text: string, intentId: string, time: string): Suspect | null {
  const action = actionIn(text);
  if (action === null) return null;
  const key = stringField(text, 'idempotencyKey');
  return {
    intentId,
    action,
    environment: null,
    ids: idsIn(text),
    idempotencyKey: key !== undefined && /^[\x21-\x7e]{8,128}$/.test(key) ? key : null,
    bodySha256: null,
    time,
  };
}
