import type { CashoutRef } from '../../../../shared/contract';

/** A cashout's ids as a heading names them: "123 / EXT-1", or the one that is known. */
export function refLabel(ref: CashoutRef): string {
  return [ref.cashoutId !== undefined ? String(ref.cashoutId) : null, ref.externalId ?? null]
    .filter((part): part is string => part !== null)
    .join(' / ');
}
