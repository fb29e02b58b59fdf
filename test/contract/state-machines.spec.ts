import type { SandboxHandle } from '../../main/sandbox';
import type { PaymentsClient } from '../../main/core/payments';
import { CASHOUT_STATUS_CODES, DEPOSIT_STATUSES, REFUND_STATUSES } from '../../shared/contract';
import {
  FULL_PAYER,
  SEEDED,
  advanceClock,
  control,
  controlOk,
  expect,
  expectError,
  sandboxNow,
  test,
  unwrap,
} from './fixtures';

/**
 * Every move of the three state machines, allowed and refused. The allowed moves are listed
 * here from the spec's state tables, its "further rules" and decisions D7–D9 (NOT from the
 * sandbox's own table); every other ordered pair of statuses must be refused. Moves are driven
 * with the control API (409 when refused) and the result is read back through the client.
 */

type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
type RefundStatus = (typeof REFUND_STATUSES)[number];
const CASHOUT_STATUSES = ['PENDING', 'ON_HOLD', 'CANCELLED', 'DELIVERED', 'COMPLETED', 'REJECTED'] as const;
type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

interface Move<S extends string> {
  from: S;
  to: S;
  /** Where the move comes from. */
  why: string;
}

/**
 * Deposit. The spec's table gives EXPIRED → CANCELLED (time), EXPIRED/CANCELLED → COMPLETED
 * (manual approval); COMPLETED and CANCELLED are final otherwise; EARLY RELEASED only when
 * early_release was sent; FOR REVIEW is transient. D9: HOSTED starts CREATED, ONE_SHOT PENDING.
 * The moves into PENDING and COMPLETED are "not shown": they are read here as the payment's
 * natural course (checkout completed, payment confirmed), and a transient FOR REVIEW leaves to
 * PENDING, COMPLETED or CANCELLED. Expiry comes from payment_info.expiration_date.
 */
const DEPOSIT_MOVES: ReadonlyArray<Move<DepositStatus>> = [
  { from: 'CREATED', to: 'PENDING', why: 'D9: the hosted checkout collected the missing details' },
  { from: 'CREATED', to: 'EXPIRED', why: 'expiration_date passed' },
  { from: 'PENDING', to: 'EXPIRED', why: 'expiration_date passed' },
  { from: 'PENDING', to: 'COMPLETED', why: 'payment confirmed' },
  { from: 'PENDING', to: 'EARLY RELEASED', why: 'spec further rules (only with early_release)' },
  { from: 'PENDING', to: 'FOR REVIEW', why: 'spec further rules: under revision' },
  { from: 'FOR REVIEW', to: 'PENDING', why: 'FOR REVIEW is transient: revision done, still unpaid' },
  { from: 'FOR REVIEW', to: 'COMPLETED', why: 'FOR REVIEW is transient: payment approved' },
  { from: 'FOR REVIEW', to: 'CANCELLED', why: 'FOR REVIEW is transient: payment refused' },
  { from: 'EARLY RELEASED', to: 'COMPLETED', why: 'final confirmation after an early release' },
  { from: 'EXPIRED', to: 'CANCELLED', why: 'spec deposit table row 1 (7 days after expiry)' },
  { from: 'EXPIRED', to: 'COMPLETED', why: 'spec deposit table row 2 (manual approval)' },
  { from: 'CANCELLED', to: 'COMPLETED', why: 'spec deposit table row 3 (manual approval)' },
];

/** Refund: the spec's refund table; DELIVERED comes only from PENDING ("everything is fine"). */
const REFUND_MOVES: ReadonlyArray<Move<RefundStatus>> = [
  { from: 'PENDING', to: 'INCORRECT_DETAILS', why: 'spec refund table row 2' },
  { from: 'INCORRECT_DETAILS', to: 'PENDING', why: 'spec refund table row 3' },
  { from: 'PENDING', to: 'CANCELLED', why: 'spec refund table row 4' },
  { from: 'INCORRECT_DETAILS', to: 'CANCELLED', why: 'spec refund table row 4' },
  { from: 'PENDING', to: 'DELIVERED', why: 'spec refund table row 5 (everything is fine)' },
  { from: 'DELIVERED', to: 'COMPLETED', why: 'spec refund table row 6' },
  { from: 'DELIVERED', to: 'REJECTED', why: 'spec refund table row 7' },
  { from: 'COMPLETED', to: 'REJECTED', why: 'spec refund table row 8 (corner case)' },
];

