/**
 * Notifications (D11): the service POSTs `{"deposit_id":N}` or `{"refund_id":N}`, signed as a D1
 * request over the raw body. What the console says of one: whose key signed it, how old its
 * X-Date is, the record it names and that record's status read now (a notification is only a
 * trigger: the status read is the truth).
 */
import type { EnvironmentKind } from './environments';
import { method, type ApiOf } from './method';
import type { Result } from './results';

/** The record a notification names. */
export interface NotificationSubject {
  kind: 'deposit' | 'refund';
  id: number;
}

/** Why a notification could not even be checked: its text, headers or body are not D11's. */
export const NOTIFICATION_PROBLEMS = [
  /** Not an HTTP request, nor headers followed by a body. */
  'request',
  /** X-Date, X-Login or Authorization is missing, or given twice. */
  'headers',
  /** Authorization is not `SVC ` and 64 hex digits (D1). */
  'authorization',
  /** X-Date is not `yyyy-MM-ddTHH:mm:ssZ` (D2). */
  'date',
  /** The body is larger than any notification (D11 bodies are a few bytes). */
  'too_large',
  /** The body is not JSON, or not exactly one of `deposit_id` and `refund_id` as a positive integer. */
  'body',
] as const;
export type NotificationProblem = (typeof NOTIFICATION_PROBLEMS)[number];

/** The X-Date as read: its age against this desk's clock (negative: from the future). */
export interface NotificationDate {
  xDate: string;
  ageSeconds: number;
  /** The largest age, either way, a notification is taken at (older: a replay, or a clock off). */
  maxAgeSeconds: number;
}

/**
 * The verdict on a notification's signature and date, checked against the notification keys
 * (the API key and secret, D1) of every environment the desk knows.
 */
export type NotificationVerdict =
  /** Signed with this environment's key, X-Date within the window. */
  | {
      verdict: 'genuine';
      environmentIds: string[];
      subject: NotificationSubject;
      date: NotificationDate;
    }
  /** Signed with this environment's key, but the X-Date is outside the window: a replay, or a clock off. */
  | { verdict: 'stale'; environmentIds: string[]; subject: NotificationSubject; date: NotificationDate }
  /** The X-Login is this environment's, the signature is not its: the body, the date or the signature was altered. */
  | { verdict: 'bad_signature'; environmentIds: string[]; date: NotificationDate }
  /** Signed with the secret of these environments, but carrying another API key as X-Login. */
  | { verdict: 'other_key'; environmentIds: string[]; date: NotificationDate }
  /** No environment known here has this X-Login, and no known secret signed it. */
  | { verdict: 'unknown_login'; date: NotificationDate }
  /** It cannot be checked at all; `message` says what is wrong in English, never quoting a secret. */
  | { verdict: 'malformed'; problem: NotificationProblem; message: string };

/** An environment whose notification key was checked, as the verdict's ids name it. */
export interface NotificationEnvironment {
  id: string;
  name: string;
  kind: EnvironmentKind;
}

/** What the console says of a pasted or saved notification. */
export interface NotificationCheck {
  verdict: NotificationVerdict;
  /** The environments whose keys it was checked against. */
  checked: NotificationEnvironment[];
  /** Environments whose key could not be read (a locked keychain, missing credentials), and why in English. */
  unchecked: { environmentId: string; reason: string }[];
  /**
   * The named record's status read now in the first environment that signed it (genuine or
   * stale): the truth a notification only points at (D11). Absent when nothing signed it.
   */
  current?: { environmentId: string; status: Result<{ status: string }> };
}

/**
 * A notification this desk's receiver took: once per (account, record, status), however often
 * the service sent it (D11 retries, replays within the window); `count` says how often it came.
 */
export interface ReceivedNotification {
  environmentId: string;
  subject: NotificationSubject;
  /** The status read when it first came: the truth it pointed at (D11). */
  status: string;
  count: number;
  /** ISO 8601, this desk's clock. */
  firstAt: string;
  lastAt: string;
}

export const NOTIFICATION_METHODS = {
  /** Checks a notification given as its HTTP request's text, or its headers, a blank line and its body. */
  verifyNotification: method<{ text: string }, NotificationCheck>(),
  /** What this desk's receivers took, the latest first. */
  listReceivedNotifications: method<{ limit?: number }, ReceivedNotification[]>(),
};
export type NotificationsApi = ApiOf<typeof NOTIFICATION_METHODS>;

/** A pasted or saved request: its headers and body, with room for a proxy's extra headers. */
export const NOTIFICATION_TEXT_MAX_BYTES = 64 * 1024;
