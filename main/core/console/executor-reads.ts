import type {
  ConsoleError,
  DepositStatus,
  Fetched,
  RefundStatus,
  Result,
  SubMerchant,
} from '../../../shared/contract';
import { mapLimited } from '../batch';
import { accountOrigin, ANSWERS, parseAnswer, type AnswerSpec, type PaymentsClient } from '../payments';
import {
  answerRead,
  askRead,
  pendingReads,
  signerOf,
  takeReadAnswer,
  type ReadKind,
} from '../team/executor-reads';
import { listenToTeam } from '../team/live';
import { openTeam } from '../team/client';
import { personConnection } from '../team/membership';
import type { EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';
import { failure } from './results';

/**
 * Signed reads through the team's executor (docs/architecture.md, "Team mode: approvals"): a desk
 * of an executor-signed environment holds no service credentials, so its deposit, refund and
 * sub-merchant lookups are asked of the executor through the database and its answer is checked
 * here exactly as the service's own would be. The executor side answers them
 * (team/migrations/0003-executor-reads.ts holds who may do what).
 */

interface ReadRecords {
  deposit: DepositStatus;
  refund: RefundStatus;
  'sub-merchant': SubMerchant;
}

const DIRECT: {
  [K in ReadKind]: (client: PaymentsClient, id: number) => Promise<Result<Fetched<ReadRecords[K]>>>;
} = {
  deposit: (client, id) => client.getDeposit(id),
  refund: (client, id) => client.getRefund(id),
  'sub-merchant': (client, id) => client.getSubMerchant(id),
};

const ANSWER_OF: { [K in ReadKind]: AnswerSpec<ReadRecords[K]> } = {
  deposit: ANSWERS.depositStatus,
  refund: ANSWERS.refundStatus,
  'sub-merchant': ANSWERS.subMerchant,
};

/** How long a desk waits for the executor's answer before saying it did not come. */
const EXECUTOR_ANSWER_TIMEOUT_MS = 10_000;
/** Each wait inside the database: short, so the desk's one session serves its other statements too. */
const TAKE_WAIT_MS = 250;

/**
 * Where a desk's signed read goes: to the team's executor only when this desk has no signed-call
 * credentials, its profile is in a team, and the team signs that service's environment by the
 * executor; otherwise to the service directly, as everywhere else.
 */
export function signedReadRoute(desk: {
  hasCredentials: boolean;
  inTeam: boolean;
  signer: 'desk' | 'executor' | null;
}): 'direct' | 'executor' {
  return !desk.hasCredentials && desk.inTeam && desk.signer === 'executor' ? 'executor' : 'direct';
}

/** The direct read refused for want of the API key or secret (payments/credentials.ts). */
const lacksSignedCredentials = (error: ConsoleError): boolean =>
  error.kind === 'credentials_missing' && error.text?.key === 'credentials.missingSigned';

const noAnswer = (detail: string): Result<never> =>
  failure(
    'timeout',
    `The team's executor did not answer (${detail}): this desk has no service credentials for this environment and reads its records through the executor. Ask whoever runs it to start it (paydesk team executor; paydesk approvals executors shows when each was last heard from), then look the record up again.`,
    { text: { key: 'team.executorNoAnswer' } },
  );

/**
 * A deposit, refund or sub-merchant read for `connection`'s profile: directly with its credentials,
 * or, when it has none and the team's executor signs this environment, through the executor.
 */
export async function signedRead<K extends ReadKind>(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  kind: K,
  recordId: number,
): Promise<Result<Fetched<ReadRecords[K]>>> {
  const direct = await DIRECT[kind](connection.client, recordId);
  if (direct.ok || !lacksSignedCredentials(direct.error)) return direct;
  const session = await context.teamSessions.of(connection.profile.id);
  if (!session.ok || session.data === null) return direct;
  const origin = accountOrigin(connection.baseUrl);
  if (origin === null) return direct;
  const signer = await signerOf(session.data.client, origin);
  if (!signer.ok) return signer;
  const route = signedReadRoute({ hasCredentials: false, inTeam: true, signer: signer.data });
  if (route === 'direct') return direct;
  return readThroughExecutor(session.data.client, origin, kind, recordId);
}

async function readThroughExecutor<K extends ReadKind>(
  client: Parameters<typeof askRead>[0],
  origin: string,
  kind: K,
  recordId: number,
): Promise<Result<Fetched<ReadRecords[K]>>> {
  const asked = await askRead(client, { origin, kind, recordId });
  if (!asked.ok) return asked.error.kind === 'timeout' ? noAnswer(asked.error.message) : asked;
  const deadline = Date.now() + EXECUTOR_ANSWER_TIMEOUT_MS;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return noAnswer(`nothing within ${EXECUTOR_ANSWER_TIMEOUT_MS / 1000} s`);
    const taken = await takeReadAnswer(client, asked.data, Math.min(left, TAKE_WAIT_MS));
    if (!taken.ok) return taken;
    if (taken.data === null) continue;
    if ('error' in taken.data) {
      const { kind: errorKind, message } = taken.data.error;
      return failure(errorKind, `The team's executor (${taken.data.by}) read it for this desk: ${message}`);
    }
    // The executor's word is checked exactly as the service's answer would be.
    const spec: AnswerSpec<ReadRecords[K]> = ANSWER_OF[kind];
    return parseAnswer(spec, JSON.stringify(taken.data.answer));
  }
}