/** Cashout: the spec's cashout table (D7 codes); DELIVERED can no longer be cancelled. */
const CASHOUT_MOVES: ReadonlyArray<Move<CashoutStatus>> = [
  { from: 'PENDING', to: 'DELIVERED', why: 'spec cashout table row 3' },
  { from: 'PENDING', to: 'ON_HOLD', why: 'spec cashout table row 4' },
  { from: 'ON_HOLD', to: 'PENDING', why: 'spec cashout table row 5' },
  { from: 'PENDING', to: 'CANCELLED', why: 'spec cashout table row 6' },
  { from: 'ON_HOLD', to: 'CANCELLED', why: 'spec cashout table row 6 (merchant panel)' },
  { from: 'DELIVERED', to: 'COMPLETED', why: 'spec cashout table row 7' },
  { from: 'DELIVERED', to: 'REJECTED', why: 'spec cashout table row 8' },
  { from: 'COMPLETED', to: 'REJECTED', why: 'spec cashout table row 9 (corner case)' },
];

/** Every ordered pair of distinct statuses, with the move that allows it (if any). */
function allPairs<S extends string>(
  statuses: readonly S[],
  moves: ReadonlyArray<Move<S>>,
): Array<{ from: S; to: S; allowed?: Move<S> }> {
  return statuses.flatMap((from) =>
    statuses
      .filter((to) => to !== from)
      .map((to) => ({ from, to, allowed: moves.find((move) => move.from === from && move.to === to) })),
  );
}

/** The moves that lead from a seeded status to `target`, using only the allowed list above. */
function pathTo<S extends string>(moves: ReadonlyArray<Move<S>>, starts: readonly S[], target: S): S[] {
  const queue: Array<S[]> = starts.map((start) => [start]);
  const seen = new Set<S>(starts);
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const last = path[path.length - 1] as S;
    if (last === target) return path;
    for (const move of moves.filter((candidate) => candidate.from === last && !seen.has(candidate.to))) {
      seen.add(move.to);
      queue.push([...path, move.to]);
    }
  }
  throw new Error(`no path to ${target}`);
}

type Entity = 'deposits' | 'refunds' | 'cashouts';

async function transition(
  sandbox: SandboxHandle,
  entity: Entity,
  id: number,
  to: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return (await control(sandbox, 'POST', `/${entity}/${id}/transition`, { to, ...extra })).status;
}

/** Drives a record along a path of allowed moves (setup); a refusal is a finding in itself. */
async function walk(sandbox: SandboxHandle, entity: Entity, id: number, path: readonly string[]) {
  for (const to of path.slice(1)) {
    await controlOk(sandbox, 'POST', `/${entity}/${id}/transition`, { to });
  }
}

// --- deposits -------------------------------------------------------------------------------

/** A seeded deposit in each status (PENDING: one created without early_release). */
const DEPOSIT_SUBJECTS: Record<DepositStatus, number> = {
  CREATED: SEEDED.createdHostedDeposit,
  PENDING: SEEDED.pendingVoucherDeposit,
  COMPLETED: SEEDED.completedCardDeposit,
  EXPIRED: SEEDED.expiredDeposit,
  CANCELLED: SEEDED.cancelledDeposit,
  'EARLY RELEASED': SEEDED.earlyReleasedDeposit,
  'FOR REVIEW': SEEDED.forReviewDeposit,
};

const depositStatus = async (client: PaymentsClient, id: number): Promise<string> =>
  unwrap(await client.getDeposit(id)).record.status;

