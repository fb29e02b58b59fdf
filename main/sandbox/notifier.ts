import { createHmac } from 'node:crypto';
import type { SandboxClock } from './clock';
import { formatXDate } from './clock';
import type { SandboxCredentials } from './credentials';

/**
 * D11 notifications: a POST of `{"deposit_id":N}` or `{"refund_id":N}` to the record's
 * notification_url, signed like a D1 request (X-Date + X-Login + body, keyed with the API
 * secret). A non-2xx answer or a network failure is retried up to 5 more times, the gap
 * doubling from a configurable base. Every attempt is logged (never the signature).
 */

export type NotificationSubject = 'deposit' | 'refund';

interface NotificationAttempt {
  attempt: number;
  /** Business-clock time of the attempt, ISO 8601 (D13). */
  at: string;
  /** HTTP status of the answer; absent when no answer came. */
  http_status?: number;
  error?: string;
}

interface NotificationEntry {
  id: number;
  subject: NotificationSubject;
  record_id: number;
  /** The status the record moved to, which caused this notification. */
  record_status: string;
  url: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: NotificationAttempt[];
}

const NOTIFICATION_RETRIES = 5;

interface NotifierOptions {
  /** When an attempt happened, as the notifications log shows it (D13). */
  businessClock: SandboxClock;
  /** X-Date of the attempt: the merchant checks it against its own wall clock, like the service's D2. */
  authClock: SandboxClock;
  credentials: SandboxCredentials;
  /** Gap before the first retry; each later retry doubles it. */
  retryBaseMs: number;
  /** Time allowed for one attempt. */
  attemptTimeoutMs: number;
}

export class Notifier {
  readonly #options: NotifierOptions;
  #entries: NotificationEntry[] = [];
  #nextId = 1;
  #timers = new Set<NodeJS.Timeout>();
  /** Aborted on reset/close so no attempt outlives the sandbox. */
  #lifetime = new AbortController();

  constructor(options: NotifierOptions) {
    this.#options = options;
  }

  send(subject: NotificationSubject, recordId: number, recordStatus: string, url: string): void {
    const body = JSON.stringify(subject === 'deposit' ? { deposit_id: recordId } : { refund_id: recordId });
    const entry: NotificationEntry = {
      id: this.#nextId++,
      subject,
      record_id: recordId,
      record_status: recordStatus,
      url,
      body,
      state: 'pending',
      attempts: [],
    };
    this.#entries.push(entry);
    this.#schedule(entry, 0);
  }

  entries(): NotificationEntry[] {
    return structuredClone(this.#entries);
  }

  /** Forgets the log and stops every pending delivery. */
  reset(): void {
    this.#lifetime.abort();
    this.#lifetime = new AbortController();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#entries = [];
    this.#nextId = 1;
  }

  #schedule(entry: NotificationEntry, delayMs: number): void {
    const lifetime = this.#lifetime;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!lifetime.signal.aborted) void this.#attempt(entry, lifetime.signal);
    }, delayMs);
    this.#timers.add(timer);
  }

  async #attempt(entry: NotificationEntry, lifetime: AbortSignal): Promise<void> {
    const { businessClock, authClock, credentials, attemptTimeoutMs, retryBaseMs } = this.#options;
    const xDate = formatXDate(authClock.now());
    const signature = createHmac('sha256', credentials.apiSecret)
      .update(xDate + credentials.apiKey + entry.body, 'utf8')
      .digest('hex');
    const attempt: NotificationAttempt = {
      attempt: entry.attempts.length + 1,
      at: new Date(businessClock.now()).toISOString(),
    };
    entry.attempts.push(attempt);
    try {
      const response = await fetch(entry.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Date': xDate,
          'X-Login': credentials.apiKey,
          Authorization: `SVC ${signature}`,
        },
        body: entry.body,
        redirect: 'manual',
        signal: AbortSignal.any([lifetime, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      attempt.http_status = response.status;
      await response.body?.cancel();
      if (response.ok) {
        entry.state = 'delivered';
        return;
      }
    } catch (error) {
      if (lifetime.aborted) return;
      attempt.error = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network failure';
    }
    const retriesDone = entry.attempts.length - 1;
    if (retriesDone >= NOTIFICATION_RETRIES) {
      entry.state = 'failed';
      return;
    }
    this.#schedule(entry, retryBaseMs * 2 ** retriesDone);
  }
}
