import type { Command } from 'commander';
import type { ConsoleError, JsonValue } from '../../shared/contract';
import type { ApprovalAction, ApprovalPolicy, ApprovalRequest, PolicyInput } from '../core/team/approvals';
import type { CommandContext } from './command-context';
import { asJson } from './input';

/**
 * `paydesk approvals …`: four eyes on the team's money moves (main/core/console/approvals.ts; the
 * database holds every rule, team/migrations/0002-approvals.ts). A move the team's policy governs
 * is submitted by the command that makes it (`refunds create` answers `team.approvalSubmitted`);
 * another person reads it (`show`), approves it by the hash of the body they read, and their desk
 * sends it (`send`, or `approve --send`) under the maker's key, once.
 */

const REQUEST_ID = /^\d{1,18}$/;
const ACTIONS: readonly ApprovalAction[] = ['refund', 'cashout_cancel', 'deposit_create'];
const MODES: readonly ApprovalPolicy['mode'][] = ['none', 'above', 'always'];

const invalid = (field: string, message: string): ConsoleError => ({ kind: 'validation', field, message });

/** A request as printed: dates as ISO text, the body only when it was read with one. */
function requestAsJson(request: ApprovalRequest): JsonValue {
  return asJson({
    ...request,
    body: request.body as JsonValue,
    created_at: request.created_at.toISOString(),
    approved_at: request.approved_at?.toISOString() ?? null,
    expires_at: request.expires_at?.toISOString() ?? null,
    closed_at: request.closed_at?.toISOString() ?? null,
  });
}

