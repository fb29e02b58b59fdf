/**
 * The console core: the ConsoleApi (shared/contract) behind the Electron IPC router, the web
 * bridge and the CLI. Pure Node.
 *
 *   const runtime = createConsoleRuntime({ dataDir: resolveDataDir(), openExternal });
 *   const dispatch = createDispatcher(runtime.api);          // CONSOLE_HANDLERS' schemas by default
 *   const answer = await dispatch(CHANNELS.getDeposit, { depositId: 300000001 });
 *   const stop = runtime.events.onAny((event, payload) => send(EVENT_CHANNEL, { event, payload }));
 *   await runtime.close();
 */
export { createConsoleRuntime, type ConsoleRuntime, type ConsoleRuntimeOptions } from './runtime';
export { createDispatcher, trackCalls, type Dispatcher, type TrackedDispatcher } from './dispatch';
export { CONSOLE_HANDLERS } from './service';
export { type ConsoleEventBus } from './events';
export type { ClientTuning } from './connections';
export { ARMING_IDLE_MS } from './arming';
export { type ConsoleRecords, type RecordIndexStarter, type RecordsLog } from './records';
export { sqliteRecordIndexStarter } from './record-index-starter';
export type { ConsoleTeam } from './team';
export type { RebuildReport } from './records-rebuild';
