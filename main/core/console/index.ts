/**
 * The console core: the ConsoleApi (shared/contract) behind the Electron IPC router, the web
 * bridge and the CLI. Pure Node.
 *
 *   const runtime = createConsoleRuntime({ dataDir: resolveDataDir(), openExternal });
 *   const dispatch = createDispatcher(runtime.api);          // ARG_SCHEMAS by default
 *   const answer = await dispatch(CHANNELS.getDeposit, { depositId: 300000001 });
 *   const stop = runtime.events.onAny((event, payload) => send(EVENT_CHANNEL, { event, payload }));
 *   await runtime.close();
 */
export { createConsoleRuntime, type ConsoleRuntime, type ConsoleRuntimeOptions } from './runtime';
export {
  createDispatcher,
  methodOfChannel,
  trackCalls,
  type Dispatcher,
  type TrackedDispatcher,
} from './dispatch';
export { ARG_SCHEMAS, type ArgSchemas } from './arg-schemas';
export {
  createEventBus,
  type AnyConsoleEventListener,
  type ConsoleEventBus,
  type ConsoleEventListener,
} from './events';
export type { ClientTuning, TransientEnvironment } from './connections';
export { ARMING_IDLE_MS } from './arming';
export { DOCTOR_DEPOSIT_ID, DOCTOR_COUNTRY } from './doctor';
export { checkDepositBody } from './deposits';
export {
  RecordKeeper,
  type ConsoleRecords,
  type RecordIndexStarter,
  type RecordsLog,
  type StartedRecordIndex,
} from './records';
export { sqliteRecordIndexStarter } from './record-index-starter';
export type { RebuildOptions, RebuildReport } from './records-rebuild';
