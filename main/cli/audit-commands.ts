import type { Command } from 'commander';
import { AUDIT_ACTIONS, AUDIT_STATES } from '../../shared/contract';
import type * as AuditActions from './audit-actions';
import type { ExportOptions } from './audit-actions';
import type { CommandContext } from './command-context';
import type { ActionsLoader } from './command-groups';

/**
 * `paydesk audit …`: the journal the desktop app and the CLI share (the data folder's
 * audit/). `verify` exits 1 when the chain is broken or entries were cut off the end, and names the
 * first problem; it lists every repair and acknowledged gap. `acknowledge-truncation` lets the
 * journal accept entries again after lines were cut off its end (the desk's file first, else a
 * team profile's stream: console/journals.ts).
 */
export function describeAuditCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof AuditActions>,
): void {
  const audit = program.command('audit').description('the audit journal of every mutating call');

  audit
    .command('verify')
    .description(
      'check the hash chain and the anchor of its end; exit 1 when it is broken or entries were cut off the end',
    )
    .option(
      '--file <file>',
      "check a file instead, with no database or profile: a team journal export (audit export --team --jsonl) or a desk's journal.jsonl",
    )
    .option(
      '--team',
      "check the team journal of --env's team instead: its chain in the database, and that the head this desk saw last was not rewritten",
    )
    .action(async (options: { file?: string; team?: boolean }) => (await actions()).verify(context, options));

  audit
    .command('acknowledge-truncation')
    .description(
      'after entries were cut off the end of the journal (see audit verify): record who checked it and why, and accept new entries again',
    )
    .requiredOption('--reason <text>', 'what was checked (kept in the journal)')
    .action(async (options: { reason: string }) => (await actions()).acknowledgeTruncation(context, options));

  audit
    .command('repair')
    .description(
      'after a line in the middle of the journal cannot be read (see audit verify): keep its bytes aside, list what it may have been, record who checked it and why, and accept new intents again',
    )
    .requiredOption('--reason <text>', 'what was checked (kept in the journal)')
    .action(async (options: { reason: string }) => (await actions()).repair(context, options));

  audit
    .command('export')
    .description(
      "export the desk's journal as CSV (spreadsheet formulas neutralised; --env filters by environment), or the environment's team journal (--team --jsonl), verified first, for audit verify --file",
    )
    .option('--csv', "the desk's journal as CSV")
    .option('--team', "the team journal of the environment's (--env) team, as JSON lines (with --jsonl)")
    .option('--jsonl', 'JSON lines: the format of --team')
    .option('--out <file>', 'write to this file (0600) instead of stdout')
    .option('--action <action>', `--csv: ${AUDIT_ACTIONS.join(', ')}`)
    .option('--state <state>', `--csv: ${AUDIT_STATES.join(', ')}`)
    .option('--from <iso>', '--csv: from this time (inclusive), e.g. 2024-03-01T00:00:00Z')
    .option('--to <iso>', '--csv: to this time (exclusive)')
    .action(async (options: ExportOptions) => (await actions()).exportJournal(context, options));

  audit
    .command('unresolved')
    .description(
      'intents whose outcome is unknown (re-read the status, or retry with the same key in the app)',
    )
    .action(async () => (await actions()).listUnresolved(context));

  audit
    .command('retry')
    .description(
      'send an unresolved intent again under its ORIGINAL key (the service replays its first answer); never once its key is 23 hours old (the service forgets a key after 24)',
    )
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .option('--reason <text>', "why (production: required when the intent's own reason is missing)")
    .option('--yes', 'confirm (required in production: arms it for this one command)')
    .action(async (intentId: string, options: { reason?: string; yes?: boolean }) =>
      (await actions()).retry(context, intentId, options),
    );

  audit
    .command('reread')
    .description('settle an unresolved intent by reading the status of what it acted on')
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .action(async (intentId: string) => (await actions()).reread(context, intentId));

  audit
    .command('settle')
    .description(
      'settle an unresolved intent by hand, after checking with the service (who and why are journaled)',
    )
    .argument('<intent-id>', 'the intent, as `audit unresolved` lists it')
    .requiredOption('--verdict <verdict>', 'happened | did-not-happen')
    .requiredOption('--note <text>', 'how it was checked')
    .action(async (intentId: string, options: { verdict: string; note: string }) =>
      (await actions()).settle(context, intentId, options),
    );
}
