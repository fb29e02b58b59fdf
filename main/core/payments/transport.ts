import { randomUUID } from 'node:crypto';
import type { ConsoleError, MessageText, Result } from '../../../shared/contract';
import type { ServerClock } from './clock';
import type { Endpoint } from './errors';
import { isSpecifiedErrorAnswer, localError, serviceError } from './errors';
import { payloadSignature, signedAuthorization } from './signer';
import {
  httpExchange,
  type Exchange,
  type StopHook,
  type WireHeaders,
  type WireRequest,
  type WireResult,
} from './wire';

/**
 * One HTTP exchange (wire.ts) plus what a payments call needs: per-attempt headers (a retry is
 * signed afresh with a new X-Date, D2), a timeout, the caller's AbortSignal, retries with
 * jittered backoff that respect what may be repeated (D6), a cap on the answer's size, and the
 * clock's samples.
 */

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

/** How one attempt ended. */
type Attempt =
  | { outcome: 'answer'; status: number; headers: WireHeaders; bodyText: string; remeasured: boolean }
  | { outcome: 'failed'; failure: Failure };

type Failure =
  /** The caller's signal fired. */
  | { reason: 'cancelled' }
  /** Our time limit fired; the request may have arrived. */
  | { reason: 'timeout' }
  /** Nothing was sent: DNS failure, connection refused, unreachable. */
  | { reason: 'unreachable'; code: string }
  /** The TLS handshake failed, so nothing was sent. */
  | { reason: 'tls'; code: string }
  /** The connection broke after the request may have been written. */
  | { reason: 'lost'; code: string }
  /** The answer exceeded the size cap and was not read; `status` is its HTTP status. */
  | { reason: 'too_large'; status: number }
  /** The request could not be built; nothing was sent. */
  | { reason: 'unsent' };

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT|HOSTNAME_MISMATCH|EPROTO$)/;

/** The most specific `code` in an error's cause chain (wrappers keep the system error as cause). */
function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string') return candidate.code;
    if (Array.isArray(candidate.errors) && candidate.errors.length > 0) {
      current = candidate.errors[0];
      continue;
    }
    current = candidate.cause;
  }
  return 'UNKNOWN';
}

function classifyWireFailure(error: unknown, phase: 'unsent' | 'request' | 'body'): Failure {
  // A request that could not be built (an invalid header, say): nothing was sent. Its error may
  // quote a header value, so it is never shown.
  if (phase === 'unsent') return { reason: 'unsent' };
  const code = errorCode(error);
  if (UNREACHABLE_CODES.has(code)) return { reason: 'unreachable', code };
  if (TLS_CODE.test(code)) return { reason: 'tls', code };
  return { reason: 'lost', code };
}

const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** `Retry-After` in ms when it is given in seconds; dates are ignored (our clock may be off). */
function retryAfterMs(headers: WireHeaders): number | undefined {
  const value = headers['retry-after'];
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
}

export class Transport {
  readonly #baseUrl: string;
  readonly #clock: ServerClock;
  readonly #exchange: Exchange;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #maxResponseBytes: number;
  readonly #random: () => number;
  readonly #deadlines: Deadlines;
  readonly #callerSignals = new CallerSignals();
  #lastBodilessSignature: { xDate: string; login: string; secret: string; authorization: string } | undefined;

  constructor(options: TransportOptions) {
    this.#baseUrl = options.baseUrl;
    this.#clock = options.clock;
    this.#exchange = options.exchange ?? httpExchange;
    this.#timeoutMs = options.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs;
    this.#retry = { ...TRANSPORT_DEFAULTS.retry, ...options.retry };
    this.#maxResponseBytes = options.maxResponseBytes ?? TRANSPORT_DEFAULTS.maxResponseBytes;
    this.#random = options.random ?? Math.random;
    this.#deadlines = new Deadlines(this.#timeoutMs);
  }

