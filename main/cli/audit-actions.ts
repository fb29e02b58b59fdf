import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import type {
  AuditEntryView,
  AuditFilter,
  AuditUnresolvedView,
  AuditVerifyReport,
  Result,
} from '../../shared/contract';
import { verifyJournalFileAt, type JournalFileVerdict } from '../core/team/export';
import type { CommandContext } from './command-context';
import { invalidOption } from './command-context';
import { asJson } from './input';
import { printable } from './output';
import type { CliSession } from './session';

/** What `paydesk audit …` does (its definitions and help: audit-commands.ts). */

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

export interface ExportOptions {
  csv?: boolean;
  team?: boolean;
  jsonl?: boolean;
  out?: string;
  action?: string;
  state?: string;
  from?: string;
  to?: string;
}

/** Which journal `audit export` writes: the desk's as CSV, or the team's as JSON lines, whole. */
function exportFormat(options: ExportOptions): Result<'csv' | 'team'> {
  if (options.team) {
    if (options.csv) return invalidOption('--csv', 'the team journal is exported as JSON lines (--jsonl)');
    if (!options.jsonl)
      return invalidOption('--team', 'add --jsonl: the team journal is exported as JSON lines');
    const filter = (['action', 'state', 'from', 'to'] as const).find((name) => options[name] !== undefined);
    // Whole, or its chain could not be checked: an auditor verifies every link up to the head.
    if (filter) return invalidOption(`--${filter}`, 'the team journal is exported whole, unfiltered');
    return { ok: true, data: 'team' };
  }
  if (options.jsonl)
    return invalidOption('--jsonl', 'only the team journal (--team) is exported as JSON lines');
  if (!options.csv) {
    return invalidOption('--csv', "say which: --csv (this desk's journal) or --team --jsonl (the team's)");
  }
  return { ok: true, data: 'csv' };
}

/** Characters a write to --out or stdout gathers at once: few writes, never the whole journal. */
const WRITE_CHUNK_CHARS = 64 * 1024;

