import { z } from 'zod';
import type { Result, TeamExecutorView, TeamSendingView } from '../../../shared/contract';
import type { TeamClient } from './client';
import { checkedRow, checkedRows } from './rows';

/**
 * Whether the team's executor is running (docs/architecture.md, "Team mode: approvals"): each of
 * its passes leaves a heartbeat (`executor_heartbeats_view`); the Team screen and the maker told
 * on submit judge it by the one rule here.
 */

/** Executors pass every few seconds: a minute without a word means none is running. */
const EXECUTOR_SILENT_AFTER_SECONDS = 60;

/** The one-minute rule: an executor last heard `secondsAgo` seconds ago (Infinity: never) is silent. */
export const executorIsSilent = (secondsAgo: number): boolean => secondsAgo > EXECUTOR_SILENT_AFTER_SECONDS;

/** One executor's last pass as the database keeps it. */
interface ExecutorPass {
  person: string;
  at: Date;
  sent: number;
}

/**
 * Who sends, and how the executors stand at `now` (the database's clock, so a desk's own clock
 * being off changes nothing). Newest pass first. Pure: the Team screen's decision, tested with
 * fixed times.
 */
export function sendingHealth(input: {
  environment: string | null;
  signer: TeamSendingView['signer'];
  passes: readonly ExecutorPass[];
  now: Date;
}): TeamSendingView {
  const executors: TeamExecutorView[] = input.passes
    .map((pass) => {
      const secondsAgo = Math.max(0, Math.round((input.now.getTime() - pass.at.getTime()) / 1000));
      return {
        person: pass.person,
        lastPassAt: pass.at.toISOString(),
        secondsAgo,
        sent: pass.sent,
        state: executorIsSilent(secondsAgo) ? ('silent' as const) : ('healthy' as const),
      };
    })
    .sort((a, b) => a.secondsAgo - b.secondsAgo);
  const { environment, signer } = input;
  if (signer === 'desk') return { environment, signer, health: 'desk', executors };
  const [newest] = executors;
  return { environment, signer, health: newest === undefined ? 'none' : newest.state, executors };
}

const signerRowSchema = z.object({
  now: z.date(),
  environment: z.string().nullable(),
  signer: z.enum(['desk', 'executor']).nullable(),
});

const passRowSchema = z.object({
  person: z.string(),
  at: z.date(),
  sent: z.string().regex(/^\d+$/),
});

/**
 * Who sends the approved moves of the service at `origin` (payments/base-url.ts accountOrigin),
 * and the executors heard for it. Two team environments on one origin: an executor-signed one
 * wins, since a move it governs waits for an executor. No environment names the origin: the
 * approver's desk sends, as the database's `claim_request` lets it.
 */
export async function readSending(
  client: TeamClient,
  origin: string | null,
): Promise<Result<TeamSendingView>> {
  const signer = await checkedRow(
    client,
    {
      text: `SELECT now() AS now, e.name AS environment, e.signer FROM (SELECT 1) AS one
               LEFT JOIN LATERAL (SELECT name, signer FROM paydesk.environments_view WHERE origin = $1
                                   ORDER BY (signer = 'executor') DESC, name LIMIT 1) AS e ON true`,
      values: [origin],
    },
    signerRowSchema,
    'signer',
  );
  if (!signer.ok) return signer;
  const passes = await checkedRows(
    client,
    {
      text: `SELECT person, at, sent::text AS sent FROM paydesk.executor_heartbeats_view
              WHERE split_part(account, '#', 1) = $1 ORDER BY at DESC`,
      values: [origin],
    },
    passRowSchema,
    'heartbeat',
  );
  if (!passes.ok) return passes;
  return {
    ok: true,
    data: sendingHealth({
      environment: signer.data.environment,
      signer: signer.data.signer ?? 'desk',
      passes: passes.data.map((pass) => ({ person: pass.person, at: pass.at, sent: Number(pass.sent) })),
      now: signer.data.now,
    }),
  };
}