  /**
   * Sends the request (with its retries) and hands a 2xx answer to `read`; any other status or
   * failure comes back as a typed error. Reading inside the send, instead of in an async caller,
   * spares every call one async step, which a fast local read can measure.
   */
  async send<T>(request: ServiceRequest, read: (answer: ServiceAnswer) => Result<T>): Promise<Result<T>> {
    const { signal } = request;
    const idempotencyKey = intentKey(request);
    const url = this.#url(request);
    // Serialise once, sign those bytes, send those bytes (D1, D3).
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    let mayHaveArrived = false;
    let clockRetried = false;
    let attempt = 0;

    for (;;) {
      if (signal?.aborted) return this.#cancelled(request, mayHaveArrived);
      attempt += 1;
      const result = await this.#attempt(request, url, body);

      if (result.outcome === 'failed') {
        const { failure } = result;
        if (failure.reason === 'cancelled') return this.#cancelled(request, true);
        if (failure.reason === 'too_large') {
          // As for an unreadable 2xx below: a mutation the service accepted happened, so what
          // it made is unknown, not a definite error (a retry with a new key would do it twice).
          if (request.retry !== 'read' && failure.status >= 200 && failure.status < 300) {
            return this.#fail(
              request,
              'outcome_unknown',
              `The service accepted the request (HTTP ${failure.status}) but its answer exceeded ${this.#maxResponseBytes} bytes and was not read: read the current status before trying again.`,
              { key: 'connection.acceptedTooLarge' },
            );
          }
          return this.#fail(
            request,
            'bad_response',
            `The service's answer exceeded ${this.#maxResponseBytes} bytes and was not read.`,
            { key: 'connection.tooLarge' },
          );
        }
        if (failure.reason === 'unsent') {
          return this.#fail(request, 'internal', 'The request could not be built, so nothing was sent.', {
            key: 'connection.unsent',
          });
        }
        if (failure.reason === 'tls') {
          return this.#fail(request, 'tls', `The TLS connection to the service failed (${failure.code}).`, {
            key: 'connection.tls',
            params: { reason: failure.code },
          });
        }
        const arrivedThisTime = failure.reason !== 'unreachable';
        mayHaveArrived ||= arrivedThisTime;
        if (request.retry === 'never' && arrivedThisTime) return this.#outcomeUnknown(request, failure);
        if (request.retry !== 'never' && attempt < this.#retry.attempts) {
          const waited = await this.#backoff(attempt, undefined, signal);
          if (!waited) return this.#cancelled(request, mayHaveArrived);
          continue;
        }
        if (request.retry === 'create' && mayHaveArrived) return this.#outcomeUnknown(request, failure);
        if (failure.reason === 'timeout') {
          return this.#fail(request, 'timeout', `The service did not answer within ${this.#timeoutMs} ms.`, {
            key: 'connection.timeout',
            params: { seconds: Math.ceil(this.#timeoutMs / 1000) },
          });
        }
        return this.#fail(request, 'network', `The service could not be reached (${failure.code}).`, {
          key: 'connection.unreachable',
          params: { reason: failure.code },
        });
      }

      if (result.status >= 200 && result.status < 300) {
        const answer = read({ status: result.status, bodyText: result.bodyText, headers: result.headers });
        // A change the service accepted (2xx) happened, but what it made cannot be read: for a
        // mutation that is an unknown outcome (a retry with a new key would do it twice), not a
        // definite error. Found by the fault soak (test/soak): "malformed" answers to creates.
        if (!answer.ok && answer.error.kind === 'bad_response' && request.retry !== 'read') {
          return this.#fail(
            request,
            'outcome_unknown',
            `The service accepted the request (HTTP ${result.status}) but its answer could not be read: read the current status before trying again.`,
            { key: 'connection.acceptedUnreadable' },
          );
        }
        return answer;
      }
      const error = serviceError(request.endpoint, result.status, result.bodyText, idempotencyKey);
      if (request.retry !== 'read' && mayHaveActed(request.endpoint, result.status, result.bodyText)) {
        return { ok: false, error: answeredButUnknown(error) };
      }
      if (error.code === 103 && request.auth.scheme === 'signed' && !clockRetried && result.remeasured) {
        // D2: the clock answer carries the service's Date: re-measured, so one fresh try is worth it.
        clockRetried = true;
        continue;
      }
      if (request.retry === 'read' && isRetryableStatus(result.status) && attempt < this.#retry.attempts) {
        const waited = await this.#backoff(attempt, retryAfterMs(result.headers), signal);
        if (waited === 'too_long') return { ok: false, error };
        if (!waited) return this.#cancelled(request, mayHaveArrived);
        continue;
      }
      return { ok: false, error };
    }
  }

  #url(request: ServiceRequest): string {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    return `${this.#baseUrl}${request.path}${query}`;
  }

  #headers(request: ServiceRequest, body: Uint8Array | undefined): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const { auth } = request;
    if (auth.scheme === 'bearer') {
      headers.Authorization = `Bearer ${auth.readOnlyKey}`;
    } else if (auth.scheme === 'signed') {
      // D2: built just before sending, so every attempt carries a fresh, re-signed date.
      const xDate = this.#clock.xDate();
      headers['Content-Type'] = 'application/json';
      headers['X-Date'] = xDate;
      headers['X-Login'] = auth.apiKey;
      headers.Authorization = body
        ? signedAuthorization({ secret: auth.apiSecret, xDate, login: auth.apiKey, body })
        : this.#bodilessSignature(auth, xDate);
    } else {
      headers['Content-Type'] = 'application/json';
      headers['Payload-Signature'] = payloadSignature(auth.cashoutSecret, body ?? '');
    }
    if (request.idempotency === 'per-attempt') headers['X-Idempotency-Key'] = randomUUID();
    else if (request.idempotency) headers['X-Idempotency-Key'] = request.idempotency.key;
    return headers;
  }

  /**
   * X-Date has a one-second resolution, so the bodiless calls (GETs) of one second share one
   * signature. HMAC setup is most of the client's own cost on a fast link, and bursts of reads
   * (a list, then its details) are the common case.
   */
  #bodilessSignature(auth: { apiKey: string; apiSecret: string }, xDate: string): string {
    const last = this.#lastBodilessSignature;
    if (last && last.xDate === xDate && last.login === auth.apiKey && last.secret === auth.apiSecret) {
      return last.authorization;
    }
    const authorization = signedAuthorization({
      secret: auth.apiSecret,
      xDate,
      login: auth.apiKey,
      body: '',
    });
    this.#lastBodilessSignature = { xDate, login: auth.apiKey, secret: auth.apiSecret, authorization };
    return authorization;
  }

  async #attempt(request: ServiceRequest, url: string, body: Buffer | undefined): Promise<Attempt> {
    const { signal } = request;
    const inFlight = this.#deadlines.start();
    if (signal) this.#callerSignals.watch(signal, inFlight);

    try {
      const wire: WireRequest = { url, method: request.method, headers: this.#headers(request, body) };
      if (body !== undefined) wire.body = body;
      if (request.retry === 'never') wire.freshConnection = true;
      const sentAt = this.#clock.localNow();
      let result: WireResult;
      try {
        result = await this.#exchange(wire, this.#maxResponseBytes, inFlight);
      } catch (error) {
        // Only a test's exchange throws; the real one settles every failure as a result.
        return this.#failed(error, 'request', signal, inFlight);
      }
      if (result.outcome === 'failed') return this.#failed(result.error, result.phase, signal, inFlight);
      // A stop that came as the answer did: the caller has already been told it was cancelled.
      if (inFlight.stopped) return this.#failed(undefined, 'body', signal, inFlight);
      if (result.outcome === 'too_large') {
        return { outcome: 'failed', failure: { reason: 'too_large', status: result.status } };
      }
      const receivedAt = this.#clock.localNow();
      const bodyText = result.body.toString('utf8');
      const dateHeader = result.headers.date ?? null;
      // The 103 answer proves the estimate wrong: its sample replaces it (D2); others add to it.
      const clockAnswer =
        request.auth.scheme === 'signed' && result.status === 400 && isClockAnswer(bodyText);
      const remeasured = clockAnswer
        ? this.#clock.remeasure(dateHeader, sentAt, receivedAt)
        : (this.#clock.observe(dateHeader, sentAt, receivedAt), false);
      return { outcome: 'answer', status: result.status, headers: result.headers, bodyText, remeasured };
    } finally {
      this.#deadlines.finish(inFlight);
      if (signal) this.#callerSignals.unwatch(signal, inFlight);
    }
  }

  #failed(
    error: unknown,
    phase: 'unsent' | 'request' | 'body',
    signal: AbortSignal | undefined,
    inFlight: InFlight,
  ): Attempt {
    const failure: Failure = signal?.aborted
      ? { reason: 'cancelled' }
      : inFlight.expired
        ? TIMED_OUT
        : classifyWireFailure(error, phase);
    return { outcome: 'failed', failure };
  }

  /** Waits before the next attempt; false when the caller cancelled meanwhile. */
  async #backoff(
    attempt: number,
    serverAskedMs: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<boolean | 'too_long'> {
    if (serverAskedMs !== undefined && serverAskedMs > this.#retry.maxDelayMs) return 'too_long';
    const ceiling = Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** (attempt - 1));
    // "Equal jitter": at least half the step, so retries of many clients spread but never stampede.
    const delay = Math.max(serverAskedMs ?? 0, ceiling / 2 + (this.#random() * ceiling) / 2);
    return sleep(delay, signal);
  }

  #fail(
    request: ServiceRequest,
    kind: ConsoleError['kind'],
    message: string,
    text: MessageText,
  ): Result<never> {
    const key = intentKey(request);
    const extra = key === undefined ? { text } : { text, idempotencyKey: key };
    return { ok: false, error: localError(kind, message, extra) };
  }

  #outcomeUnknown(request: ServiceRequest, failure: Failure): Result<never> {
    const how = failure.reason === 'timeout' ? 'no answer came in time' : 'the connection broke';
    return this.#fail(
      request,
      'outcome_unknown',
      `The request may have reached the service but ${how}: read the current status before trying again.`,
      { key: failure.reason === 'timeout' ? 'connection.unknownTimeout' : 'connection.unknownBroken' },
    );
  }

  #cancelled(request: ServiceRequest, mayHaveArrived: boolean): Result<never> {
    const mutating = request.retry !== 'read';
    return this.#fail(
      request,
      'cancelled',
      mutating && mayHaveArrived
        ? 'Cancelled; the request may already have reached the service: read the current status before trying again.'
        : 'Cancelled before the service answered.',
      { key: mutating && mayHaveArrived ? 'connection.cancelledMayHaveArrived' : 'connection.cancelled' },
    );
  }
}

