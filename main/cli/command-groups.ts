import type { Command } from 'commander';
import { describeApprovalCommands } from './approval-commands';
import { describeAuditCommands } from './audit-commands';
import { describeBatchCommands } from './batch-commands';
import { describeNotificationCommands } from './notification-commands';
import type { CommandContext } from './command-context';
import { describeCompletionCommand } from './completion';
import { describeEnvironmentCommands } from './environment-commands';
import { describeReconcileCommands } from './reconcile-commands';
import { describeRecordCommands } from './record-commands';
import { describeResourceCommands } from './resource-commands';
import { describeTeamCommands } from './team-commands';

/**
 * Every command group of `paydesk`, and the module each one's commands run. A group is two
 * modules: its `*-commands.ts` adds the commands, arguments, options and help to the program and
 * imports nothing that does work at load (no main/core but plain constants, no zod), and its
 * `*-actions.ts` does the work and is loaded with import() only when one of its commands runs. So
 * `paydesk --help`, `--version` and `completion` never load the console core (main/cli/README.md,
 * "Start-up"; docs/performance.md, "CLI start-up: each command group's work loads when it runs").
 */

/** Loads a group's actions module; import() keeps it, and all it imports, out of the start-up. */
export type ActionsLoader<Actions> = () => Promise<Actions>;

interface CommandGroup {
  register(program: Command, context: CommandContext): void;
}

/** A group whose actions live in a module of their own, loaded when one of its commands runs. */
function lazyGroup<Actions>(
  describe: (program: Command, context: CommandContext, actions: ActionsLoader<Actions>) => void,
  actions: ActionsLoader<Actions>,
): CommandGroup {
  return { register: (program, context) => describe(program, context, actions) };
}

/** A group whose actions need nothing heavier than its definitions, so they stay beside them. */
function lightGroup(describe: (program: Command, context: CommandContext) => void): CommandGroup {
  return { register: describe };
}

/** In the order `paydesk --help` lists the commands. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  lazyGroup(describeResourceCommands, () => import('./resource-actions')),
  lazyGroup(describeRecordCommands, () => import('./record-actions')),
  lightGroup(describeEnvironmentCommands),
  lazyGroup(describeAuditCommands, () => import('./audit-actions')),
  lazyGroup(describeBatchCommands, () => import('./batch-actions')),
  lazyGroup(describeReconcileCommands, () => import('./reconcile-actions')),
  lazyGroup(describeTeamCommands, () => import('./team-actions')),
  // Its actions are the session's (main/core/console/approvals.ts), loaded with the session.
  lightGroup(describeApprovalCommands),
  // Like approvals: its work is the session's (main/core/console/notifications.ts).
  lightGroup(describeNotificationCommands),
  // Last: the script it prints is made from every command above.
  lightGroup(describeCompletionCommand),
];
