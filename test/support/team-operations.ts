import { randomUUID } from 'node:crypto';
import { requestBodySha256 } from '../../main/core/audit/canonical-json';
import type { BeginOperationInput } from '../../main/core/team/operations';

/** The team tests' intents: one merchant account (D19), each with its own key unless given one. */

const TEAM_ACCOUNT = 'merchant-7';

export const teamRefund = (
  deposit: string,
  amount: string,
  key: string = randomUUID(),
): BeginOperationInput => ({
  account: TEAM_ACCOUNT,
  action: 'refund',
  target: { kind: 'deposit', id: deposit },
  idempotencyKey: key,
  amount,
  currency: 'BRL',
  bodySha256: requestBodySha256({ deposit_id: deposit, amount }),
});

export const teamCashoutCancel = (cashout: string): BeginOperationInput => ({
  account: TEAM_ACCOUNT,
  action: 'cashout_cancel',
  target: { kind: 'cashout', id: cashout },
  idempotencyKey: randomUUID(),
  amount: null,
  currency: null,
  bodySha256: requestBodySha256({ cashout_id: cashout }),
});
