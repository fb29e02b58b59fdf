import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { PaydeskBridge, Result } from '../../../shared/contract';
import { paydesk } from './bridge';
import { ConsoleFailure, toConsoleError, unwrap } from './console-failure';
import { currentEnvironmentId, useEnvironments } from './environment';
import { environmentKeys, NO_ENVIRONMENT, type EnvironmentKeys } from './query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ConsoleFailure;
  }
}

async function settle<T>(call: () => Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call();
  } catch (thrown) {
    // The bridge answers failures as values; a throw here is a bug, shown as `internal`.
    throw new ConsoleFailure(toConsoleError(thrown));
  }
  return unwrap(result);
}

interface EnvironmentQuerySpec<T, K extends QueryKey> {
  /** The key, from the factory of the environment asked about: `(keys) => keys.deposit(id)`. */
  key: (keys: EnvironmentKeys) => K;
  /** The bridge call; its Result becomes data or a ConsoleFailure error. */
  call: (api: PaydeskBridge) => Promise<Result<T>>;
  enabled?: boolean;
  staleTime?: number;
  refetchInterval?: number | false;
}

/**
 * A question to main about the environment `environmentId` (the active one: null while none is
 * known, and then never asked), as TanStack Query options. A feature keeps its questions in a
 * factory of these (`depositQueries.status(environmentId, id)`) and asks with useEnvironmentQuery.
 * The key starts with that environment's id; an answer that arrives after the active environment
 * changed is dropped (kind `cancelled`).
 */
export function environmentQuery<T, K extends QueryKey>(
  environmentId: string | null,
  spec: EnvironmentQuerySpec<T, K>,
) {
  return queryOptions<T, ConsoleFailure, T, QueryKey>({
    queryKey: environmentId === null ? [NO_ENVIRONMENT] : spec.key(environmentKeys(environmentId)),
    queryFn: async () => {
      const data = await settle(() => spec.call(paydesk()));
      if (currentEnvironmentId() !== environmentId) {
        throw new ConsoleFailure({
          kind: 'cancelled',
          message: 'The environment changed while this answer was on its way, so it was dropped.',
        });
      }
      return data;
    },
    enabled: environmentId !== null && (spec.enabled ?? true),
    ...(spec.staleTime !== undefined ? { staleTime: spec.staleTime } : {}),
    ...(spec.refetchInterval !== undefined ? { refetchInterval: spec.refetchInterval } : {}),
  });
}

type EnvironmentQuery<T> = ReturnType<typeof environmentQuery<T, QueryKey>>;

/**
 * Asks the question an environmentQuery describes. `notifyOnChangeProps`: the result fields whose
 * change renders the caller again; [] for none (a caller that only keeps the question asked).
 * Default: the fields the caller reads, and every field when it reads none.
 */
export function useEnvironmentQuery<T>(
  query: EnvironmentQuery<T>,
  notifyOnChangeProps?: Array<keyof UseQueryResult<T, ConsoleFailure>>,
): UseQueryResult<T, ConsoleFailure> {
  return useQuery(notifyOnChangeProps === undefined ? query : { ...query, notifyOnChangeProps });
}

interface ConsoleMutationOptions<V, T> {
  call: (api: PaydeskBridge, variables: V) => Promise<Result<T>>;
  /** Keys whose answers this change makes stale (of the active environment). */
  invalidates?: (keys: EnvironmentKeys, data: T, variables: V) => readonly QueryKey[];
  /** Keys a failure makes stale (a lost answer leaves an intent that blocks the next one). */
  invalidatesOnError?: (keys: EnvironmentKeys, error: ConsoleFailure, variables: V) => readonly QueryKey[];
  onSuccess?: (data: T, variables: V) => void;
}

/** A change through main. Errors are ConsoleFailures; `invalidates` refetches what it changed. */
export function useConsoleMutation<V, T>(
  options: ConsoleMutationOptions<V, T>,
): UseMutationResult<T, ConsoleFailure, V> {
  const queryClient = useQueryClient();
  const { keys } = useEnvironments();
  return useMutation<T, ConsoleFailure, V>({
    mutationFn: (variables) => settle(() => options.call(paydesk(), variables)),
    onSuccess: async (data, variables) => {
      options.onSuccess?.(data, variables);
      if (keys && options.invalidates) {
        await Promise.all(
          options
            .invalidates(keys, data, variables)
            .map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
    },
    onError: async (error, variables) => {
      if (keys && options.invalidatesOnError) {
        await Promise.all(
          options
            .invalidatesOnError(keys, error, variables)
            .map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
    },
  });
}
