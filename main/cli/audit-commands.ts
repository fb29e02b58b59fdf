import type { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type {
  AuditEntryView,
  AuditFilter,
  AuditUnresolvedView,
  AuditVerifyReport,
  Result,
} from '../../shared/contract';
import { AUDIT_ACTIONS, AUDIT_STATES } from '../../shared/contract';
import type { CommandContext } from './program';
import type { CliSession } from './session';
import { asJson } from './input';
import { openJournal } from '../core/audit';
import { dataPaths, resolveDataDir } from '../core/data-dir';
import { printable } from './output';

const ACKNOWLEDGE_COMMAND = 'paydesk audit acknowledge-truncation --reason "<what was checked>"';
const REPAIR_COMMAND = 'paydesk audit repair --reason "<what was checked>"';

/** The first line of `audit verify`: the verdict. */
function verdictLine(report: AuditVerifyReport): string {
  if (report.ok) {
    return `journal ok: ${report.entries} entries${report.headHash ? `, head hash ${report.headHash}` : ''}`;
  }
  if (report.firstProblem) return `journal broken after ${report.entries} good entries`;
  switch (report.anchor?.state) {
    case 'entries_missing':
      return `journal cut short: ${report.anchor.count ?? 0} entries missing from the end`;
    case 'mismatch':
      return 'journal end rewritten: it does not match its anchor';
    case 'anchor_missing':
      return 'journal unverifiable: its anchor is missing';
    default:
      return 'journal anchor unreadable';
  }
}

/** What else `audit verify` found: nothing a repair or an acknowledged gap did goes unsaid. */
function detailLines(report: AuditVerifyReport): string[] {
  const lines: string[] = [];
  const { anchor } = report;
  if (anchor && (anchor.state !== 'matches' || report.firstProblem)) lines.push(`anchor: ${anchor.message}`);
  if (anchor?.since && anchor.since.seq > 0) {
    lines.push(
      `anchor kept since ${anchor.since.time}, when the journal had ${anchor.since.seq} entries: a cut before then cannot be detected`,
    );
  }
  for (const repair of report.repairs ?? []) {
    lines.push(
      `repair at entry ${repair.seq} (${repair.time}): ${repair.bytes} bytes of a cut-short line moved to ${repair.sidecar}`,
    );
  }
  for (const gap of report.gaps ?? []) {
    const what =
      gap.problem === 'entries_missing'
        ? `${gap.missingEntries ?? 0} entries missing from the end`
        : gap.problem === 'mismatch'
          ? 'the end did not match the anchor'
          : 'the anchor could not be read';
    const named = gap.anchorHead ? ` (the anchor named entry ${gap.anchorHead.seq})` : '';
    lines.push(
      `acknowledged gap at entry ${gap.seq} (${gap.time}) by ${printable(gap.osUser ?? 'an unknown user')}: ${what}${named}; reason: ${printable(gap.reason)}`,
    );
  }
  const openDamage = (report.damages ?? []).filter((damage) => damage.repairedAt === undefined);
  for (const damage of report.damages ?? []) {
    const repair = damage.repairedAt;
    lines.push(
      repair
        ? `line ${damage.line} repaired at entry ${repair.seq} (${repair.time}) by ${printable(repair.osUser ?? 'an unknown user')}: ${damage.problem} Its bytes are kept in ${repair.sidecar}; ${damage.suspects} intent(s) listed as unresolved; reason: ${printable(repair.reason)}`
        : `line ${damage.line} cannot be read: ${damage.problem} It may have been a payment action whose outcome is unknown.`,
    );
  }
  if (openDamage.length > 0) lines.push(`new intents are refused until repaired: ${REPAIR_COMMAND}`);
  else if (report.writesRefused)
    lines.push(`new entries are refused until acknowledged: ${ACKNOWLEDGE_COMMAND}`);
  return lines;
}

const unresolvedLine = (view: AuditUnresolvedView): string =>
  [
    `${view.time}  ${view.action}  ${view.environment.name} (${view.environment.kind})`,
    `  intent: ${view.intentId}`,
    `  idempotency key: ${view.idempotencyKey ?? '—'}`,
    `  ids: ${
      Object.entries(view.ids)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(', ') || '—'
    }`,
    `  cause: ${view.cause}; ${view.canRetry ? `can be retried with the same key until ${view.resendUntil ?? '—'}` : retryWhyNot(view)}`,
  ].join('\n');

function retryWhyNot(view: AuditUnresolvedView): string {
  if (view.resendExpired) {
    return `first sent more than 23 hours ago (the service keeps a key 24 hours): never sent again under it; read its status (audit reread) or settle it by hand (audit settle)`;
  }
  return 'its request was not kept: read its status (audit reread) or settle it by hand (audit settle)';
}

/**
 * `paydesk audit …`: the journal the desktop app and the CLI share (the data folder's
 * audit/). `verify` exits 1 when the chain is broken or entries were cut off the end, and names the
 * first problem; it lists every repair and acknowledged gap. `acknowledge-truncation` lets the
 * journal accept entries again after lines were cut off its end.
 */
export function describeAuditCommands(program: Command, context: CommandContext): void {
  const { io } = context;
  const audit = program.command('audit').description('the audit journal of every mutating call');

  audit
    .command('verify')
    .description(
      'check the hash chain and the anchor of its end; exit 1 when it is broken or entries were cut off the end',
    )
    .action(() =>
      context.withSession('manage', async (session) => {
        const report = await session.api.verifyAudit({});
        if (!report.ok) return context.fail(report.error);
        const { data } = report;
        if (context.json) context.print(asJson(data));
        else io.stdout.write([verdictLine(data), ...detailLines(data)].map((line) => `${line}\n`).join(''));
        if (!data.ok) {
          const problem = data.firstProblem;
          const damaged = problem && problem.kind !== 'truncated';
          context.fail({
            kind: 'storage',
            message: problem
              ? `The journal is broken at line ${problem.line} (${problem.kind}): ${problem.message}${damaged ? ` Check it, then: ${REPAIR_COMMAND}` : ''}`
              : data.anchor
                ? `${data.anchor.message} Check it, then: ${ACKNOWLEDGE_COMMAND}`
                : 'The journal is broken.',
          });
          context.exit(1);
        }
      }),
    );

  audit
    .command('acknowledge-truncation')
    .description(
      'after entries were cut off the end of the journal (see audit verify): record who checked it and why, and accept new entries again',
    )
    .requiredOption('--reason <text>', 'what was checked (kept in the journal)')
    .action(async (options: { reason: string }) => {
      // Straight to the journal: the console's API has no such call, and no environment is needed.
      const opened = await openJournal({ dir: dataPaths(resolveDataDir(io.env)).audit });
      if (!opened.ok) return context.fail(opened.error);
      try {
        const done = await opened.data.acknowledgeTruncation({ reason: options.reason });
        if (!done.ok) return context.fail(done.error);
        if (context.json) context.print(asJson(done.data));
        else {
          const what =
            done.data.missingEntries === null
              ? 'the anchor problem is'
              : `${done.data.missingEntries} missing entries are`;
          io.stdout.write(
            `acknowledged at entry ${done.data.seq}: ${what} on record; the journal accepts new entries again\n`,
          );
        }
      } finally {
        await opened.data.close();
      }
    });

  audit
    .command('repair')
    .description(
      'after a line in the middle of the journal cannot be read (see audit verify): keep its bytes aside, list what it may have been, record who checked it and why, and accept new intents again',
    )
    .requiredOption('--reason <text>', 'what was checked (kept in the journal)')
    .action(async (options: { reason: string }) => {
      // Straight to the journal, like acknowledge-truncation: no environment is needed.
      const opened = await openJournal({ dir: dataPaths(resolveDataDir(io.env)).audit });
      if (!opened.ok) return context.fail(opened.error);
      try {
        const done = await opened.data.repairDamage({ reason: options.reason });
        if (!done.ok) return context.fail(done.error);
        if (context.json) context.print(asJson(done.data));
        else {
          const lines = done.data.lines.map(
            (line) =>
              `line ${line.line} repaired at entry ${line.seq}: its bytes are kept in ${line.sidecar}`,
          );
          for (const suspect of done.data.suspects) {
            const ids = Object.entries(suspect.ids)
              .map(([key, value]) => `${key}=${String(value)}`)
              .join(', ');
            lines.push(
              `it may have been intent ${suspect.intentId} (${suspect.action}${ids ? `, ${ids}` : ''}): listed as unresolved until settled (audit unresolved)`,
            );
          }
          lines.push('the journal accepts new intents again');
          io.stdout.write(lines.map((line) => `${line}\n`).join(''));
        }
      } finally {
        await opened.data.close();
      }
    });

  audit
    .command('export')
    .description('export the journal as CSV (spreadsheet formulas neutralised); --env filters by environment')
    .requiredOption('--csv', 'CSV, the export format')
    .option('--out <file>', 'write to this file instead of stdout')
    .option('--action <action>', AUDIT_ACTIONS.join(', '))
    .option('--state <state>', AUDIT_STATES.join(', '))
    .option('--from <iso>', 'from this time (inclusive), e.g. 2024-03-01T00:00:00Z')
    .option('--to <iso>', 'to this time (exclusive)')
    .action((options: { out?: string; action?: string; state?: string; from?: string; to?: string }) =>
      context.withSession('manage', async (session) => {
        const environmentId = context.environmentId();
        const filter = {
          ...(environmentId !== undefined && { environmentId }),
          ...(options.action !== undefined && { action: options.action }),
          ...(options.state !== undefined && { state: options.state }),
          ...(options.from !== undefined && { from: options.from }),
          ...(options.to !== undefined && { to: options.to }),
        } as AuditFilter;
        const exported = await session.api.exportAuditCsv(filter);
        if (!exported.ok) return context.fail(exported.error);
        if (options.out === undefined) {
          io.stdout.write(exported.data.csv);
          return;
        }
        const path = resolve(options.out);
        try {
          await writeFile(path, exported.data.csv, { mode: 0o600 });
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          return context.fail({
            kind: 'storage',
            field: '--out',
            message: `--out: cannot write ${path}${typeof code === 'string' ? ` (${code})` : ''}`,
          });
        }
        io.stdout.write(`# wrote ${path}\n`);
      }),
    );

  audit
    .command('unresolved')
    .description(
      'intents whose outcome is unknown (re-read the status, or retry with the same key in the app)',
    )
    .action(() =>
      context.withSession('manage', async (session) => {
        const open = await session.api.listUnresolvedIntents({});
        if (!open.ok) return context.fail(open.error);
        if (context.json) context.print(asJson(open.data));
        else
          io.stdout.write(
            open.data.length === 0 ? '(none)\n' : `${open.data.map(unresolvedLine).join('\n\n')}\n`,
          );
      }),
    );

  const settled = (entry: AuditEntryView): string =>
    `settled: intent ${entry.intentId ?? '—'} is now ${entry.state ?? entry.result ?? '—'}${entry.note ? ` (${entry.note})` : ''}\n`;
  // `write`: PAYDESK_BASE_URL and its credentials define the environment when set, so an intent
  // made through them can be settled through them too.
  const settleWith = (
    operation: (session: CliSession) => Promise<Result<AuditEntryView>>,
    purpose: 'manage' | 'write' = 'manage',
  ) =>
    context.withSession(purpose, async (session) => {
      const entry = await operation(session);
      if (!entry.ok) return context.fail(entry.error);
      if (context.json) context.print(asJson(entry.data));
      else io.stdout.write(settled(entry.data));
    });

  audit
    .command('retry')
    .description(
      'send an unresolved intent again under its ORIGINAL key (the service replays its first answer); never once its key is 23 hours old (the service forgets a key after 24)',
    )
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .option('--reason <text>', "why (production: required when the intent's own reason is missing)")
    .option('--yes', 'confirm (required in production: arms it for this one command)')
    .action((intentId: string, options: { reason?: string; yes?: boolean }) =>
      settleWith(async (session) => {
        const armed = await context.armForCommand(session, { ...options, reasonOptional: true });
        if (!armed.ok) return armed;
        return session.api.retryIntent({
          intentId,
          ...(options.reason !== undefined && { reason: options.reason }),
        });
      }, 'write'),
    );

  audit
    .command('reread')
    .description('settle an unresolved intent by reading the status of what it acted on')
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .action((intentId: string) => settleWith((session) => session.api.rereadIntent({ intentId }), 'write'));

  audit
    .command('settle')
    .description(
      'settle an unresolved intent by hand, after checking with the service (who and why are journaled)',
    )
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .requiredOption('--verdict <verdict>', 'happened | did-not-happen')
    .requiredOption('--note <text>', 'how it was checked')
    .action((intentId: string, options: { verdict: string; note: string }) =>
      settleWith(async (session) => {
        const verdict =
          options.verdict === 'happened'
            ? 'happened'
            : options.verdict === 'did-not-happen'
              ? 'did_not_happen'
              : null;
        if (verdict === null) {
          return {
            ok: false,
            error: {
              kind: 'validation',
              field: '--verdict',
              message: '--verdict: must be happened or did-not-happen.',
            },
          };
        }
        return session.api.settleIntent({ intentId, verdict, note: options.note });
      }),
    );
}
