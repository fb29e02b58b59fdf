import { randomUUID } from 'node:crypto';
import { requestBodySha256 } from '../../../main/core/audit/canonical-json';
import { accountOrigin } from '../../../main/core/payments/base-url';
import {
  approveRequest,
  claimRequest,
  listPolicies,
  listRequests,
  rejectRequest,
  requestById,
  setPolicy,
  submitRequest,
  withdrawRequest,
  type SubmitRequestInput,
} from '../../../main/core/team/approvals';
import { putTeamEnvironment } from '../../../main/core/team/environments';
import {
  beginOperation,
  operationByKey,
  recordOutcome,
  settleOperation,
} from '../../../main/core/team/operations';
import { dataOf } from '../../support/result';
import { expect, test, type TeamDatabase } from '../../support/team-database';

/**
 * main/core/team/approvals.ts over migrations/0002-approvals.ts: four eyes held by the database.
 * Each refusal is the database's own (a desk that skipped the console would meet the same), and the
 * constraint behind the function is tested with the function bypassed.
 */

const PRODUCTION_URL = 'https://api.payments.example/';
const TESTING_URL = 'https://sandbox.payments.example/';
const governed = `${accountOrigin(PRODUCTION_URL) ?? ''}#key:0123456789abcdef01234567`;
const ungoverned = `${accountOrigin(TESTING_URL) ?? ''}#key:0123456789abcdef01234567`;

const kindOf = (result: { ok: boolean; error?: { kind: string } }) =>
  result.ok ? 'done' : result.error?.kind;

function refund(account: string, deposit: string, amount: string, currency = 'BRL'): SubmitRequestInput {
  const body = { deposit_id: deposit, amount, currency, comments: 'customer asked' };
  return {
    account,
    action: 'refund',
    target: { kind: 'deposit', id: deposit },
    idempotencyKey: randomUUID(),
    amount,
    currency,
    body,
    bodySha256: requestBodySha256(body),
    reason: 'Ticket 4411: duplicate charge',
  };
}

/** The team's two environments, a maker, two approvers and an executor, each a person of their own. */
async function approvalTeam(team: TeamDatabase) {
  const admin = await team.desk(['paydesk_admin']);
  dataOf(
    await putTeamEnvironment(admin.client, {
      name: 'Production',
      kind: 'production',
      baseUrl: PRODUCTION_URL,
    }),
  );
  dataOf(await putTeamEnvironment(admin.client, { name: 'Testing', kind: 'testing', baseUrl: TESTING_URL }));
  return {
    admin,
    maker: await team.desk(['paydesk_operator']),
    approver: await team.desk(['paydesk_approver']),
    second: await team.desk(['paydesk_approver']),
    executor: await team.desk(['paydesk_executor']),
  };
}

async function journalTail(team: TeamDatabase, count: number): Promise<Array<Record<string, unknown>>> {
  const { rows } = await team.owner.query<{ entry: string; person: string }>(
    'SELECT entry, person FROM paydesk.journal ORDER BY seq DESC LIMIT $1',
    [count],
  );
  return rows
    .reverse()
    .map((row) => ({ person: row.person, ...(JSON.parse(row.entry) as Record<string, unknown>) }));
}

test('production defaults: a refund and a cancel need an approver; testing and deposits do not', async ({
  team,
}) => {
  const { maker, admin } = await approvalTeam(team);
  const direct = await beginOperation(maker.client, refund(governed, 'dep-1', '10.00'));
  expect(kindOf(direct)).toBe('not_permitted');
  expect(direct.ok ? '' : direct.error.message).toContain('Production');
  expect(kindOf(await beginOperation(maker.client, refund(ungoverned, 'dep-1', '10.00')))).toBe('done');
  const policies = dataOf(await listPolicies(admin.client)).filter((row) => row.environment === 'Production');
  expect(
    policies.map((row) => [row.action, row.mode, row.approvers, row.valid_for_seconds, row.is_default]),
  ).toEqual([
    ['cashout_cancel', 'always', 1, 14_400, true],
    ['deposit_create', 'none', 1, 14_400, true],
    ['refund', 'always', 1, 14_400, true],
  ]);
});

