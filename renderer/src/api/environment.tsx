import { useQueryClient, type Query } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type {
  ArmingState,
  ConsoleError,
  ConsoleEvents,
  EnvironmentList,
  EnvironmentProfile,
} from '../../../shared/contract';
import { paydesk } from './bridge';
import { environmentCacheEffect, namesTargetEnvironment } from './environment-change';
import { toConsoleError } from './console-failure';
import { environmentKeys, type EnvironmentKeys } from './query-keys';

interface EnvironmentContextValue {
  /** Null until the first list arrived (or when it could not be read: see `error`). */
  list: EnvironmentList | null;
  active: EnvironmentProfile | null;
  /** Query keys of the active environment; null while none is known. */
  keys: EnvironmentKeys | null;
  error: ConsoleError | null;
  /** Counts environment changes; every change re-renders every consumer. */
  generation: number;
  /** Take a list main answered (useEnvironment, removeEnvironment…): clears the cache if it changed. */
  apply(list: EnvironmentList): void;
  /** Read the list again from main and apply it. */
  reload(): Promise<void>;
}

const EnvironmentContext = createContext<EnvironmentContextValue | null>(null);

/**
 * The id the renderer currently believes is active. Query functions compare it with the id in
 * their key when the answer arrives, so an answer that raced a switch is dropped rather than
 * stored under the wrong environment (api/queries.ts).
 */
let believedActiveId: string | null = null;
export function currentEnvironmentId(): string | null {
  return believedActiveId;
}

function sameList(a: EnvironmentList, b: EnvironmentList): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Owns the environment list. On `environmentChanged` (and on every list main answers after
 * useEnvironment/add/update/remove) that differs from the one held: a new active environment, or
 * a new base URL or kind for it, cancels and empties the WHOLE query cache (mutations in flight
 * keep their observers), so no answer of one environment is ever shown under another;
 * a change to another profile drops only the keys that target it (environment-change.ts). Every
 * consumer re-renders. Also routes clockChanged/armingChanged into the cache.
 */
export function EnvironmentProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const held = useRef<EnvironmentList | null>(null);
  const [state, setState] = useState<{
    list: EnvironmentList | null;
    error: ConsoleError | null;
    generation: number;
  }>({ list: null, error: null, generation: 0 });

  const apply = useCallback(
    (list: EnvironmentList) => {
      if (held.current && sameList(held.current, list)) return;
      const effect = environmentCacheEffect(held.current, list);
      held.current = list;
      believedActiveId = list.activeEnvironmentId;
      if (effect.kind === 'clear_all') {
        void queryClient.cancelQueries();
        queryClient.removeQueries();
      } else if (effect.kind === 'targets') {
        const predicate = (query: Query) => namesTargetEnvironment(query.queryKey, effect.environmentIds);
        void queryClient.cancelQueries({ predicate });
        queryClient.removeQueries({ predicate });
      }
      setState((previous) => ({ list, error: null, generation: previous.generation + 1 }));
    },
    [queryClient],
  );

  const reload = useCallback(async () => {
    try {
      const result = await paydesk().listEnvironments({});
      if (result.ok) apply(result.data);
      else setState((previous) => ({ ...previous, error: result.error }));
    } catch (thrown) {
      setState((previous) => ({ ...previous, error: toConsoleError(thrown) }));
    }
  }, [apply]);

  useEffect(() => {
    void reload();
    const bridge = paydesk();
    const offEnvironment = bridge.on('environmentChanged', apply);
    const offClock = bridge.on('clockChanged', ({ environmentId, clock }: ConsoleEvents['clockChanged']) => {
      const activeId = held.current?.activeEnvironmentId;
      if (activeId) queryClient.setQueryData(environmentKeys(activeId).clock(environmentId), clock);
    });
    const offArming = bridge.on('armingChanged', (arming: ArmingState) => {
      const activeId = held.current?.activeEnvironmentId;
      if (activeId && arming.environmentId === activeId) {
        queryClient.setQueryData(environmentKeys(activeId).arming(), arming);
      }
    });
    return () => {
      offEnvironment();
      offClock();
      offArming();
    };
  }, [apply, reload, queryClient]);

  const value = useMemo<EnvironmentContextValue>(() => {
    const active =
      state.list?.environments.find((environment) => environment.id === state.list?.activeEnvironmentId) ??
      null;
    return {
      list: state.list,
      active,
      keys: active ? environmentKeys(active.id) : null,
      error: state.error,
      generation: state.generation,
      apply,
      reload,
    };
  }, [state, apply, reload]);

  return <EnvironmentContext.Provider value={value}>{children}</EnvironmentContext.Provider>;
}

export function useEnvironments(): EnvironmentContextValue {
  const value = useContext(EnvironmentContext);
  if (!value) throw new Error('useEnvironments needs <EnvironmentProvider>');
  return value;
}

export function useActiveEnvironment(): EnvironmentProfile | null {
  return useEnvironments().active;
}

/** The id the query factories take (`depositQueries.status(environmentId, id)`); null while none is known. */
export function useActiveEnvironmentId(): string | null {
  return useEnvironments().active?.id ?? null;
}
