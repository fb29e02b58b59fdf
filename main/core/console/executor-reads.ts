import type {
  CashoutRef,
  CashoutStatus,
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
  claimReads,
  takeReadAnswer,
  type ReadId,
  type ReadKind,
} from '../team/executor-reads';
import { listenToTeam } from '../team/live';
import { openTeam, type TeamClient } from '../team/client';
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
  cashout: CashoutStatus;
}

/** What each kind is read by: its id, or a cashout's id or external id (D7). */
interface ReadRefs {
  deposit: number;
  refund: number;
  'sub-merchant': number;
  cashout: CashoutRef;
}

const DIRECT: {
  [K in ReadKind]: (client: PaymentsClient, ref: ReadRefs[K]) => Promise<Result<Fetched<ReadRecords[K]>>>;
} = {
  deposit: (client, id) => client.getDeposit(id),
  refund: (client, id) => client.getRefund(id),
  'sub-merchant': (client, id) => client.getSubMerchant(id),
  cashout: (client, ref) => client.getCashoutStatus(ref),
};

const ANSWER_OF: { [K in ReadKind]: AnswerSpec<ReadRecords[K]> } = {
  deposit: ANSWERS.depositStatus,
  refund: ANSWERS.refundStatus,
  'sub-merchant': ANSWERS.subMerchant,
  cashout: ANSWERS.cashoutStatus,
};

/** A read's ref as the database keeps it: a record's id, or a cashout's ids as given. */
function readIdOf<K extends ReadKind>(ref: ReadRefs[K]): ReadId {
  if (typeof ref === 'number') return { recordId: ref, externalId: null };
  const { cashoutId, externalId } = ref as CashoutRef;
  return { recordId: cashoutId ?? null, externalId: externalId ?? null };
}

/** The executor's read of what a desk asked, with its own credentials. */
function readAsked(client: PaymentsClient, kind: ReadKind, id: ReadId): Promise<Result<Fetched<unknown>>> {
  if (kind === 'cashout') {
    return DIRECT.cashout(client, {
      ...(id.recordId !== null && { cashoutId: id.recordId }),
      ...(id.externalId !== null && { externalId: id.externalId }),
    });
  }
  if (id.recordId === null) {
    return Promise.resolve(failure('validation', `A ${kind} is read by its id, not an external id.`));
  }
  return DIRECT[kind](client, id.recordId);
}

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

/**
 * The direct read refused for want of the credentials it signs with (payments/credentials.ts): the
 * API key and secret, or for a cashout the cashout login, pass and secret.
 */
const lacksCredentials = (kind: ReadKind, error: ConsoleError): boolean =>
  error.kind === 'credentials_missing' &&
  error.text?.key === (kind === 'cashout' ? 'credentials.missingCashout' : 'credentials.missingSigned');

const noAnswer = (detail: string): Result<never> =>
  failure(
    'timeout',
    `The team's executor did not answer (${detail}): this desk has no service credentials for this environment and reads its records through the executor. Ask whoever runs it to start it (paydesk team executor; paydesk approvals executors shows when each was last heard from), then look the record up again.`,
    { text: { key: 'team.executorNoAnswer' } },
  );

/**
 * A deposit, refund, sub-merchant or cashout read for `connection`'s profile: directly with its
 * credentials, or, when it has none and the team's executor signs this environment, through the
 * executor.
 */
export async function signedRead<K extends ReadKind>(
  context: ConsoleContext,
  connection: EnvironmentConnection,
  kind: K,
  ref: ReadRefs[K],
): Promise<Result<Fetched<ReadRecords[K]>>> {
  const direct = await DIRECT[kind](connection.client, ref);
  if (direct.ok || !lacksCredentials(kind, direct.error)) return direct;
  const id = readIdOf(ref);
  const session = await context.teamSessions.of(connection.profile.id);
  if (!session.ok || session.data === null) return direct;
  const origin = accountOrigin(connection.baseUrl);
  if (origin === null) return direct;
  // ask_read is the signer check too (one round trip, not two): it answers null when no environment
  // of the team naming this service is signed by the executor, and then the desk reads directly.
  const asked = await askRead(session.data.client, { origin, kind, id });
  if (!asked.ok) return asked.error.kind === 'timeout' ? noAnswer(asked.error.message) : asked;
  const signer = asked.data === null ? null : 'executor';
  const route = signedReadRoute({ hasCredentials: false, inTeam: true, signer });
  if (route === 'direct' || asked.data === null) return direct;
  return executorAnswer(session.data.client, asked.data, kind);
}