test('above an amount per currency: below it goes, above it or in another currency it waits', async ({
  team,
}) => {
  const { maker, admin } = await approvalTeam(team);
  const above = {
    environment: 'Production',
    action: 'refund',
    mode: 'above',
    approvers: 1,
    validForSeconds: 3600,
  } as const;
  expect(kindOf(await setPolicy(maker.client, { ...above, thresholds: { BRL: '500.00' } }))).toBe(
    'not_permitted',
  );
  expect(kindOf(await setPolicy(admin.client, { ...above, thresholds: { brl: 'lots' } }))).toBe('validation');
  dataOf(await setPolicy(admin.client, { ...above, thresholds: { BRL: '500.00' } }));
  expect(kindOf(await beginOperation(maker.client, refund(governed, 'dep-2', '500.00')))).toBe('done');
  expect(kindOf(await beginOperation(maker.client, refund(governed, 'dep-3', '500.01')))).toBe(
    'not_permitted',
  );
  expect(kindOf(await beginOperation(maker.client, refund(governed, 'dep-4', '1.00', 'USD')))).toBe(
    'not_permitted',
  );
  expect((await journalTail(team, 5)).find((entry) => entry.type === 'policy_set')).toMatchObject({
    person: admin.person,
    environment: 'Production',
    mode: 'above',
    thresholds: { BRL: '500.00' },
  });
});

test('submit, approve, claim: the maker cannot approve or send, another body is refused, one claim wins', async ({
  team,
}) => {
  const { maker, approver, second, executor } = await approvalTeam(team);
  const asked = refund(governed, 'dep-10', '80.00');
  const submitted = dataOf(await submitRequest(maker.client, asked));
  expect(submitted).toMatchObject({
    state: 'waiting',
    made_by: maker.person,
    environment: 'Production',
    approvers_needed: 1,
  });
  expect(submitted.body).toEqual(asked.body);
  // The same key again is the same request.
  expect(dataOf(await submitRequest(maker.client, asked)).id).toBe(submitted.id);

  const self = await approveRequest(maker.client, {
    requestId: submitted.id,
    bodySha256: asked.bodySha256,
    note: null,
  });
  expect(kindOf(self)).toBe('not_permitted');
  const otherBody = requestBodySha256({ ...asked.body, amount: '8000.00' });
  expect(
    kindOf(
      await approveRequest(approver.client, { requestId: submitted.id, bodySha256: otherBody, note: null }),
    ),
  ).toBe('idempotency_conflict');
  const approved = dataOf(
    await approveRequest(approver.client, {
      requestId: submitted.id,
      bodySha256: asked.bodySha256,
      note: 'checked the ticket',
    }),
  );
  expect(approved).toMatchObject({ state: 'approved', approved_by: [approver.person] });
  expect(approved.expires_at?.getTime()).toBeGreaterThan(Date.now() + 3.9 * 3600_000);

  expect(
    kindOf(await claimRequest(maker.client, { requestId: submitted.id, bodySha256: asked.bodySha256 })),
  ).toBe('not_permitted');
  const claims = await Promise.all([
    claimRequest(executor.client, { requestId: submitted.id, bodySha256: asked.bodySha256 }),
    claimRequest(second.client, { requestId: submitted.id, bodySha256: asked.bodySha256 }),
  ]);
  expect(claims.map(kindOf).sort()).toEqual(['done', 'invalid_state']);
  const claimed = claims.find((claim) => claim.ok);
  const operation = dataOf(
    await operationByKey(executor.client, {
      account: governed,
      action: 'refund',
      idempotencyKey: asked.idempotencyKey,
    }),
  );
  expect(operation).toMatchObject({
    id: claimed?.ok ? claimed.data.operation : '?',
    state: 'sending',
    body_hash: asked.bodySha256,
  });
  // A resend of the claimed operation under its key is the same operation, policy or not.
  expect(dataOf(await beginOperation(executor.client, asked)).id).toBe(operation?.id);

  const steps = (await journalTail(team, 4)).map((entry) => [entry.type, entry.person, entry.maker]);
  expect(steps).toEqual([
    ['request_submitted', maker.person, maker.person],
    ['request_approved', approver.person, maker.person],
    ['operation_begun', expect.any(String), undefined],
    ['request_claimed', expect.any(String), maker.person],
  ]);
});