test.describe('deposit moves', () => {
  for (const { from, to, allowed } of allPairs(DEPOSIT_STATUSES, DEPOSIT_MOVES)) {
    // EARLY RELEASED needs a deposit created with early_release (the guard is tested below).
    const subject =
      from === 'PENDING' && to === 'EARLY RELEASED'
        ? SEEDED.pendingEarlyReleaseDeposit
        : DEPOSIT_SUBJECTS[from];
    test(`${from} → ${to}: ${allowed ? `allowed (${allowed.why})` : 'refused'}`, async ({
      sandbox,
      client,
    }) => {
      expect(await depositStatus(client, subject)).toBe(from);
      expect(await transition(sandbox, 'deposits', subject, to)).toBe(allowed ? 200 : 409);
      expect(await depositStatus(client, subject)).toBe(allowed ? to : from);
    });
  }

  test('PENDING → EARLY RELEASED is refused when early_release was not sent', async ({ sandbox, client }) => {
    const created = unwrap(
      await client.createDeposit({ amount: 50, country: 'BR', payer: FULL_PAYER, payment_method: 'BL' }),
    );
    const id = created.record.deposit_id;
    expect(await depositStatus(client, id)).toBe('PENDING');
    expect(await transition(sandbox, 'deposits', id, 'EARLY RELEASED')).toBe(409);
    expect(await depositStatus(client, id)).toBe('PENDING');
    // The same move on a deposit created with early_release: true is allowed.
    const early = unwrap(
      await client.createDeposit({
        amount: 50,
        country: 'BR',
        payer: FULL_PAYER,
        payment_method: 'BL',
        early_release: true,
      }),
    ).record.deposit_id;
    expect(await transition(sandbox, 'deposits', early, 'EARLY_RELEASED')).toBe(200);
    // D9: either spelling reads as the canonical one.
    expect(await depositStatus(client, early)).toBe('EARLY RELEASED');
  });
});

test.describe('deposit moves driven by time', () => {
  /** `yyyy-MM-dd HH:mm:ss` (service clock, UTC) as epoch ms. */
  const serviceTime = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);

  test('PENDING → EXPIRED at expiration_date, EXPIRED → CANCELLED 7 days later', async ({
    sandbox,
    client,
  }) => {
    const created = unwrap(
      await client.createDeposit({ amount: 80, country: 'BR', payer: FULL_PAYER, payment_method: 'IX' }),
    ).record;
    const expiration = created.payment_info?.expiration_date;
    expect(expiration).toBeDefined();
    const id = created.deposit_id;
    const toExpiry = (serviceTime(expiration ?? '') - (await sandboxNow(sandbox))) / 1000;
    // The timestamp has whole seconds, so the true instant lies within the second after it.
    await advanceClock(sandbox, toExpiry - 2);
    expect(await depositStatus(client, id)).toBe('PENDING');
    await advanceClock(sandbox, 4);
    expect(await depositStatus(client, id)).toBe('EXPIRED');
    // Spec Limits: 7 days from expiry to cancellation.
    await advanceClock(sandbox, 7 * 86_400 - 5);
    expect(await depositStatus(client, id)).toBe('EXPIRED');
    await advanceClock(sandbox, 5);
    expect(await depositStatus(client, id)).toBe('CANCELLED');
    // Manual approval after the cancel (spec deposit table row 3).
    expect(await transition(sandbox, 'deposits', id, 'COMPLETED')).toBe(200);
    expect(await depositStatus(client, id)).toBe('COMPLETED');
  });

  test('a HOSTED deposit (CREATED) expires too, and an expired one can still be approved', async ({
    sandbox,
    client,
  }) => {
    const created = unwrap(await client.createDeposit({ amount: 30, country: 'MX' })).record;
    expect(created.checkout_type).toBe('HOSTED');
    expect(await depositStatus(client, created.deposit_id)).toBe('CREATED');
    const view = await controlOk(sandbox, 'GET', `/deposits/${created.deposit_id}`);
    const toExpiry = (Date.parse(view.expires_at as string) - (await sandboxNow(sandbox))) / 1000;
    await advanceClock(sandbox, toExpiry + 1);
    expect(await depositStatus(client, created.deposit_id)).toBe('EXPIRED');
    // Spec deposit table row 2: payer paid late, manual approval.
    expect(await transition(sandbox, 'deposits', created.deposit_id, 'COMPLETED')).toBe(200);
    expect(await depositStatus(client, created.deposit_id)).toBe('COMPLETED');
    // COMPLETED is final: a week later nothing moved.
    await advanceClock(sandbox, 8 * 86_400);
    expect(await depositStatus(client, created.deposit_id)).toBe('COMPLETED');
  });
});

