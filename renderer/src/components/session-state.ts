import { useCallback, useState } from 'react';

/** What each screen left, by key, for the life of this page (a session of the console). */
const kept = new Map<string, unknown>();

/**
 * useState that outlives its screen: the value is kept under `key` for the session, so a list's
 * filters are as the person left them when they come back to the screen. Memory only: a new
 * session (a reload, the next start) begins with `initial`, and nothing is written to disk. One
 * key per screen and value type (`records:deposit`, `audit:filters`).
 */
export function useSessionState<T>(key: string, initial: T): [T, (next: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        kept.set(key, value);
        return value;
      });
    },
    [key],
  );
  return [value, set];
}
