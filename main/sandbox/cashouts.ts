import { z } from 'zod';
import type { Answer, Json } from './answer';
import { ok } from './answer';
import { describeFirstIssue, hasAtMostTwoDecimals, numberOrNumericText } from './body-rules';
import { cashoutError } from './errors';
import { CASHOUT_REJECTIONS, findCountry } from './reference-data';
import {
  CASHOUT_MOVES,
  CASHOUT_STATUS_CODES,
  CASHOUT_STATUSES,
  findMove,
  type CashoutStatus,
} from './state-machines';
import type { CashoutRecord } from './state';
import type { MoveOutcome, World } from './world';

/** D7 rejection codes. */
export const REJECTION_CODE_MIN = 800;
export const REJECTION_CODE_MAX = 826;

const credentialField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .max(32, 'must be at most 32 characters');
/** A number, or a string of digits as the family's clients may send it (D14). */
const cashoutId = numberOrNumericText.pipe(
  z.number().int('must be an integer').positive('must be a positive integer'),
);
const externalId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

/** Spec endpoint 7 and D7: login, pass, and at least one of the two ids. */
export const cashoutStatusSchema = z
  .object({
    login: credentialField,
    pass: credentialField,
    cashout_id: cashoutId.optional(),
    external_id: externalId.optional(),
  })
  .refine((body) => body.cashout_id !== undefined || body.external_id !== undefined, {
    message: 'cashout_id or external_id is required',
    path: ['cashout_id'],
  });

/** Spec endpoint 8 and D7: both ids, naming the same cashout. */
export const cashoutCancelSchema = z.object({
  login: credentialField,
  pass: credentialField,
  cashout_id: cashoutId,
  external_id: externalId,
});

/** A field rule broken → 400/300 (D7 table). */
export const cashoutFieldError = (error: z.ZodError): Answer =>
  cashoutError('fieldRule', describeFirstIssue(error));

function lookUp(
  world: World,
  id: number | undefined,
  external: string | undefined,
): CashoutRecord | undefined {
  const byId = id !== undefined ? world.state.cashouts.get(id) : undefined;
  const byExternal = external !== undefined ? world.state.findCashoutByExternalId(external) : undefined;
  if (id !== undefined && external !== undefined) return byId && byId === byExternal ? byId : undefined;
  return byId ?? byExternal;
}

export function cashoutStatusRecord(cashout: CashoutRecord): { [key: string]: Json } {
  const { code, description } = CASHOUT_STATUS_CODES[cashout.status];
  const record: { [key: string]: Json } = { cashout_status: code, cashout_status_description: description };
  if (cashout.status === 'REJECTED') {
    if (cashout.rejectionCode !== undefined) record.rejection_code = cashout.rejectionCode;
    if (cashout.rejectionReason !== undefined) record.rejection_reason = cashout.rejectionReason;
  }
  return record;
}

/** POST /v3/cashout/status, after authentication. Two ids naming different cashouts → 509. */
export function cashoutStatus(world: World, body: z.infer<typeof cashoutStatusSchema>): Answer {
  const cashout = lookUp(world, body.cashout_id, body.external_id);
  return cashout ? ok(cashoutStatusRecord(cashout)) : cashoutError('notFound');
}

/** DELETE /v3/cashout/cancel, after authentication: only PENDING (spec, D7). */
export function cancelCashout(world: World, body: z.infer<typeof cashoutCancelSchema>): Answer {
  const cashout = lookUp(world, body.cashout_id, body.external_id);
  if (!cashout) return cashoutError('notFound');
  if (cashout.status !== 'PENDING') return cashoutError('notPending');
  const outcome = moveCashout(world, cashout, 'CANCELLED');
  if (!outcome.ok) return cashoutError('notPending');
  return ok(cashoutStatusRecord(cashout));
}

interface RejectionInput {
  rejectionCode?: number;
  rejectionReason?: string;
}

/** Applies one row of CASHOUT_MOVES, or says why it may not happen. */
export function moveCashout(
  world: World,
  cashout: CashoutRecord,
  to: CashoutStatus,
  rejection: RejectionInput = {},
): MoveOutcome {
  const from = cashout.status;
  const found = findMove(CASHOUT_MOVES, from, to);
  if (!found.ok) return found;
  if (
    to !== 'REJECTED' &&
    (rejection.rejectionCode !== undefined || rejection.rejectionReason !== undefined)
  ) {
    return { ok: false, reason: 'rejection_code and rejection_reason belong only to a move to REJECTED' };
  }
  if (to === 'REJECTED') applyRejection(cashout, rejection);
  cashout.status = to;
  return { ok: true, from, to };
}

function applyRejection(cashout: CashoutRecord, rejection: RejectionInput): void {
  const code = rejection.rejectionCode ?? REJECTION_CODE_MIN;
  cashout.rejectionCode = code;
  cashout.rejectionReason = rejection.rejectionReason ?? CASHOUT_REJECTIONS[code] ?? 'Rejected by the bank';
}

/** Control API cashout creation (the spec has no creation endpoint). */
export const cashoutFixtureSchema = z
  .object({
    external_id: externalId.optional(),
    amount: z.number().positive().refine(hasAtMostTwoDecimals, 'at most 2 decimals').optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /** Spec creation gives PENDING (or ON_HOLD with on_hold); a fixture may start anywhere. */
    status: z.enum(CASHOUT_STATUSES).optional(),
    on_hold: z.boolean().optional(),
    rejection_code: z.number().int().min(REJECTION_CODE_MIN).max(REJECTION_CODE_MAX).optional(),
    rejection_reason: z.string().min(1).max(255).optional(),
  })
  .strict();

export function createCashoutFixture(
  world: World,
  input: z.infer<typeof cashoutFixtureSchema>,
): { ok: true; cashout: CashoutRecord } | { ok: false; status: number; reason: string } {
  const { state } = world;
  const country = findCountry(input.country ?? 'BR');
  if (!country) return { ok: false, status: 400, reason: 'country: not served' };
  if (input.external_id !== undefined && state.findCashoutByExternalId(input.external_id)) {
    return { ok: false, status: 409, reason: 'external_id: already used by another cashout' };
  }
  const status: CashoutStatus = input.status ?? (input.on_hold ? 'ON_HOLD' : 'PENDING');
  if (status !== 'REJECTED' && (input.rejection_code !== undefined || input.rejection_reason !== undefined)) {
    return { ok: false, status: 400, reason: 'rejection_code and rejection_reason need status REJECTED' };
  }
  const id = state.newCashoutId();
  const cashout: CashoutRecord = {
    id,
    externalId: input.external_id ?? `sbx-payout-${id}`,
    amountCents: Math.round((input.amount ?? 100) * 100),
    currency: input.currency ?? country.currency,
    country: country.code,
    status,
    createdAt: world.businessClock.now(),
  };
  if (status === 'REJECTED') {
    applyRejection(cashout, { rejectionCode: input.rejection_code, rejectionReason: input.rejection_reason });
  }
  state.cashouts.set(id, cashout);
  return { ok: true, cashout };
}
