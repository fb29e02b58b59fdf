import type { ConsoleError } from '../../../shared/contract';
import type { Endpoint } from './errors';
import { isSpecifiedErrorAnswer } from './errors';
import type { WireHeaders } from './wire';

/**
 * How one attempt ended, and what that means for the call: whether anything may have reached the
 * service, whether it may be tried again, and whether the service may have acted.
 */

/** How one attempt ended. */
export type Attempt =
  | { outcome: 'answer'; status: number; headers: WireHeaders; bodyText: string; remeasured: boolean }
  | { outcome: 'failed'; failure: Failure };

export type Failure =
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

export function classifyWireFailure(error: unknown, phase: 'unsent' | 'request' | 'body'): Failure {
  // A request that could not be built (an invalid header, say): nothing was sent. Its error may
  // quote a header value, so it is never shown.
  if (phase === 'unsent') return { reason: 'unsent' };
  const code = errorCode(error);
  if (UNREACHABLE_CODES.has(code)) return { reason: 'unreachable', code };
  if (TLS_CODE.test(code)) return { reason: 'tls', code };
  return { reason: 'lost', code };
}

export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** `Retry-After` in ms when it is given in seconds; dates are ignored (our clock may be off). */
export function retryAfterMs(headers: WireHeaders): number | undefined {
  const value = headers['retry-after'];
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
}

export const TIMED_OUT: Failure = { reason: 'timeout' };

/** The service's answer, kept as it came, as an unknown outcome. */
export function answeredButUnknown(error: ConsoleError): ConsoleError {
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
export function mayHaveActed(endpoint: Endpoint, httpStatus: number, bodyText: string): boolean {
  if (httpStatus >= 500) return true;
  if (httpStatus === 429) return false;
  return !isSpecifiedErrorAnswer(endpoint, httpStatus, bodyText);
}

/** The 103 answer (D2) — only its sample may replace the estimate. */
export function isClockAnswer(bodyText: string): boolean {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return typeof parsed === 'object' && parsed !== null && (parsed as { code?: unknown }).code === 103;
  } catch {
    return false;
  }
}
