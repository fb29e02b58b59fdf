import type { Client, Notification } from 'pg';
import { z } from 'zod';
import type { ConsoleError, Result } from '../../../shared/contract';
import { teamError } from './errors';

/**
 * Live word of other desks' operations (docs/architecture.md, "Team mode: the database"): one
 * connection LISTENs on `paydesk_operations`, which the database's trigger notifies on every
 * operation begun or changed, on commit. A notification is a hint to read the operations again,
 * never data: any role may NOTIFY on any channel, so a payload that does not parse is dropped and
 * one that does names only an operation and a state.
 *
 * The connection is kept: when it breaks (a restart, a failover, a network drop, or a heartbeat
 * that gets no answer) it is made again with a growing pause, and each new connection starts with
 * a `resync`, since whatever was notified in between was lost.
 */

const OPERATIONS_CHANNEL = 'paydesk_operations';
/** Where a desk's signed read is asked of the executor (migrations/0003-executor-reads.ts ask_read). */
const READS_CHANNEL = 'paydesk_reads';

const hintSchema = z.strictObject({
  operation: z.number().int().positive(),
  state: z.enum(['sending', 'ok', 'error', 'outcome_unknown', 'settled']),
});
/** An approval request submitted or changed (migrations/0002-approvals.ts announce_request). */
const requestHintSchema = z.strictObject({
  request: z.number().int().positive(),
  state: z.enum(['waiting', 'approved', 'rejected', 'withdrawn', 'expired', 'claimed']),
});

const readHintSchema = z.strictObject({ read: z.number().int().positive() });

export type TeamChange =
  | { kind: 'operation'; operationId: string; state: z.infer<typeof hintSchema>['state'] }
  /** A desk asked the executor for a record (only on the reads channel). */
  | { kind: 'read'; readId: string }
  | { kind: 'request'; requestId: string; state: z.infer<typeof requestHintSchema>['state'] }
  /** Connected (again): notifications may have been missed, read the operations afresh. */
  | { kind: 'resync' };

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'closed';

interface TeamLiveOptions {
  /** What to hear: the operations and requests (the default), or the reads asked of the executor. */
  channel?: 'operations' | 'reads';
  /** Opens a connection as this desk's person (client.ts `openTeam` with the desk's settings). */
  connect: () => Promise<Result<Client>>;
  onChange: (change: TeamChange) => void;
  /** Each change of the connection's state; `error` says why it is reconnecting. */
  onState?: (state: LiveState, error?: ConsoleError) => void;
  /** Pauses between attempts: the first, doubled each failure up to the last. */
  retryMs?: { first: number; max: number };
  /** How often the live connection is asked to answer, to notice one that died silently. */
  heartbeatMs?: number;
}

interface TeamLive {
  state(): LiveState;
  /** Stops listening and reconnecting; resolves once the connection is closed. */
  close(): Promise<void>;
}

const DEFAULT_RETRY_MS = { first: 250, max: 10_000 };
const DEFAULT_HEARTBEAT_MS = 15_000;

export function listenToTeam(options: TeamLiveOptions): TeamLive {
  const retry = options.retryMs ?? DEFAULT_RETRY_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const channel = options.channel === 'reads' ? READS_CHANNEL : OPERATIONS_CHANNEL;
  let state: LiveState = 'connecting';
  let client: Client | undefined;
  let pause = retry.first;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  // A function, not a comparison in place: the state changes across the awaits below.
  const closed = (): boolean => state === 'closed';
  const setState = (next: LiveState, error?: ConsoleError): void => {
    state = next;
    options.onState?.(next, error);
  };

  const onNotification = (message: Notification): void => {
    if (message.channel !== channel || message.payload === undefined) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return;
    }
    if (channel === READS_CHANNEL) {
      const read = readHintSchema.safeParse(parsed);
      if (read.success) options.onChange({ kind: 'read', readId: String(read.data.read) });
      return;
    }
    const hint = hintSchema.safeParse(parsed);
    if (hint.success) {
      options.onChange({
        kind: 'operation',
        operationId: String(hint.data.operation),
        state: hint.data.state,
      });
      return;
    }
    const request = requestHintSchema.safeParse(parsed);
    if (request.success) {
      options.onChange({
        kind: 'request',
        requestId: String(request.data.request),
        state: request.data.state,
      });
    }
  };

  /**
   * Drops the connection `from` (undefined: none was made) and tries again after the pause, unless
   * closed. Events of a connection already dropped are ignored: it is no longer `client`.
   */
  const lost = (from: Client | undefined, error: ConsoleError): void => {
    if (closed() || from !== client) return;
    clearInterval(heartbeat);
    client = undefined;
    void from?.end().catch(() => undefined);
    setState('reconnecting', error);
    timer = setTimeout(() => void attempt(), pause);
    pause = Math.min(pause * 2, retry.max);
  };

  const attempt = async (): Promise<void> => {
    if (closed()) return;
    const opened = await options.connect();
    if (!opened.ok) {
      lost(undefined, opened.error);
      return;
    }
    const connection = opened.data;
    if (closed()) {
      await connection.end().catch(() => undefined);
      return;
    }
    client = connection;
    connection.on('notification', (message: Notification) => {
      if (client === connection) onNotification(message);
    });
    connection.on('error', (error: unknown) => lost(connection, teamError(error)));
    connection.on('end', () => lost(connection, teamError(new Error('Connection terminated'))));
    try {
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(connection, teamError(error));
      return;
    }
    if (client !== connection) return;
    pause = retry.first;
    setState('live');
    options.onChange({ kind: 'resync' });
    heartbeat = setInterval(() => {
      connection.query('SELECT 1').catch((error: unknown) => lost(connection, teamError(error)));
    }, heartbeatMs);
  };

  void attempt();

  return {
    state: () => state,
    async close() {
      setState('closed');
      clearTimeout(timer);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
