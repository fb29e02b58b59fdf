import type { ConsoleApi } from '../../../shared/contract';
import { AUDIT_HANDLERS } from './audit';
import { BATCH_HANDLERS } from './batch';
import { CASHOUT_HANDLERS } from './cashouts';
import { CLOCK_HANDLERS } from './clock';
import type { ConsoleContext } from './context';
import { CREDENTIAL_HANDLERS } from './credentials';
import { DEPOSIT_HANDLERS } from './deposits';
import { DRAFT_HANDLERS } from './drafts';
import { ENVIRONMENT_HANDLERS } from './environments';
import { GUARD_HANDLERS } from './guard';
import { consoleApiOf, type ConsoleMethods } from './method';
import { NOTIFICATION_HANDLERS } from './notifications';
import { PREFERENCE_HANDLERS } from './preferences';
import { RECONCILE_HANDLERS } from './reconcile';
import { RECORDS_HANDLERS } from './record-views';
import { REFERENCE_HANDLERS } from './reference';
import { REFUND_HANDLERS } from './refunds';
import { SANDBOX_HANDLERS } from './sandbox-controls';
import { SHELL_HANDLERS } from './shell';
import { SUB_MERCHANT_HANDLERS } from './sub-merchants';
import { TEAM_HANDLERS } from './team';
import { WATCH_HANDLERS } from './watchlist';

/**
 * Every method of the console in main: each domain's file declares its methods (argument schema
 * and handler side by side); this only composes them. A method the contract lists and no domain
 * handles, or one handled twice, does not compile.
 */
export const CONSOLE_HANDLERS: ConsoleMethods = {
  ...ENVIRONMENT_HANDLERS,
  ...CREDENTIAL_HANDLERS,
  ...CLOCK_HANDLERS,
  ...PREFERENCE_HANDLERS,
  ...DEPOSIT_HANDLERS,
  ...REFUND_HANDLERS,
  ...CASHOUT_HANDLERS,
  ...REFERENCE_HANDLERS,
  ...SUB_MERCHANT_HANDLERS,
  ...SHELL_HANDLERS,
  ...SANDBOX_HANDLERS,
  ...GUARD_HANDLERS,
  ...AUDIT_HANDLERS,
  ...BATCH_HANDLERS,
  ...WATCH_HANDLERS,
  ...RECORDS_HANDLERS,
  ...DRAFT_HANDLERS,
  ...RECONCILE_HANDLERS,
  ...TEAM_HANDLERS,
  ...NOTIFICATION_HANDLERS,
};

/**
 * The ConsoleApi (shared/contract): the use-cases behind the Electron IPC router, the web
 * bridge and the CLI. Transport-agnostic: every method takes its already-parsed argument
 * (createDispatcher parses it) and answers a Result; an expected failure never throws.
 */
export function createConsoleApi(context: ConsoleContext): ConsoleApi {
  return consoleApiOf(CONSOLE_HANDLERS, context);
}
