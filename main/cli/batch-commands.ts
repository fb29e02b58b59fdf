import type { Command } from 'commander';
import { BATCH_LIMITS } from '../../shared/contract';
import { formatBytes } from '../core/storage/bounded-read';
import type * as BatchActions from './batch-actions';
import type { BatchFlags } from './batch-actions';
import type { CommandContext } from './command-context';
import type { ActionsLoader } from './command-groups';

/**
 * `paydesk batch deposits|refunds|cashouts <file|->`: the console's batch lookup (the same
 * parser, engine, rate cap and "changed since the last run" file as the app) from a terminal.
 * Results on stdout (lines, `--json` one document, or `--csv`); invalid tokens, duplicates and
 * progress (when stderr is a terminal) on stderr.
 *
 * Exit codes (the CLI's table): 0 every id was found; 1 some lookups were refused or not found;
 * 2 bad input (invalid tokens, no id at all, bad options); 3 some lookups could not reach the
 * service (network, timeout), or the batch stopped on that; 130 Ctrl-C (what was answered is
 * printed). A batch stopped by a problem that is not the ids' (a wrong key, the clock) exits with
 * that error's code.
 */

/** UTF-8 needs at most 4 bytes a character; the parser then counts characters. */
export const MAX_INPUT_BYTES = BATCH_LIMITS.maxTextChars * 4;

export function describeBatchCommands(
  program: Command,
  context: CommandContext,
  actions: ActionsLoader<typeof BatchActions>,
): void {
  program
    .command('batch')
    .description('look up many deposits, refunds or cashouts at once (ids from a text or CSV file, or stdin)')
    .argument('<kind>', 'deposits, refunds or cashouts')
    .argument('<source>', 'a text or CSV file holding the ids, or - for stdin')
    .option(
      '--concurrency <n>',
      `lookups in flight at once (${BATCH_LIMITS.concurrency.min}-${BATCH_LIMITS.concurrency.max}, default ${BATCH_LIMITS.concurrency.default})`,
    )
    .option(
      '--rate <n>',
      `requests per second at most (${BATCH_LIMITS.ratePerSecond.min}-${BATCH_LIMITS.ratePerSecond.max}, default ${BATCH_LIMITS.ratePerSecond.default})`,
    )
    .option('--csv', 'print the results as CSV (spreadsheet formulas neutralised)')
    .addHelpText(
      'after',
      `
Ids: any separators (spaces, commas, semicolons, pipes, tabs, quotes, new lines). A first row of
column names is skipped; when it names the id column (deposit_id, refund_id, cashout_id, id,
external_id) only that column is read. Cashouts: the numeric cashout_id, or the external id as
ext:<external_id> (an external_id column is read whole). Duplicates are dropped; invalid tokens
are listed on stderr. At most ${BATCH_LIMITS.maxIds} distinct ids.
Each row says whether its status changed since the last finished batch of the same kind in the
same environment (kept in the data folder; a damaged one is moved aside, never used, and a note
on stderr says so). The file or stdin may hold at most ${formatBytes(MAX_INPUT_BYTES)}.
Exit codes: 0 all found; 1 some refused or not found; 2 bad input (invalid tokens included);
3 some lookups could not reach the service; 130 Ctrl-C.`,
    )
    .action(async (kindText: string, source: string, flags: BatchFlags) =>
      (await actions()).batch(context, kindText, source, flags),
    );
}