const TIMED_OUT: Failure = { reason: 'timeout' };

/**
 * One attempt in flight: its time limit (headers and body included) and the means to stop it,
 * at the limit or when the caller's signal fires. Stopping drops the request's connection and
 * ends the exchange at once (wire.ts).
 *
 * No AbortController per attempt: a batch makes thousands of attempts, and the caller's one
 * signal reaches them through CallerSignals, the limit through Deadlines.
 */
class InFlight implements StopHook {
  /** performance.now() at which the limit is reached. */
  readonly expiresAt: number;
  /** The limit was reached. */
  expired = false;
  /** Stopped by the limit or by the caller's signal. */
  stopped = false;
  #onStop: (() => void) | undefined;

  constructor(expiresAt: number) {
    this.expiresAt = expiresAt;
  }

  whenStopped(stop: () => void): void {
    if (this.stopped) stop();
    else this.#onStop = stop;
  }

  expire(): void {
    this.expired = true;
    this.stop();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.#onStop?.();
  }
}

/**
 * The attempts in flight under each caller's signal. A batch passes one signal to thousands of
 * calls: one abort listener per signal (added on its first call, for the signal's lifetime) and
 * a Set of its attempts cost far less than adding and removing a listener on every attempt.
 */
class CallerSignals {
  readonly #attempts = new WeakMap<AbortSignal, Set<InFlight>>();