/** Reads of the executor's account answered at once. */
const ANSWER_CONCURRENCY = 4;

/**
 * The executor's side: every read waiting for this profile's account is made with the profile's
 * own credentials and answered, the service's answer as it came or the refusal's kind and message.
 * Answers how many were answered.
 */
async function answerPendingReads(context: ConsoleContext, environmentId: string): Promise<Result<number>> {
  const connection = await context.connections.connect(environmentId);
  if (!connection.ok) return connection;
  const account = await connection.data.account();
  if (!account.ok) return account;
  const session = await context.teamSessions.of(environmentId);
  if (!session.ok) return session;
  if (session.data === null) {
    return failure('invalid_state', `${environmentId} is in no team: it answers no team's reads.`);
  }
  const { client } = session.data;
  const pending = await pendingReads(client, account.data.payments);
  if (!pending.ok) return pending;
  const answered = await mapLimited(pending.data, ANSWER_CONCURRENCY, async (request) => {
    const read = await DIRECT[request.kind](connection.data.client, request.record_id);
    const sent = await answerRead(
      client,
      request.id,
      read.ok ? { answer: read.data.raw } : { error: read.error },
    );
    return sent.ok;
  });
  return { ok: true, data: answered.filter(Boolean).length };
}

/** The executor answering reads between its passes, woken by each `ask_read`. */
export interface ExecutorReadServer {
  /** Answers reads until `untilMs` (epoch ms) or the signal; answers how many it answered. */
  serveUntil(untilMs: number, signal?: AbortSignal): Promise<number>;
  close(): Promise<void>;
}

/** When no notification wakes it (its LISTEN connection is down), the executor looks this often. */
const READ_POLL_MS = 200;

export function createExecutorReadServer(context: ConsoleContext, environmentId: string): ExecutorReadServer {
  let wake: (() => void) | null = null;
  let asked = false;
  let live: ReturnType<typeof listenToTeam> | null = null;

  const listen = async (): Promise<void> => {
    const found = await context.environments.teamOf(environmentId);
    const team = found.ok ? found.data.team : null;
    if (team === null) return;
    live = listenToTeam({
      channel: 'reads',
      async connect() {
        const options = await personConnection(context.environments, environmentId, team);
        return options.ok ? openTeam(options.data) : options;
      },
      onChange() {
        asked = true;
        wake?.();
      },
    });
  };
  const listening = listen();

  const nap = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (asked || signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done);
      wake = done;
    });

  return {
    async serveUntil(untilMs, signal) {
      await listening;
      let answered = 0;
      while (!signal?.aborted && Date.now() < untilMs) {
        asked = false;
        const round = await answerPendingReads(context, environmentId);
        if (round.ok) answered += round.data;
        await nap(Math.min(READ_POLL_MS, Math.max(untilMs - Date.now(), 0)), signal);
      }
      return answered;
    },
    async close() {
      await listening;
      await live?.close();
    },
  };
}
