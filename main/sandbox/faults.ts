import { z } from 'zod';
import { createRandom, type Random } from './random';

/**
 * Fault injection on the service endpoints (never the control API): with probability `rate`
 * a request gets one of the chosen kinds. `drop` closes the connection either before the
 * request is handled or after its effect was applied and stored (an answer lost), so a
 * client's idempotent retry can be shown not to duplicate anything.
 */
const FAULT_KINDS = ['latency', 'drop', 'http500', 'malformed'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSettingsSchema = z
  .object({
    rate: z.number().min(0).max(1),
    kinds: z.array(z.enum(FAULT_KINDS)).min(1).optional(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    /** Upper bound of an injected delay. */
    max_latency_ms: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();
type FaultSettingsInput = z.infer<typeof faultSettingsSchema>;

export type FaultPlan =
  | { kind: 'latency'; delayMs: number }
  | { kind: 'drop'; when: 'before' | 'after' }
  | { kind: 'http500' }
  | { kind: 'malformed' };

interface Settings {
  rate: number;
  kinds: FaultKind[];
  seed: number;
  maxLatencyMs: number;
}

const OFF: Settings = { rate: 0, kinds: [...FAULT_KINDS], seed: 0, maxLatencyMs: 1500 };

export class FaultInjector {
  #settings: Settings = { ...OFF };
  #random: Random = createRandom(0, 'faults');
  #counters = this.#zeroCounters();

  configure(input: FaultSettingsInput): void {
    this.#settings = {
      rate: input.rate,
      kinds: input.kinds ? [...new Set(input.kinds)] : [...FAULT_KINDS],
      seed: input.seed ?? 0,
      maxLatencyMs: input.max_latency_ms ?? OFF.maxLatencyMs,
    };
    this.#random = createRandom(this.#settings.seed, 'faults');
    this.#counters = this.#zeroCounters();
  }

  reset(): void {
    this.configure({ rate: 0 });
  }

  /** One draw per service request. */
  draw(): FaultPlan | undefined {
    this.#counters.requests += 1;
    if (this.#settings.rate === 0 || this.#random.next() >= this.#settings.rate) return undefined;
    const kind = this.#random.pick(this.#settings.kinds);
    this.#counters[kind] += 1;
    switch (kind) {
      case 'latency':
        return {
          kind,
          delayMs: this.#random.int(
            Math.floor(this.#settings.maxLatencyMs / 10),
            this.#settings.maxLatencyMs,
          ),
        };
      case 'drop': {
        const when = this.#random.next() < 0.5 ? 'before' : 'after';
        this.#counters[when === 'before' ? 'drop_before' : 'drop_after'] += 1;
        return { kind, when };
      }
      default:
        return { kind };
    }
  }

  /** GET /__sandbox/faults. */
  describe(): {
    rate: number;
    kinds: FaultKind[];
    seed: number;
    max_latency_ms: number;
    counters: Record<string, number>;
  } {
    return {
      rate: this.#settings.rate,
      kinds: [...this.#settings.kinds],
      seed: this.#settings.seed,
      max_latency_ms: this.#settings.maxLatencyMs,
      counters: { ...this.#counters },
    };
  }

  #zeroCounters() {
    return { requests: 0, latency: 0, drop: 0, drop_before: 0, drop_after: 0, http500: 0, malformed: 0 };
  }
}