  watch(signal: AbortSignal, inFlight: InFlight): void {
    let attempts = this.#attempts.get(signal);
    if (!attempts) {
      const watched = new Set<InFlight>();
      attempts = watched;
      this.#attempts.set(signal, watched);
      signal.addEventListener(
        'abort',
        () => {
          for (const attempt of watched) attempt.stop();
          watched.clear();
        },
        { once: true },
      );
    }
    attempts.add(inFlight);
  }

  unwatch(signal: AbortSignal, inFlight: InFlight): void {
    this.#attempts.get(signal)?.delete(inFlight);
  }
}

/**
 * The attempts in flight of one transport, by time limit. They all have the same length, so they
 * expire in the order they started, and one timer armed for the oldest serves them all. A timer
 * per attempt is a visible share of the client's overhead on a fast local read (Node builds and
 * tears down its timer list every time; docs/performance.md). The timer keeps the process alive
 * only while an attempt runs.
 */
class Deadlines {
  readonly #ms: number;
  /** In start order, which is expiry order. */
  readonly #running = new Set<InFlight>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  start(): InFlight {
    const inFlight = new InFlight(performance.now() + this.#ms);
    this.#running.add(inFlight);
    if (this.#timer === undefined) this.#timer = setTimeout(() => this.#sweep(), this.#ms);
    else if (this.#running.size === 1) this.#timer.ref();
    return inFlight;
  }

  finish(inFlight: InFlight): void {
    this.#running.delete(inFlight);
    if (this.#running.size === 0) this.#timer?.unref();
  }

  #sweep(): void {
    this.#timer = undefined;
    const now = performance.now();
    const expired: InFlight[] = [];
    for (const inFlight of this.#running) {
      if (inFlight.expiresAt > now) {
        this.#timer = setTimeout(() => this.#sweep(), inFlight.expiresAt - now);
        break;
      }
      this.#running.delete(inFlight);
      expired.push(inFlight);
    }
    for (const inFlight of expired) inFlight.expire();
  }
}

/** The service's answer, kept as it came, as an unknown outcome. */
function answeredButUnknown(error: ConsoleError): ConsoleError {
  return {
    ...error,
    kind: 'outcome_unknown',
    message: `The service answered HTTP ${error.httpStatus ?? '?'} after the request reached it, so it may have acted: read the current status, or send it again under the same request key, before anything else.`,
    // The service's own meaning (a 5xx, an undescribed answer) is not what staff must act on.
    text: { key: 'connection.answeredMayHaveActed' },
  };
}

/**
 * A non-2xx answer to a mutation that does not prove it was refused (D16): a 5xx (a gateway's 502
 * or 504 after the service acted, or the service's own 500) or an answer the spec does not
 * describe. A 429 is a refusal to handle the request at all.
 */
function mayHaveActed(endpoint: Endpoint, httpStatus: number, bodyText: string): boolean {
  if (httpStatus >= 500) return true;
  if (httpStatus === 429) return false;
  return !isSpecifiedErrorAnswer(endpoint, httpStatus, bodyText);
}

const intentKey = (request: ServiceRequest): string | undefined =>
  typeof request.idempotency === 'object' ? request.idempotency.key : undefined;

/** The 103 answer (D2) — only its sample may replace the estimate. */
function isClockAnswer(bodyText: string): boolean {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return typeof parsed === 'object' && parsed !== null && (parsed as { code?: unknown }).code === 103;
  } catch {
    return false;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