test('the constraint holds four eyes with the function bypassed by the owner', async ({ team }) => {
  const { maker } = await approvalTeam(team);
  const asked = refund(governed, 'dep-11', '5.00');
  const submitted = dataOf(await submitRequest(maker.client, asked));
  // The owner may insert past the functions, and switch the stamping trigger off; the CHECK remains.
  await team.owner.query('ALTER TABLE paydesk.approvals DISABLE TRIGGER approvals_approver');
  const bypass = team.owner.query(
    'INSERT INTO paydesk.approvals (request, maker, body_hash, approver) VALUES ($1, $2, $3, $2)',
    [submitted.id, maker.person, asked.bodySha256],
  );
  await expect(bypass).rejects.toMatchObject({ code: '23514', constraint: 'approver_is_not_maker' });
  // Naming another maker than the request's is refused by the foreign key.
  const forged = team.owner.query(
    'INSERT INTO paydesk.approvals (request, maker, body_hash, approver) VALUES ($1, $2, $3, $4)',
    [submitted.id, 'someone-else', asked.bodySha256, maker.person],
  );
  await expect(forged).rejects.toMatchObject({ code: '23503' });
});

test('two approvers: the same person twice is refused; the second person completes it', async ({ team }) => {
  const { maker, admin, approver, second } = await approvalTeam(team);
  dataOf(
    await setPolicy(admin.client, {
      environment: 'Production',
      action: 'refund',
      mode: 'always',
      thresholds: {},
      approvers: 2,
      validForSeconds: 3600,
    }),
  );
  const asked = refund(governed, 'dep-12', '5.00');
  const { id } = dataOf(await submitRequest(maker.client, asked));
  const once = dataOf(
    await approveRequest(approver.client, { requestId: id, bodySha256: asked.bodySha256, note: null }),
  );
  expect(once.state).toBe('waiting');
  expect(
    kindOf(
      await approveRequest(approver.client, { requestId: id, bodySha256: asked.bodySha256, note: null }),
    ),
  ).toBe('not_permitted');
  const twice = dataOf(
    await approveRequest(second.client, { requestId: id, bodySha256: asked.bodySha256, note: null }),
  );
  expect(twice).toMatchObject({ state: 'approved', approved_by: [approver.person, second.person] });
});

test('an expired approval cannot be claimed: the request closes as expired, nothing begins', async ({
  team,
}) => {
  const { maker, approver, executor } = await approvalTeam(team);
  const asked = refund(governed, 'dep-13', '5.00');
  const { id } = dataOf(await submitRequest(maker.client, asked));
  dataOf(await approveRequest(approver.client, { requestId: id, bodySha256: asked.bodySha256, note: null }));
  // Four hours pass (the database's clock is not ours to move: the expiry is moved back instead).
  await team.owner.query(
    "UPDATE paydesk.approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1",
    [id],
  );
  expect(dataOf(await requestById(executor.client, id)).state).toBe('expired');
  const late = await claimRequest(executor.client, { requestId: id, bodySha256: asked.bodySha256 });
  expect(kindOf(late)).toBe('invalid_state');
  expect(late.ok ? '' : late.error.message).toContain('lapsed');
  expect(kindOf(await claimRequest(executor.client, { requestId: id, bodySha256: asked.bodySha256 }))).toBe(
    'invalid_state',
  );
  expect(
    dataOf(
      await operationByKey(executor.client, {
        account: governed,
        action: 'refund',
        idempotencyKey: asked.idempotencyKey,
      }),
    ),
  ).toBeNull();
  expect((await journalTail(team, 1))[0]).toMatchObject({ type: 'request_expired', person: executor.person });
});

