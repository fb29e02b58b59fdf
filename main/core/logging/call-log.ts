import { performance } from 'node:perf_hooks';
import type { Dispatcher } from '../console';
import type { AppLog } from './log-file';

/**
 * `dispatch` with one log entry per call: the channel, how it ended, how long it took, and the
 * argument as redactFields lets it through (ids and kinds, never a credential or a payer's data).
 * A failure's message is written too (the contract keeps it free of secrets; it is scrubbed all
 * the same), the service's own text (serviceMessage) is not: it may echo what was sent.
 */
export function withCallLog(dispatch: Dispatcher, log: Pick<AppLog, 'info' | 'warn'>): Dispatcher {
  return async (channel, arg) => {
    const started = performance.now();
    const answer = await dispatch(channel, arg);
    const ms = Math.round(performance.now() - started);
    const argFields = typeof arg === 'object' && arg !== null ? { arg } : {};
    if (answer.ok) log.info('call', { channel, ok: true, ms, ...argFields });
    else
      log.warn('call', {
        channel,
        ok: false,
        ms,
        errorKind: answer.error.kind,
        detail: answer.error.message,
        ...(answer.error.code !== undefined && { errorCode: answer.error.code }),
        ...(answer.error.httpStatus !== undefined && { httpStatus: answer.error.httpStatus }),
        ...(answer.error.field !== undefined && { errorField: answer.error.field }),
        ...argFields,
      });
    return answer;
  };
}
