import {
  CASHOUT_STATUS_CODES,
  DEPOSIT_STATUSES,
  REFUND_STATUSES,
  type ConsoleApi,
  type SandboxEntity,
} from '../../../../shared/contract';

/**
 * Pure helpers of the sandbox controls (no DOM, no React): unit-tested in Node under
 * test/unit/renderer.
 */

/** The statuses a record can be moved to, from the contract's lists (the sandbox refuses a move its state machine lacks). */
export const TARGET_STATUSES: Readonly<Record<SandboxEntity, readonly string[]>> = {
  deposit: DEPOSIT_STATUSES,
  refund: REFUND_STATUSES,
  cashout: Object.values(CASHOUT_STATUS_CODES),
};

/** D7: a bank's rejection of a cashout carries a code from 800 to 826. */
const REJECTION_CODE_RANGE = { min: 800, max: 826 } as const;
export const REJECTION_CODES: readonly number[] = Array.from(
  { length: REJECTION_CODE_RANGE.max - REJECTION_CODE_RANGE.min + 1 },
  (_, index) => REJECTION_CODE_RANGE.min + index,
);

/** The cashout status that takes a rejection code and reason. */
export const REJECTED = 'REJECTED';

/** One-click clock moves. */
export const CLOCK_PRESETS = [
  { key: 'hour', seconds: 3_600 },
  { key: 'day', seconds: 86_400 },
  { key: 'week', seconds: 7 * 86_400 },
] as const;

/** The largest clock move main accepts (arg-schemas: ten years of 366 days). */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 86_400;

export type TransitionArg = Parameters<ConsoleApi['transitionSandboxRecord']>[0];

export interface TransitionForm {
  entity: SandboxEntity;
  /** As typed. */
  id: string;
  to: string;
  /** As chosen: '' for none. */
  rejectionCode: string;
  rejectionReason: string;
}

export type TransitionProblem = 'id' | 'to' | 'rejectionCode';

/**
 * The transitionSandboxRecord argument a filled form stands for, or the field that is not usable yet.
 * A rejection code and reason go only with a cashout moved to REJECTED; blank ones are left out
 * (the sandbox then uses the bank's default reason for the code).
 */
export function transitionArgument(
  form: TransitionForm,
): { ok: true; arg: TransitionArg } | { ok: false; problem: TransitionProblem } {
  const idText = form.id.trim().replace(/^#/, '');
  const id = /^\d+$/.test(idText) ? Number(idText) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, problem: 'id' };
  if (!TARGET_STATUSES[form.entity].includes(form.to)) return { ok: false, problem: 'to' };
  const arg: TransitionArg = { entity: form.entity, id, to: form.to };
  if (form.entity === 'cashout' && form.to === REJECTED) {
    if (form.rejectionCode !== '') {
      const code = Number(form.rejectionCode);
      if (!REJECTION_CODES.includes(code)) return { ok: false, problem: 'rejectionCode' };
      arg.rejectionCode = code;
    }
    const reason = form.rejectionReason.trim();
    if (reason !== '') arg.rejectionReason = reason;
  }
  return { ok: true, arg };
}