test('editing withdraws the waiting request; a rejection says why; a viewer sees no body', async ({
  team,
}) => {
  const { maker, approver } = await approvalTeam(team);
  const first = dataOf(await submitRequest(maker.client, refund(governed, 'dep-14', '5.00')));
  const edited = refund(governed, 'dep-14', '6.00');
  const second = dataOf(await submitRequest(maker.client, edited));
  expect(dataOf(await requestById(maker.client, first.id))).toMatchObject({
    state: 'withdrawn',
    closed_by: maker.person,
  });
  // Another person's request on the same target waits its turn.
  const other = await team.desk(['paydesk_operator']);
  expect(kindOf(await submitRequest(other.client, refund(governed, 'dep-14', '7.00')))).toBe(
    'intent_unresolved',
  );

  expect(kindOf(await rejectRequest(maker.client, { requestId: second.id, note: 'mine' }))).toBe(
    'not_permitted',
  );
  expect(kindOf(await rejectRequest(approver.client, { requestId: second.id, note: ' ' }))).toBe(
    'validation',
  );
  const rejected = dataOf(
    await rejectRequest(approver.client, { requestId: second.id, note: 'amount not agreed' }),
  );
  expect(rejected).toMatchObject({
    state: 'rejected',
    closed_by: approver.person,
    close_note: 'amount not agreed',
  });
  expect(
    kindOf(
      await approveRequest(approver.client, {
        requestId: second.id,
        bodySha256: edited.bodySha256,
        note: null,
      }),
    ),
  ).toBe('invalid_state');

  const viewer = await team.desk(['paydesk_viewer']);
  const listed = dataOf(await listRequests(viewer.client, { all: true }));
  expect(listed.map((row) => row.state).sort()).toEqual(['rejected', 'withdrawn']);
  await expect(viewer.client.query('SELECT body FROM paydesk.approval_requests_view')).rejects.toMatchObject({
    code: '42501',
  });
  const third = dataOf(await submitRequest(maker.client, refund(governed, 'dep-15', '5.00')));
  expect(dataOf(await withdrawRequest(maker.client, third.id)).state).toBe('withdrawn');
});

test('settling a governed unknown outcome as failed takes a second person', async ({ team }) => {
  const { maker, approver, executor, second } = await approvalTeam(team);
  const asked = refund(governed, 'dep-16', '5.00');
  const { id } = dataOf(await submitRequest(maker.client, asked));
  dataOf(await approveRequest(approver.client, { requestId: id, bodySha256: asked.bodySha256, note: null }));
  const claimed = dataOf(
    await claimRequest(executor.client, { requestId: id, bodySha256: asked.bodySha256 }),
  );
  const operationId = claimed.operation ?? '';
  dataOf(
    await recordOutcome(executor.client, {
      operationId,
      outcome: 'unknown',
      httpStatus: 503,
      serviceCode: null,
    }),
  );
  await team.owner.query(
    "UPDATE paydesk.operations SET created_at = now() - interval '10 minutes' WHERE id = $1",
    [operationId],
  );
  const failed = {
    operationId,
    result: 'error',
    method: 'manual',
    note: 'not in the merchant panel',
  } as const;
  expect(dataOf(await settleOperation(executor.client, failed)).state).toBe('outcome_unknown');
  expect(kindOf(await settleOperation(executor.client, failed))).toBe('not_permitted');
  expect(dataOf(await settleOperation(second.client, failed)).state).toBe('error');
  const steps = (await journalTail(team, 2)).map((entry) => [entry.type, entry.person]);
  expect(steps).toEqual([
    ['failure_proposed', executor.person],
    ['operation_settled', second.person],
  ]);
});

test('an executor killed between claim and outcome: the target stays blocked team-wide; past 23 h no resend', async ({
  team,
}) => {
  const { maker, approver, executor } = await approvalTeam(team);
  const asked = refund(governed, 'dep-17', '5.00');
  const { id } = dataOf(await submitRequest(maker.client, asked));
  dataOf(await approveRequest(approver.client, { requestId: id, bodySha256: asked.bodySha256, note: null }));
  dataOf(await claimRequest(executor.client, { requestId: id, bodySha256: asked.bodySha256 }));
  // The executor dies here: no outcome is recorded. Every desk finds the deposit blocked.
  const another = await submitRequest(maker.client, refund(governed, 'dep-17', '1.00'));
  expect(kindOf(another)).toBe('intent_unresolved');
  // A restarted executor resends under the stored key within the service's memory of it...
  expect(dataOf(await beginOperation(executor.client, asked)).state).toBe('sending');
  // ...and never once the key is 23 hours old (D18): the status is read or the operation settled instead.
  await team.owner.query("UPDATE paydesk.operations SET created_at = now() - interval '23 hours 1 minute'");
  expect(kindOf(await beginOperation(executor.client, asked))).toBe('invalid_state');
});
