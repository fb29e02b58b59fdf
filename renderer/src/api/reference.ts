import type { ArgOf, DataOf, REFERENCE_METHODS, ReferenceApi, Result } from '../../../shared/contract';
import { useActiveEnvironmentId } from './environment';
import { environmentQuery, useEnvironmentQuery } from './queries';
import type { ReferenceMethod } from './query-keys';

/**
 * Reference data (spec endpoints 1–3, D15's states and fiat quote): the Reference screen shows
 * it, the deposit and refund forms pick from it. It changes rarely within a session (the spec asks
 * a cashier to poll methods "several times per day"), so an answer is kept fresh for five minutes;
 * Refresh reads it again.
 */
const REFERENCE_STALE_MS = 5 * 60_000;

/** A quote is a price of the moment: never served from the cache once it is a minute old. */
export const QUOTE_STALE_MS = 60_000;

const COUNTRY_CODE = /^[A-Z]{2}$/;

export type ReferenceArg<M extends ReferenceMethod> = ArgOf<(typeof REFERENCE_METHODS)[M]>;
type ReferenceData<M extends ReferenceMethod> = DataOf<(typeof REFERENCE_METHODS)[M]>;

/** The argument of a by-country lookup, or null (nothing asked) for a half-typed code. */
export function byCountry(country: string): { country: string } | null {
  return COUNTRY_CODE.test(country) ? { country } : null;
}

/** The key's arguments: the argument's fields by name, so `{ amount, country }` in any order is one key. */
function keyArgs(arg: object): Array<string | number> {
  return Object.entries(arg)
    .filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .flat();
}

function referenceQuery<M extends ReferenceMethod>(
  environmentId: string | null,
  method: M,
  arg: ReferenceArg<M> | null,
  staleTime: number,
) {
  return environmentQuery(environmentId, {
    key: (keys) => keys.reference(method, ...keyArgs(arg ?? {})),
    call: (api) => {
      // ApiOf maps each name to its argument and answer; TypeScript cannot see that through a
      // generic name, so the one method is given its declared type here.
      const call = api[method] as (
        this: ReferenceApi,
        arg: ReferenceArg<M>,
      ) => Promise<Result<ReferenceData<M>>>;
      // Only asked while enabled, that is with an argument.
      return call.call(api, arg as ReferenceArg<M>);
    },
    enabled: arg !== null,
    staleTime,
  });
}

/**
 * Asks one lookup of the reference contract by its method name, on the active environment: a new
 * lookup needs no hook or key of its own (docs/architecture.md, "How to add a lookup"). A null
 * argument asks nothing (a half-typed country, a quote not yet submitted).
 */
export function useReference<M extends ReferenceMethod>(
  method: M,
  arg: ReferenceArg<M> | null,
  options: { staleTime?: number } = {},
) {
  return useEnvironmentQuery(
    referenceQuery(useActiveEnvironmentId(), method, arg, options.staleTime ?? REFERENCE_STALE_MS),
  );
}
