/** Controls of the embedded local sandbox, offered only while a local-sandbox environment is active. */
import { method, type ApiOf } from './method';

export const SANDBOX_ENTITIES = ['deposit', 'refund', 'cashout'] as const;
export type SandboxEntity = (typeof SANDBOX_ENTITIES)[number];

export interface SandboxNotification {
  url: string;
  body: string;
  attempt: number;
  sentAt: string;
  answerStatus: number | null;
  error?: string;
}

export const SANDBOX_METHODS = {
  transitionSandboxRecord: method<
    { entity: SandboxEntity; id: number; to: string; rejectionCode?: number; rejectionReason?: string },
    { status: string }
  >(),

  createSandboxCashout: method<
    { externalId?: string; amount?: number; currency?: string; country?: string; status?: string },
    { cashoutId: number; externalId: string }
  >(),

  advanceSandboxClock: method<{ seconds: number }, { now: string }>(),

  listSandboxNotifications: method<Record<string, never>, SandboxNotification[]>(),
};
export type SandboxApi = ApiOf<typeof SANDBOX_METHODS>;
