import { createHash } from 'node:crypto';
import type { Answer } from './answer';
import { HOUR_MS } from './clock';

/**
 * D6: the first answer per (endpoint, X-Idempotency-Key) — status and body, 500s included — is
 * kept 24 h on the business clock (D13) and replayed; the same key with a different body is refused
 * (104). A request that arrives while the first one with its key is still running waits for
 * that answer instead of running twice.
 */
const IDEMPOTENCY_TTL_MS = 24 * HOUR_MS;

interface Entry {
  bodyHash: string;
  expiresAt: number;
  answer: Promise<Answer>;
}

type Claim =
  | { kind: 'first'; settle(answer: Answer): void }
  | { kind: 'replay'; answer: Promise<Answer> }
  | { kind: 'conflict' };

export const hashBody = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

export class IdempotencyStore {
  #entries = new Map<string, Entry>();

  claim(endpoint: string, key: string, bodyHash: string, now: number): Claim {
    const id = `${endpoint}\n${key}`;
    const existing = this.#entries.get(id);
    if (existing && existing.expiresAt > now) {
      return existing.bodyHash === bodyHash
        ? { kind: 'replay', answer: existing.answer }
        : { kind: 'conflict' };
    }
    if (this.#entries.size > 10_000) this.#forgetExpired(now);
    let settle: (answer: Answer) => void = () => undefined;
    const answer = new Promise<Answer>((resolve) => {
      settle = resolve;
    });
    this.#entries.set(id, { bodyHash, expiresAt: now + IDEMPOTENCY_TTL_MS, answer });
    return { kind: 'first', settle };
  }

  clear(): void {
    this.#entries.clear();
  }

  #forgetExpired(now: number): void {
    for (const [id, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(id);
  }
}
