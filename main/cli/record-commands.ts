import type { Command } from 'commander';
import { INDEXED_KINDS, RECENT_SORTS, type IndexedKind } from '../core/record-index/port';
import type { CommandContext } from './command-context';
import type { ActionsLoader } from './command-groups';
import type * as RecordActions from './record-actions';
import type { RecentFlags } from './record-actions';

/**
 * The record index from a terminal: `paydesk search <text>`, `paydesk deposits|refunds|
 * cashouts recent` and `paydesk index rebuild`. The index holds what this console (the app or the
 * CLI, same data folder) created, looked up, batched or watched in the environment, so a record
 * made elsewhere and never looked up here is not in it: the help says so.
 */

export const MAX_LIMIT = 500;
export const DEFAULT_RECENT_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 20;

const NOT_EVERYTHING = `
The index holds what this console (the app or the CLI, sharing the data folder) created, looked
up, batched or watched in the environment; a record made elsewhere and never looked up here is not
in it. \`paydesk index rebuild\` makes it again from the audit journal.`;

export function describeRecordCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof RecordActions>,
): void {
  const subcommandOf = (name: string): Command =>
    program.commands.find((command) => command.name() === name) ?? program.command(name);

  program
    .command('search')
    .description('find a record by any id, invoice id or external id in the record index')
    .argument('<text>', 'an id, invoice id or external id, or its beginning')
    .option('--kind <kind>', `only these kinds: ${INDEXED_KINDS.join(', ')} (comma-separated)`)
    .option('--limit <n>', `at most this many records (1-${MAX_LIMIT}, default ${DEFAULT_SEARCH_LIMIT})`)
    .addHelpText(
      'after',
      `\nExact matches come first, then records whose id begins with the text.${NOT_EVERYTHING}`,
    )
    .action(async (text: string, options: { kind?: string; limit?: string }) =>
      (await actions()).search(context, text, options),
    );

  const recentKinds: ReadonlyArray<readonly [string, IndexedKind]> = [
    ['deposits', 'deposit'],
    ['refunds', 'refund'],
    ['cashouts', 'cashout'],
  ];
  for (const [parent, kind] of recentKinds) {
    subcommandOf(parent)
      .command('recent')
      .description(
        `the ${parent} in the record index, newest first, filtered by status, date, amount or currency`,
      )
      .option('--status <status>', 'only this status, e.g. COMPLETED')
      .option('--from <day-or-time>', 'last seen on or after (2024-05-31, or 2024-05-31T14:00:00Z)')
      .option('--to <day-or-time>', 'last seen up to the end of this day, or before this time')
      .option('--min-amount <x>', 'amount at least this')
      .option('--max-amount <x>', 'amount at most this')
      .option('--currency <code>', 'only this currency, e.g. BRL')
      .option('--sort <order>', `${RECENT_SORTS.join(', ')} (default newest, by last seen)`)
      .option('--limit <n>', `at most this many (1-${MAX_LIMIT}, default ${DEFAULT_RECENT_LIMIT})`)
      .option('--offset <n>', 'skip this many first (the next page)')
      .addHelpText('after', NOT_EVERYTHING)
      .action(async (options: RecentFlags) => (await actions()).recent(context, parent, kind, options));
  }

  const index = program
    .command('index')
    .description('the record index that search and the recent lists read');
  index
    .command('rebuild')
    .description(
      "forget the environment's records, make them again from the audit journal, and read each again from the service",
    )
    .option('--no-fetch', 'only use the journal: do not read the records again from the service')
    .addHelpText(
      'after',
      `
The environment is --env's, else the active one. Records that were only looked up, batched or
watched are not in the journal and do not come back until they are looked up again; nor do the
payment instructions of a deposit. Progress of the re-reads goes to stderr. Ctrl-C stops the
re-reads (exit 130); what was read is kept.`,
    )
    .action(async (options: { fetch: boolean }) => (await actions()).rebuildIndex(context, options));
}
