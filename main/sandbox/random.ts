/**
 * Seeded pseudo-random numbers, so that one seed gives the same credentials, ids and records in
 * every run. Not for secrets that must resist guessing: the sandbox is a local stand-in.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `length` characters drawn from `alphabet`. */
  text(length: number, alphabet?: string): string;
  digits(length: number): string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** FNV-1a over the seed and the stream name: independent streams from one seed. */
function hashSeed(seed: number, stream: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed >>> 0}/${stream}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast, and good enough for test data. */
export function createRandom(seed: number, stream: string): Random {
  let state = hashSeed(seed, stream);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    text(length: number, alphabet = ALPHANUMERIC): string {
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet[int(0, alphabet.length - 1)];
      return out;
    },
    digits(length: number): string {
      let out = '';
      for (let i = 0; i < length; i += 1) out += String(int(0, 9));
      return out;
    },
  };
}