// --- refunds --------------------------------------------------------------------------------

const REFUND_SEEDS: Array<{ status: RefundStatus; id: number }> = [
  { status: 'PENDING', id: SEEDED.pendingRefundWithoutAmount },
  { status: 'DELIVERED', id: SEEDED.deliveredRefund },
  { status: 'COMPLETED', id: SEEDED.completedRefund },
];

/** A seeded refund and the allowed path that brings it to `status`. */
function refundSubject(status: RefundStatus): { id: number; path: RefundStatus[] } {
  const path = pathTo(
    REFUND_MOVES,
    REFUND_SEEDS.map((seed) => seed.status),
    status,
  );
  const seed = REFUND_SEEDS.find((candidate) => candidate.status === path[0]);
  if (!seed) throw new Error(`no seed for ${status}`);
  return { id: seed.id, path };
}

test.describe('refund moves', () => {
  for (const { from, to, allowed } of allPairs(REFUND_STATUSES, REFUND_MOVES)) {
    test(`${from} → ${to}: ${allowed ? `allowed (${allowed.why})` : 'refused'}`, async ({
      sandbox,
      client,
    }) => {
      const { id, path } = refundSubject(from);
      await walk(sandbox, 'refunds', id, path);
      expect(unwrap(await client.getRefund(id)).record.status).toBe(from);
      expect(await transition(sandbox, 'refunds', id, to)).toBe(allowed ? 200 : 409);
      expect(unwrap(await client.getRefund(id)).record.status).toBe(allowed ? to : from);
    });
  }
});

// --- cashouts -------------------------------------------------------------------------------

const CASHOUT_SUBJECTS: Record<CashoutStatus, { cashoutId: number; externalId: string }> = {
  PENDING: SEEDED.pendingCashout,
  ON_HOLD: SEEDED.onHoldCashout,
  DELIVERED: SEEDED.deliveredCashout,
  COMPLETED: SEEDED.completedCashout,
  REJECTED: SEEDED.rejectedCashout,
  CANCELLED: SEEDED.cancelledCashout,
};

/** D7: the numeric code and description of each status. */
const D7: Record<CashoutStatus, { code: number; description: string }> = {
  PENDING: { code: 0, description: 'Pending' },
  COMPLETED: { code: 1, description: 'Completed' },
  CANCELLED: { code: 2, description: 'Canceled' },
  REJECTED: { code: 3, description: 'Rejected' },
  DELIVERED: { code: 4, description: 'Delivered' },
  ON_HOLD: { code: 5, description: 'On hold' },
};

test('D7 codes agree with the contract’s CASHOUT_STATUS_CODES', () => {
  for (const status of CASHOUT_STATUSES) {
    expect(CASHOUT_STATUS_CODES[D7[status].code as keyof typeof CASHOUT_STATUS_CODES]).toBe(status);
  }
});

