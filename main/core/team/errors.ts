import type { ConsoleError } from '../../../shared/contract';

/**
 * The SQLSTATEs the team functions raise (main/core/team/migrations), as the console's error kinds:
 * the database is the referee, and this is how its refusals reach the desks.
 */
const KIND_OF_STATE: Record<string, ConsoleError['kind']> = {
  PD001: 'intent_unresolved',
  PD002: 'idempotency_conflict',
  PD003: 'validation',
  PD004: 'not_found',
  PD005: 'invalid_state',
  /** A policy asks an approval: the move is submitted, never begun (migrations/0002-approvals.ts). */
  PD006: 'not_permitted',
  /** Four eyes: the maker approving or sending their own request, one person twice. */
  PD007: 'not_permitted',
  /** No executor was ever heard from for the service a desk asks a read of (migrations/0003-executor-reads.ts). */
  PD008: 'timeout',
  /** insufficient_privilege: a role without the right, or the journal's append-only trigger. */
  '42501': 'not_permitted',
  /** check_violation, invalid_text_representation: input the table's rules refuse. */
  '23514': 'validation',
  '22P02': 'validation',
};

const APPROVAL_NEEDED = 'PD006';
/** The text key of a refusal because the team's policy asks an approval (team-referee.ts submits it). */
export const APPROVAL_NEEDED_KEY = 'team.approvalNeeded';

interface DatabaseError {
  code?: unknown;
  message?: unknown;
}

/** The socket's own errors when the server cannot be reached or the connection broke. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * The connection itself failed, not a statement: SQLSTATE class 08 and the server shutting down
 * or starting (57P01–57P03), the socket's own errors, and pg's messages for a connection that
 * ended (they carry no code).
 */
function lostConnection(code: unknown, text: string): boolean {
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || /^57P0[1-3]$/.test(code) || UNREACHABLE.has(code))
  )
    return true;
  return /Connection terminated|not queryable|terminating connection/.test(text);
}

/** A database error as a ConsoleError; anything that is not one of ours is `storage`. */
export function teamError(error: unknown): ConsoleError {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as DatabaseError;
  const text = typeof message === 'string' ? message : String(error);
  if (lostConnection(code, text)) {
    return {
      kind: 'network',
      message: `The team database could not be reached or the connection broke (${text}). Whether the last change reached it is not known here: its state is read again once it answers.`,
    };
  }
  const kind = typeof code === 'string' ? KIND_OF_STATE[code] : undefined;
  if (code === APPROVAL_NEEDED)
    return { kind: 'not_permitted', message: text, text: { key: APPROVAL_NEEDED_KEY } };
  return { kind: kind ?? 'storage', message: kind ? text : `The team database refused: ${text}` };
}

/** Node's TLS refusals: an unknown or untrusted CA, a name that does not match, an expired certificate. */
const TLS_REFUSAL = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/**
 * Why a connection to the team's database failed, as a sentence that says what to check: the
 * address, the CA file, the role and its password. `where` names the server and database.
 */
export function connectionError(error: unknown, where: string, user: string): ConsoleError {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as DatabaseError;
  const text = typeof message === 'string' ? message : String(error);
  if (typeof code === 'string' && UNREACHABLE.has(code)) {
    return {
      kind: 'network',
      message: `The team database at ${where} cannot be reached (${code}): check the host, the port and the network.`,
    };
  }
  // Before the server's certificate is blamed: these are about this desk's client certificate.
  if (typeof code === 'string' && /KEY_VALUES_MISMATCH/.test(code)) {
    return {
      kind: 'tls',
      message: `The private key given is not the client certificate's (${code}): give the key made with that certificate.`,
    };
  }
  if (typeof code === 'string' && /_ALERT_/.test(code)) {
    return {
      kind: 'tls',
      message: `The team database at ${where} refused this desk's side of TLS (${code}): a client certificate must be signed by the team's CA and still valid.`,
    };
  }
  if ((typeof code === 'string' && TLS_REFUSAL.test(code)) || /does not support SSL/i.test(text)) {
    return {
      kind: 'tls',
      message: `The team database at ${where} was refused over TLS (${typeof code === 'string' ? code : text}): its certificate must be signed by the team's CA given with --ca, for this host name.`,
    };
  }
  if (/timeout/i.test(text)) {
    return { kind: 'timeout', message: `The team database at ${where} did not answer in time.` };
  }
  // invalid_password; invalid_authorization_specification (no such role, a NOLOGIN role, no pg_hba line).
  if (code === '28P01' || code === '28000') {
    return {
      kind: 'auth',
      message: `The team database at ${where} refused ${user}: ${text}. Check the role's name and password, and that it may still log in.`,
    };
  }
  if (code === '3D000') {
    return { kind: 'not_found', message: `The team database at ${where} does not exist: ${text}.` };
  }
  return teamError(error);
}
