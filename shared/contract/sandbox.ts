/** Controls of the embedded local sandbox, offered only while a local-sandbox environment is active. */
import type { Result } from './results';

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

export interface SandboxApi {
  sandboxTransition(arg: {
    entity: SandboxEntity;
    id: number;
    to: string;
    rejectionCode?: number;
    rejectionReason?: string;
  }): Promise<Result<{ status: string }>>;
  sandboxCreateCashout(arg: {
    externalId?: string;
    amount?: number;
    currency?: string;
    country?: string;
    status?: string;
  }): Promise<Result<{ cashoutId: number; externalId: string }>>;
  sandboxAdvanceClock(arg: { seconds: number }): Promise<Result<{ now: string }>>;
  sandboxNotifications(arg: Record<string, never>): Promise<Result<SandboxNotification[]>>;
}

export const SANDBOX_CHANNELS = {
  sandboxTransition: 'paydesk:sandbox:transition',
  sandboxCreateCashout: 'paydesk:sandbox:create-cashout',
  sandboxAdvanceClock: 'paydesk:sandbox:advance-clock',
  sandboxNotifications: 'paydesk:sandbox:notifications',
} as const satisfies { [K in keyof SandboxApi]: `paydesk:${string}` };
