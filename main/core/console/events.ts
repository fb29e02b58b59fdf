import type { ConsoleEventName, ConsoleEvents } from '../../../shared/contract';

type ConsoleEventListener<E extends ConsoleEventName> = (payload: ConsoleEvents[E]) => void;
type AnyConsoleEventListener = <E extends ConsoleEventName>(event: E, payload: ConsoleEvents[E]) => void;

/**
 * The events main pushes to the page (contract: ConsoleEvents). The IPC router and the web
 * bridge forward everything with `onAny`; tests and the CLI listen to one event with `on`.
 */
export interface ConsoleEventBus {
  on<E extends ConsoleEventName>(event: E, listener: ConsoleEventListener<E>): () => void;
  /** Every event, in emission order: what a transport forwards on EVENT_CHANNEL. */
  onAny(listener: AnyConsoleEventListener): () => void;
  emit<E extends ConsoleEventName>(event: E, payload: ConsoleEvents[E]): void;
  /** Drops every listener (runtime close). */
  clear(): void;
}

export function createEventBus(): ConsoleEventBus {
  const named = new Map<ConsoleEventName, Set<(payload: never) => void>>();
  const any = new Set<AnyConsoleEventListener>();

  const call = (run: () => void): void => {
    try {
      run();
    } catch {
      // A listener's failure must not break the operation that emitted the event.
    }
  };

  return {
    on(event, listener) {
      let listeners = named.get(event);
      if (!listeners) {
        listeners = new Set();
        named.set(event, listeners);
      }
      const stored = listener as (payload: never) => void;
      listeners.add(stored);
      return () => void listeners.delete(stored);
    },
    onAny(listener) {
      any.add(listener);
      return () => void any.delete(listener);
    },
    emit(event, payload) {
      // Each listener gets its own copy, so one cannot change what the next one sees.
      for (const listener of named.get(event) ?? []) {
        call(() => (listener as ConsoleEventListener<typeof event>)(structuredClone(payload)));
      }
      for (const listener of any) call(() => listener(event, structuredClone(payload)));
    },
    clear() {
      named.clear();
      any.clear();
    },
  };
}
