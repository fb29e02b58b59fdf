import type { EnvironmentList, EnvironmentProfile } from '../../../shared/contract';

/**
 * What a new environment list means for the query cache. Every key starts with the active
 * environment's id (query-keys.ts), so only a change of the active environment, or of what it
 * points at (base URL, kind), can make a cached answer belong to another service: that empties
 * the cache. A profile added, removed or edited elsewhere only touches the keys that name it as
 * their target (its credentials, its clock); emptying everything for that reloaded the screen
 * under the user's click.
 */
type EnvironmentCacheEffect =
  { kind: 'none' } | { kind: 'clear_all' } | { kind: 'targets'; environmentIds: string[] };

const sameProfile = (a: EnvironmentProfile | undefined, b: EnvironmentProfile | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

export function environmentCacheEffect(
  previous: EnvironmentList | null,
  next: EnvironmentList,
): EnvironmentCacheEffect {
  if (!previous || previous.activeEnvironmentId !== next.activeEnvironmentId) return { kind: 'clear_all' };
  const byId = (list: EnvironmentList) => new Map(list.environments.map((profile) => [profile.id, profile]));
  const before = byId(previous);
  const after = byId(next);
  const activeId = next.activeEnvironmentId;
  const activeBefore = before.get(activeId);
  const activeAfter = after.get(activeId);
  // The name and colour are labels: answers cached under the same base URL and kind stay true.
  if (
    activeBefore?.baseUrl !== activeAfter?.baseUrl ||
    activeBefore?.kind !== activeAfter?.kind ||
    !activeAfter
  ) {
    return { kind: 'clear_all' };
  }
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (id) => id !== activeId && !sameProfile(before.get(id), after.get(id)),
  );
  return changed.length === 0 ? { kind: 'none' } : { kind: 'targets', environmentIds: changed };
}

/** Whether a query key of the active environment names one of these environments as its target. */
export function namesTargetEnvironment(
  queryKey: readonly unknown[],
  environmentIds: readonly string[],
): boolean {
  const [, area, target] = queryKey;
  return (
    (area === 'credentials' || area === 'clock') &&
    typeof target === 'string' &&
    environmentIds.includes(target)
  );
}
