import { useSyncExternalStore } from 'react';
import type { PaydeskBridge } from '../../../shared/contract';

/**
 * Whether the page can still reach the console. The browser build's bridge says so once its
 * socket is gone (`consoleUnreachable`, told again to a listener that comes later); from then on
 * what the shell showed from earlier answers (the clock in sync, say) is no longer known to be
 * true, and the shell says the console is gone instead.
 */
let unreachable = false;
const listeners = new Set<() => void>();

/** Listens for the whole life of the page (main.tsx calls it once, with the bridge). */
export function watchReachability(bridge: PaydeskBridge): void {
  bridge.on('consoleUnreachable', () => {
    if (unreachable) return;
    unreachable = true;
    for (const listener of [...listeners]) listener();
  });
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the console cannot be reached any more; the component renders again then. */
export function useConsoleUnreachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unreachable,
    () => false,
  );
}
