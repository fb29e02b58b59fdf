import type { ServerClock } from './clock';
import type { Endpoint } from './errors';
import type { Exchange, WireHeaders } from './wire';

/** How a call authenticates; headers are rebuilt from it for every attempt. */
export type Auth =
  /** D4: read-only reference endpoints. */
  | { scheme: 'bearer'; readOnlyKey: string }
  /** D1/D2: deposits, refunds, sub-merchants. */
  | { scheme: 'signed'; apiKey: string; apiSecret: string }
  /** D3: cashouts (login and pass travel in the body). */
  | { scheme: 'payload'; cashoutSecret: string };

/**
 * What may be repeated after a failure:
 * - `read`: GETs and the cashout-status POST: network failures, timeouts, 429 and 5xx.
 * - `create`: deposit/refund creation: only when the answer was lost, always with the same
 *   idempotency key (D6); a lost final answer is `outcome_unknown`.
 * - `never`: cashout cancel: a request that may have arrived is never sent again.
 */
export type RetryMode = 'read' | 'create' | 'never';

export interface ServiceRequest {
  endpoint: Endpoint;
  method: 'GET' | 'POST' | 'DELETE';
  /** As in the spec, e.g. `/v3/deposits/12`. */
  path: string;
  query?: Record<string, string>;
  /** Serialised once by the caller; these exact bytes are signed and sent (D1). */
  body?: string;
  auth: Auth;
  retry: RetryMode;
  /**
   * D6, every POST carries `X-Idempotency-Key`. `{ key }`: one key per user intent, reused by
   * every retry. `per-attempt`: a read sent as POST (cashout status) gets a new key per attempt,
   * since a reused key would make the service replay a stored 5xx and defeat the retry.
   */
  idempotency?: { key: string } | 'per-attempt';
  signal?: AbortSignal;
}

/** A 2xx answer. Other statuses come back as errors. */
export interface ServiceAnswer {
  status: number;
  bodyText: string;
  headers: WireHeaders;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface TransportOptions {
  /** Already checked by validateBaseUrl (D5), without a trailing slash. */
  baseUrl: string;
  clock: ServerClock;
  /** Only for tests and benchmarks: a wrapper around httpExchange. */
  exchange?: Exchange;
  /** Per attempt, headers and body included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  maxResponseBytes?: number;
  /** Source of jitter; the default is Math.random. */
  random?: () => number;
}

export const TRANSPORT_DEFAULTS = {
  timeoutMs: 15_000,
  retry: { attempts: 3, baseDelayMs: 300, maxDelayMs: 3_000 } satisfies RetryPolicy,
  maxResponseBytes: 5 * 1024 * 1024,
} as const;
