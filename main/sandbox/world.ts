import type { SandboxClock } from './clock';
import type { NotificationSubject } from './notifier';
import type { SandboxState } from './state';

/** What the record rules need from the running sandbox (implemented by SandboxCore). */
export interface World {
  /** D13: the clock time travel moves; record dates and deadlines are on it. */
  readonly businessClock: SandboxClock;
  readonly state: SandboxState;
  /** `http://127.0.0.1:<port>`: checkout pages, receipts and logos are served there. */
  readonly baseUrl: string;
  /** D11: a status change of a deposit or refund with a notification_url. */
  notify(subject: NotificationSubject, recordId: number, status: string, url: string | undefined): void;
  /** Deposits changed (created, moved): the expiry schedule must be looked at again. */
  depositsChanged(): void;
}

/** A refused move: the reason is shown to the control API caller (409). */
export type MoveOutcome = { ok: true; from: string; to: string } | { ok: false; reason: string };

export const centsToAmount = (cents: number): number => cents / 100;
export const roundTo = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
