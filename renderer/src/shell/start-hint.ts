/**
 * A preference of the last run kept in localStorage only as a start-up hint, so the first render
 * can use it while the stored preferences are a round trip to main away (main.tsx). The stored
 * preferences stay the truth; a missing, unknown or unreadable hint is simply no hint.
 */
export function readStartHint<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const hint = localStorage.getItem(key);
    return hint !== null && (allowed as readonly string[]).includes(hint) ? (hint as T) : null;
  } catch {
    return null; // storage disabled
  }
}

export function rememberStartHint(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Only a start-up hint.
  }
}