test.describe('cashout moves', () => {
  for (const { from, to, allowed } of allPairs(CASHOUT_STATUSES, CASHOUT_MOVES)) {
    test(`${from} → ${to}: ${allowed ? `allowed (${allowed.why})` : 'refused'}`, async ({
      sandbox,
      client,
    }) => {
      const subject = CASHOUT_SUBJECTS[from];
      const read = async () => unwrap(await client.getCashoutStatus({ cashoutId: subject.cashoutId })).record;
      expect((await read()).cashout_status).toBe(D7[from].code);
      // D7: a bank rejection carries a rejection code 800–826.
      const extra = to === 'REJECTED' ? { rejection_code: 805, rejection_reason: 'Account blocked' } : {};
      expect(await transition(sandbox, 'cashouts', subject.cashoutId, to, extra)).toBe(allowed ? 200 : 409);
      const after = await read();
      const now = allowed ? to : from;
      expect(after.cashout_status).toBe(D7[now].code);
      expect(after.cashout_status_description).toBe(D7[now].description);
      if (allowed && to === 'REJECTED') {
        expect(after.rejection_code).toBe(805);
        expect(after.rejection_reason).toBe('Account blocked');
      }
      if (now !== 'REJECTED') expect(after.rejection_code).toBeUndefined();
    });
  }
});

test.describe('the cancel endpoint (spec endpoint 8) through the client', () => {
  test('PENDING → CANCELLED: 200 {cashout_status: 2, "Canceled"}', async ({ client }) => {
    const cancelled = unwrap(await client.cancelCashout(SEEDED.pendingCashout)).record;
    expect(cancelled).toEqual({ cashout_status: 2, cashout_status_description: 'Canceled' });
    const read = unwrap(await client.getCashoutStatus({ externalId: SEEDED.pendingCashout.externalId }));
    expect(read.record.cashout_status).toBe(2);
  });

  for (const status of CASHOUT_STATUSES.filter((candidate) => candidate !== 'PENDING')) {
    test(`${status}: refused with 510 invalid_state, nothing changes`, async ({ client }) => {
      const subject = CASHOUT_SUBJECTS[status];
      expectError(await client.cancelCashout(subject), { kind: 'invalid_state', code: 510, httpStatus: 412 });
      const read = unwrap(await client.getCashoutStatus({ cashoutId: subject.cashoutId })).record;
      expect(read.cashout_status).toBe(D7[status].code);
    });
  }

  test('a cashout made PENDING again (ON_HOLD → PENDING) can be cancelled', async ({ sandbox, client }) => {
    expect(await transition(sandbox, 'cashouts', SEEDED.onHoldCashout.cashoutId, 'PENDING')).toBe(200);
    const cancelled = unwrap(await client.cancelCashout(SEEDED.onHoldCashout)).record;
    expect(cancelled.cashout_status).toBe(2);
  });

  test('a fresh cashout from the control API, cancelled by both ids', async ({ sandbox, client }) => {
    const made = await controlOk(sandbox, 'POST', '/cashouts', {
      external_id: 'contract-payout-1',
      amount: 12.5,
    });
    const ids = { cashoutId: made.cashout_id as number, externalId: made.external_id as string };
    expect(unwrap(await client.getCashoutStatus(ids)).record.cashout_status).toBe(0);
    expect(unwrap(await client.cancelCashout(ids)).record.cashout_status).toBe(2);
    expectError(await client.cancelCashout(ids), { kind: 'invalid_state', code: 510, httpStatus: 412 });
  });

  test('unknown cashout → 509 not_found; mismatched ids → 509 and nothing is cancelled', async ({
    client,
  }) => {
    expectError(await client.cancelCashout({ cashoutId: 88_888_888, externalId: 'payout-7781' }), {
      kind: 'not_found',
      code: 509,
      httpStatus: 412,
    });
    expectError(
      await client.cancelCashout({
        cashoutId: SEEDED.pendingCashout.cashoutId,
        externalId: SEEDED.deliveredCashout.externalId,
      }),
      { kind: 'not_found', code: 509, httpStatus: 412 },
    );
    const read = unwrap(await client.getCashoutStatus(SEEDED.pendingCashout)).record;
    expect(read.cashout_status).toBe(0);
  });
});