function* gathered(parts: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const part of parts) {
    chunk += part;
    if (chunk.length >= WRITE_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** Writes an export to --out, readable by its owner alone (0600 when it makes the file). */
async function writeOut(out: string, parts: Iterable<string>): Promise<Result<string>> {
  const path = resolve(out);
  try {
    const file = await open(path, 'w', 0o600);
    try {
      for (const chunk of gathered(parts)) await file.write(chunk);
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      error: {
        kind: 'storage',
        field: '--out',
        message: `--out: cannot write ${path}${typeof code === 'string' ? ` (${code})` : ''}`,
      },
    };
  }
  return { ok: true, data: path };
}

/** `audit export --team --jsonl`: the environment's team journal, verified first (team/export.ts). */
function exportTeam(context: CommandContext, out: string | undefined): Promise<void> {
  const { io } = context;
  return context.withSession('manage', async (session) => {
    const target = await session.target();
    if (!target.ok) return context.fail(target.error);
    const exported = await session.team.exportJournal(target.data.id);
    if (!exported.ok) return context.fail(exported.error);
    const { header } = exported.data;
    if (out === undefined) {
      for (const chunk of gathered(exported.data.lines())) io.stdout.write(chunk);
      return;
    }
    const written = await writeOut(out, exported.data.lines());
    if (!written.ok) return context.fail(written.error);
    if (context.json) context.print(asJson({ wrote: written.data, header }));
    else
      io.stdout.write(`# wrote ${written.data}: ${header.head.seq} entries, head hash ${header.head.hash}\n`);
  });
}

/** What `audit verify --file` says of the file itself, after the verdict. */
function fileLine(verdict: JournalFileVerdict): string {
  if (verdict.format === 'desk-journal') {
    return "file: a desk's journal, read alone: entries cut off its end show only against its anchor (audit verify at that desk)";
  }
  const { team, exportedAt, exportedBy, head } = verdict.header;
  return `file: team journal export of ${printable(`${team.host}:${team.port}/${team.database}`)}, exported ${exportedAt} by ${printable(exportedBy)}; its header names entry ${head.seq}, hash ${head.hash}`;
}

/** `audit verify --file`: no database, no profile, the file's bytes alone (team/export.ts). */
async function verifyFile(context: CommandContext, file: string): Promise<void> {
  const verdict = await verifyJournalFileAt(file);
  if (!verdict.ok) return context.fail(verdict.error);
  const { report } = verdict.data;
  if (context.json) {
    context.print(
      asJson({
        format: verdict.data.format,
        ...(verdict.data.format === 'team-export' && { header: verdict.data.header }),
        ...report,
      }),
    );
  } else context.io.stdout.write(`${verdictLine(report)}\n${fileLine(verdict.data)}\n`);
  if (!report.ok) {
    const problem = report.firstProblem;
    context.fail({
      kind: 'storage',
      field: '--file',
      message: problem
        ? `${printable(file)} is broken at line ${problem.line} (${problem.kind}): ${problem.message}`
        : `${printable(file)} is broken.`,
    });
    context.exit(1);
  }
}

const settled = (entry: AuditEntryView): string =>
  `settled: intent ${entry.intentId ?? '—'} is now ${entry.state ?? entry.result ?? '—'}${entry.note ? ` (${entry.note})` : ''}\n`;
// `write`: PAYDESK_BASE_URL and its credentials define the environment when set, so an intent
// made through them can be settled through them too.
const settleWith = (
  context: CommandContext,
  operation: (session: CliSession) => Promise<Result<AuditEntryView>>,
  purpose: 'manage' | 'write' = 'manage',
) =>
  context.withSession(purpose, async (session) => {
    const entry = await operation(session);
    if (!entry.ok) return context.fail(entry.error);
    if (context.json) context.print(asJson(entry.data));
    else context.io.stdout.write(settled(entry.data));
  });

/** `paydesk audit verify`. */
export function verify(
  context: CommandContext,
  options: { file?: string; team?: boolean },
): Promise<void> | void {
  const { io } = context;
  if (options.file !== undefined) {
    if (options.team)
      return context.fail({
        kind: 'validation',
        field: '--team',
        message: '--team: give --file or --team, not both.',
      });
    return verifyFile(context, options.file);
  }
  return context.withSession('manage', async (session) => {
    let report: Awaited<ReturnType<typeof session.api.verifyAudit>>;
    if (options.team) {
      const target = await session.target();
      if (!target.ok) return context.fail(target.error);
      report = await session.team.verifyJournal(target.data.id);
    } else {
      report = await session.api.verifyAudit({});
    }
    if (!report.ok) return context.fail(report.error);
    const { data } = report;
    if (context.json) context.print(asJson(data));
    else io.stdout.write([verdictLine(data), ...detailLines(data)].map((line) => `${line}\n`).join(''));
    if (!data.ok) {
      const problem = data.firstProblem;
      if (options.team) {
        // The team's journal is the database's: only its owner could have changed it, and no desk repairs it.
        context.fail({
          kind: 'storage',
          message: `The team journal does not verify${problem ? ` at entry ${problem.line} (${problem.kind}): ${problem.message}` : '.'} Tell the team's owner and keep this desk's record of it (team-heads.json).`,
        });
        return context.exit(1);
      }
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
  });
}

/** `paydesk audit acknowledge-truncation`: the desk's file first, else a team stream that needs it. */
export function acknowledgeTruncation(
  context: CommandContext,
  options: { reason: string },
): Promise<void> | void {
  const { io } = context;
  return context.withSession('manage', async (session) => {
    const done = await session.journalCare.acknowledgeTruncation({ reason: options.reason });
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
  });
}

/** `paydesk audit repair`. */
export function repair(context: CommandContext, options: { reason: string }): Promise<void> | void {
  const { io } = context;
  return context.withSession('manage', async (session) => {
    const done = await session.journalCare.repairDamage({ reason: options.reason });
    if (!done.ok) return context.fail(done.error);
    if (context.json) context.print(asJson(done.data));
    else {
      const lines = done.data.lines.map(
        (line) => `line ${line.line} repaired at entry ${line.seq}: its bytes are kept in ${line.sidecar}`,
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
  });
}

/** `paydesk audit export`. */
export function exportJournal(context: CommandContext, options: ExportOptions): Promise<void> | void {
  const { io } = context;
  const format = exportFormat(options);
  if (!format.ok) return context.fail(format.error);
  if (format.data === 'team') return exportTeam(context, options.out);
  return context.withSession('manage', async (session) => {
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
    const written = await writeOut(options.out, [exported.data.csv]);
    if (!written.ok) return context.fail(written.error);
    io.stdout.write(`# wrote ${written.data}\n`);
  });
}

/** `paydesk audit unresolved`. */
export function listUnresolved(context: CommandContext): Promise<void> {
  const { io } = context;
  return context.withSession('manage', async (session) => {
    const open = await session.api.listUnresolvedIntents({});
    if (!open.ok) return context.fail(open.error);
    if (context.json) context.print(asJson(open.data));
    else
      io.stdout.write(
        open.data.length === 0 ? '(none)\n' : `${open.data.map(unresolvedLine).join('\n\n')}\n`,
      );
  });
}

/** `paydesk audit retry <intent-id>`. */
export const retry = (
  context: CommandContext,
  intentId: string,
  options: { reason?: string; yes?: boolean },
): Promise<void> =>
  settleWith(
    context,
    async (session) => {
      const armed = await context.armForCommand(session, { ...options, reasonOptional: true });
      if (!armed.ok) return armed;
      return session.api.retryIntent({
        intentId,
        ...(options.reason !== undefined && { reason: options.reason }),
      });
    },
    'write',
  );

/** `paydesk audit reread <intent-id>`. */
export const reread = (context: CommandContext, intentId: string): Promise<void> =>
  settleWith(context, (session) => session.api.rereadIntent({ intentId }), 'write');

/** `paydesk audit settle <intent-id>`. */
export const settle = (
  context: CommandContext,
  intentId: string,
  options: { verdict: string; note: string },
): Promise<void> =>
  settleWith(context, async (session) => {
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
  });