/** `4h`, `30m`, `1d` or plain seconds, as a number of seconds. */
function durationSeconds(text: string): number | null {
  const match = /^(\d{1,6})([smhd]?)$/.exec(text.trim());
  if (!match) return null;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** `BRL=500.00,USD=100` as the database's thresholds. */
function thresholds(text: string | undefined): Record<string, string> | null {
  if (text === undefined || text.trim() === '') return {};
  const kept: Record<string, string> = {};
  for (const part of text.split(',')) {
    const match = /^\s*([A-Z]{3})=(\d{1,15}(?:\.\d{1,2})?)\s*$/.exec(part);
    if (!match) return null;
    kept[match[1] as string] = match[2] as string;
  }
  return kept;
}

export function describeApprovalCommands(program: Command, context: CommandContext): void {
  const approvals = program
    .command('approvals')
    .description("the team's four-eyes queue, through the team of --env: list, show, approve, reject, send");

  /** Runs `task` with the team profile (--env or the active one), printing what it answers. */
  const asTeam = (
    purpose: 'manage' | 'write',
    task: (
      session: Parameters<Parameters<CommandContext['withSession']>[1]>[0],
      environmentId: string,
    ) => Promise<{ ok: true; data: JsonValue } | { ok: false; error: ConsoleError }>,
  ) =>
    context.withSession(purpose, async (session) => {
      const target = await session.target();
      if (!target.ok) return context.fail(target.error);
      const done = await task(session, target.data.id);
      if (!done.ok) return context.fail(done.error);
      context.print(done.data);
    });

  const checkedId = (requestId: string): ConsoleError | null =>
    REQUEST_ID.test(requestId) ? null : invalid('request', 'request: a number, as approvals list shows it.');

  approvals
    .command('list')
    .description('the requests waiting or approved (newest first); --all adds the closed ones')
    .option('--all', 'also rejected, withdrawn, expired and sent requests')
    .action((options: { all?: boolean }) =>
      asTeam('manage', async (session, environmentId) => {
        const listed = await session.team.approvals(environmentId, { all: options.all === true });
        return listed.ok ? { ok: true, data: listed.data.map(requestAsJson) } : listed;
      }),
    );

  approvals
    .command('show')
    .description('one request with the exact body it sends and that body’s hash, which approve takes')
    .argument('<request>', 'the request, as approvals list shows it')
    .action((requestId: string) => {
      const bad = checkedId(requestId);
      if (bad) return context.fail(bad);
      return asTeam('manage', async (session, environmentId) => {
        const shown = await session.team.approval(environmentId, requestId);
        return shown.ok ? { ok: true, data: requestAsJson(shown.data) } : shown;
      });
    });

  approvals
    .command('approve')
    .description('approve a request you did not make, as `show` printed it (journaled with your name)')
    .argument('<request>', 'the request')
    .requiredOption('--body-hash <hex>', 'the body_hash `show` printed (at least its first 12 characters)')
    .option('--note <text>', 'what you checked')
    .option('--send', 'once approved, send it from this desk (desk-signed)')
    .option('--reason <text>', 'with --send: why, for the journal (the request’s own reason otherwise)')
    .option('--yes', 'with --send in production: arms it for this one command')
    .action(
      (
        requestId: string,
        options: { bodyHash: string; note?: string; send?: boolean; reason?: string; yes?: boolean },
      ) => {
        const bad = checkedId(requestId);
        if (bad) return context.fail(bad);
        return asTeam(options.send ? 'write' : 'manage', async (session, environmentId) => {
          const approved = await session.team.approve(environmentId, {
            requestId,
            bodyHash: options.bodyHash,
            note: options.note ?? null,
          });
          if (!approved.ok || !options.send || approved.data.state !== 'approved') {
            return approved.ok ? { ok: true, data: requestAsJson(approved.data) } : approved;
          }
          return send(session, environmentId, requestId, options);
        });
      },
    );

  const send = async (
    session: Parameters<Parameters<typeof asTeam>[1]>[0],
    environmentId: string,
    requestId: string,
    options: { reason?: string; yes?: boolean; confirm?: string },
  ): Promise<{ ok: true; data: JsonValue } | { ok: false; error: ConsoleError }> => {
    const armed = await context.armForCommand(session, { ...options, reasonOptional: true });
    if (!armed.ok) return armed;
    const sent = await session.team.sendApproved(environmentId, {
      requestId,
      ...(options.reason !== undefined && { reason: options.reason }),
      ...(options.confirm !== undefined && { typedConfirmation: options.confirm }),
    });
    return sent.ok ? { ok: true, data: asJson({ request: requestId, sent: sent.data }) } : sent;
  };

  approvals
    .command('send')
    .description('send an approved request from this desk, exactly as approved, under its key; once')
    .argument('<request>', 'the request')
    .option('--reason <text>', 'why, for the journal (the request’s own reason otherwise)')
    .option('--confirm <cashout id>', 'a cashout cancel in production: the cashout id, typed')
    .option('--yes', 'in production: arms it for this one command')
    .action((requestId: string, options: { reason?: string; yes?: boolean; confirm?: string }) => {
      const bad = checkedId(requestId);
      if (bad) return context.fail(bad);
      return asTeam('write', (session, environmentId) => send(session, environmentId, requestId, options));
    });

  approvals
    .command('reject')
    .description('reject a request someone else made, saying why (journaled)')
    .argument('<request>', 'the request')
    .requiredOption('--note <text>', 'why')
    .action((requestId: string, options: { note: string }) => {
      const bad = checkedId(requestId);
      if (bad) return context.fail(bad);
      return asTeam('manage', async (session, environmentId) => {
        const rejected = await session.team.reject(environmentId, { requestId, note: options.note });
        return rejected.ok ? { ok: true, data: requestAsJson(rejected.data) } : rejected;
      });
    });

  approvals
    .command('withdraw')
    .description('withdraw a request of your own that is still waiting or approved')
    .argument('<request>', 'the request')
    .action((requestId: string) => {
      const bad = checkedId(requestId);
      if (bad) return context.fail(bad);
      return asTeam('manage', async (session, environmentId) => {
        const withdrawn = await session.team.withdraw(environmentId, requestId);
        return withdrawn.ok ? { ok: true, data: requestAsJson(withdrawn.data) } : withdrawn;
      });
    });

  const policy = approvals
    .command('policy')
    .description("the team's approval policies, per team environment");
  policy
    .command('list')
    .description('every team environment’s policy per action, the production defaults marked')
    .action(() =>
      asTeam('manage', async (session, environmentId) => {
        const listed = await session.team.policies(environmentId);
        return listed.ok ? { ok: true, data: asJson(listed.data) } : listed;
      }),
    );
  policy
    .command('signer')
    .description(
      'admins: who sends approved moves in a team environment: the approver’s desk, or only the executor',
    )
    .argument('<team-environment>', 'the team environment')
    .argument('<signer>', 'desk | executor')
    .action((name: string, signer: string) => {
      if (signer !== 'desk' && signer !== 'executor') {
        return context.fail(invalid('signer', 'signer: desk or executor.'));
      }
      return asTeam('manage', async (session, environmentId) => {
        const kept = await session.team.setSigner(environmentId, { environment: name, signer });
        return kept.ok ? { ok: true, data: asJson({ environment: name, signer }) } : kept;
      });
    });

  approvals
    .command('executors')
    .description("each executor's last pass: who, for which account, how long ago, how many sent")
    .action(() =>
      asTeam('manage', async (session, environmentId) => {
        const health = await session.team.executorHealth(environmentId);
        return health.ok ? { ok: true, data: asJson(health.data) } : health;
      }),
    );

  policy
    .command('set')
    .description('admins: set what an action needs in a team environment (journaled)')
    .argument('<team-environment>', 'the team environment, as `team env list` names it')
    .requiredOption('--action <action>', ACTIONS.join(' | '))
    .requiredOption('--mode <mode>', `${MODES.join(' | ')}`)
    .option('--above <amounts>', 'with --mode above: per currency, e.g. BRL=500.00,USD=100')
    .option('--approvers <n>', 'how many people other than the maker', '1')
    .option('--valid-for <duration>', 'how long an approval may wait to be sent (e.g. 4h, 30m)', '4h')
    .action(
      (
        name: string,
        options: { action: string; mode: string; above?: string; approvers: string; validFor: string },
      ) => {
        const action = ACTIONS.find((known) => known === options.action);
        if (!action) return context.fail(invalid('--action', `--action: one of ${ACTIONS.join(', ')}.`));
        const mode = MODES.find((known) => known === options.mode);
        if (!mode) return context.fail(invalid('--mode', `--mode: one of ${MODES.join(', ')}.`));
        const amounts = thresholds(options.above);
        if (amounts === null) {
          return context.fail(invalid('--above', '--above: currency=amount pairs, e.g. BRL=500.00,USD=100.'));
        }
        const approvers = Number(options.approvers);
        if (!Number.isInteger(approvers) || approvers < 1 || approvers > 5) {
          return context.fail(invalid('--approvers', '--approvers: 1 to 5.'));
        }
        const validForSeconds = durationSeconds(options.validFor);
        if (validForSeconds === null) {
          return context.fail(invalid('--valid-for', '--valid-for: a duration such as 4h, 30m or 1d.'));
        }
        const input: PolicyInput = {
          environment: name,
          action,
          mode,
          thresholds: amounts,
          approvers,
          validForSeconds,
        };
        return asTeam('manage', async (session, environmentId) => {
          const kept = await session.team.setPolicy(environmentId, input);
          return kept.ok ? { ok: true, data: asJson({ policy: name, action, mode }) } : kept;
        });
      },
    );
}

/** Seconds between an executor's passes when nothing wakes it sooner. */
const EXECUTOR_INTERVAL_DEFAULT = '5';

/**
 * `paydesk team executor`: the headless runtime a team runs on one machine, the only holder of an
 * executor-signed environment's service credentials. Each pass sends every approved request of the
 * profile's account (console/approvals.ts executorPass: the database lets one claim win between
 * two executors) and leaves a heartbeat; one line per pass says what it did.
 */
export function describeExecutorCommand(team: Command, context: CommandContext): void {
  team
    .command('executor')
    .description(
      "send the team's approved requests for --env's account, pass after pass, until Ctrl-C (the executor)",
    )
    .option('--once', 'one pass, then exit (1 when a request could not be sent)')
    .option('--interval <seconds>', 'seconds between passes', EXECUTOR_INTERVAL_DEFAULT)
    .option('--yes', 'in production: arms it for each pass')
    .option('--reason <text>', "for the journal (each request's own reason otherwise)")
    .action((options: { once?: boolean; interval: string; yes?: boolean; reason?: string }) => {
      const interval = Number(options.interval);
      if (!Number.isInteger(interval) || interval < 1 || interval > 3600) {
        return context.fail(invalid('--interval', '--interval: whole seconds, 1 to 3600.'));
      }
      return context.withSession('write', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const environmentId = target.data.id;
        const { signal } = context.io;
        // Between passes the executor answers desks' signed reads, woken by each one asked.
        const reads = options.once ? null : session.team.executorReads(environmentId);
        let readsAnswered = 0;
        try {
          for (;;) {
            const armed = await context.armForCommand(session, { ...options, reasonOptional: true });
            if (!armed.ok) return context.fail(armed.error);
            const pass = await session.team.executorPass(environmentId, {
              ...(options.reason !== undefined && { reason: options.reason }),
            });
            if (!pass.ok) {
              if (options.once) return context.fail(pass.error);
              context.note(
                `executor: this pass failed (${pass.error.message}); trying again in ${interval} s`,
              );
            } else {
              const refused = pass.data.requests.filter((request) => !request.sent);
              if (context.json) {
                context.print(asJson({ at: new Date().toISOString(), ...pass.data, readsAnswered }));
              } else {
                const sent = pass.data.requests.length - refused.length;
                context.io.stdout.write(
                  `executor ${new Date().toISOString()} ${environmentId}: ${sent} sent, ${refused.length} not sent, ${readsAnswered} read(s) answered${refused
                    .map((request) => `; request ${request.requestId}: ${request.error?.message ?? ''}`)
                    .join('')}\n`,
                );
              }
              if (options.once) return refused.length > 0 ? context.exit(1) : undefined;
            }
            if (reads === null) return;
            readsAnswered = await reads.serveUntil(Date.now() + interval * 1000, signal);
            if (signal?.aborted) return context.exit(130);
          }
        } finally {
          await reads?.close();
        }
      });
    });
}
