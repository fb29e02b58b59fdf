import { randomUUID } from 'node:crypto';
import type { ConsoleError, MessageText, Result } from '../../../shared/contract';
import {
  answeredButUnknown,
  classifyWireFailure,
  isClockAnswer,
  isRetryableStatus,
  mayHaveActed,
  retryAfterMs,
  TIMED_OUT,
  type Attempt,
  type Failure,
} from './attempt-outcomes';
import type { ServerClock } from './clock';
import { localError, serviceError } from './errors';
import { CallerSignals, Deadlines, type InFlight } from './in-flight';
import { payloadSignature, signedAuthorization } from './signer';
import {
  TRANSPORT_DEFAULTS,
  type RetryPolicy,
  type ServiceAnswer,
  type ServiceRequest,
  type TransportOptions,
} from './transport-types';
import { httpExchange, type Exchange, type WireRequest, type WireResult } from './wire';

// Callers import the request shapes from the transport they are sent through.
export { TRANSPORT_DEFAULTS } from './transport-types';
export type { Auth, RetryMode, RetryPolicy, ServiceRequest } from './transport-types';

/**
 * One HTTP exchange (wire.ts) plus what a payments call needs: per-attempt headers (a retry is
 * signed afresh with a new X-Date, D2), a timeout, the caller's AbortSignal, retries with
 * jittered backoff that respect what may be repeated (D6), a cap on the answer's size, and the
 * clock's samples.
 */

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

const intentKey = (request: ServiceRequest): string | undefined =>
  typeof request.idempotency === 'object' ? request.idempotency.key : undefined;

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