async function executorAnswer<K extends ReadKind>(
  client: TeamClient,
  requestId: string,
  kind: K,
): Promise<Result<Fetched<ReadRecords[K]>>> {
  const deadline = Date.now() + EXECUTOR_ANSWER_TIMEOUT_MS;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return noAnswer(`nothing within ${EXECUTOR_ANSWER_TIMEOUT_MS / 1000} s`);
    const taken = await takeReadAnswer(client, requestId, Math.min(left, TAKE_WAIT_MS));
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
/** Reads taken in one statement; more waiting are taken at once after. */
const CLAIM_BATCH = 16;
/**
 * How long the executor keeps its connection, account and team session between wakes
 * (docs/architecture.md, "Team mode: approvals"): resolving them on every wake cost more than a
 * database round trip, so they are kept, and resolved again after any failure or this long, to see
 * a profile that changed.
 */
const ANSWERING_KEPT_MS = 30_000;

/** What the executor answers reads with: its profile's client, the account it executes for, its team session. */
interface Answering {
  connection: EnvironmentConnection;
  account: string;
  client: TeamClient;
  until: number;
}

async function answeringFor(context: ConsoleContext, environmentId: string): Promise<Result<Answering>> {
  const connection = await context.connections.connect(environmentId);
  if (!connection.ok) return connection;
  const account = await connection.data.account();
  if (!account.ok) return account;
  const session = await context.teamSessions.of(environmentId);
  if (!session.ok) return session;
  if (session.data === null) {
    return failure('invalid_state', `${environmentId} is in no team: it answers no team's reads.`);
  }
  return {
    ok: true,
    data: {
      connection: connection.data,
      account: account.data.payments,
      client: session.data.client,
      until: Date.now() + ANSWERING_KEPT_MS,
    },
  };
}

/**
 * The executor's side: the reads waiting for this profile's account are taken (up to a batch), each
 * made with the profile's own credentials and answered, the service's answer as it came or the
 * refusal's kind and message. Answers how many were answered, whether the batch was full, and
 * whether an answer failed (the session may be broken).
 */
async function answerClaimedReads(
  answering: Answering,
): Promise<Result<{ answered: number; full: boolean; failed: boolean }>> {
  const { client, connection } = answering;
  const claimed = await claimReads(client, answering.account, CLAIM_BATCH);
  if (!claimed.ok) return claimed;
  const sent = await mapLimited(claimed.data, ANSWER_CONCURRENCY, async (request) => {
    const read = await readAsked(connection.client, request.kind, request.named);
    return answerRead(client, request.id, read.ok ? { answer: read.data.raw } : { error: read.error });
  });
  // invalid_state (PD005) is another executor's answer having come first: not this one's failure.
  const failed = sent.filter((result) => !result.ok && result.error.kind !== 'invalid_state');
  return {
    ok: true,
    data: {
      answered: sent.filter((result) => result.ok).length,
      full: claimed.data.length === CLAIM_BATCH,
      failed: failed.length > 0,
    },
  };
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
      let kept: Answering | null = null;
      while (!signal?.aborted && Date.now() < untilMs) {
        asked = false;
        if (kept === null || Date.now() >= kept.until) {
          const resolved = await answeringFor(context, environmentId);
          kept = resolved.ok ? resolved.data : null;
        }
        const round = kept === null ? null : await answerClaimedReads(kept);
        if (round?.ok) answered += round.data.answered;
        // Any failure resolves the connection, account and session again on the next wake.
        if (!round?.ok || round.data.failed) kept = null;
        if (round?.ok && round.data.full) continue;
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
