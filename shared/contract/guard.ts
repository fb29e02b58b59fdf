/** Guard rails: production opens read-only and must be armed for mutating actions. */
import type { Result } from './results';

/** Production opens read-only; arming it for mutating actions expires after 10 idle minutes. */
export interface ArmingState {
  environmentId: string;
  /** Always true outside production. */
  armed: boolean;
  /** ISO time the arming lapses unless the user acts again; null when not armed or not production. */
  expiresAt: string | null;
}

export interface GuardApi {
  getArming(arg: Record<string, never>): Promise<Result<ArmingState>>;
  armProduction(arg: { confirmation: string }): Promise<Result<ArmingState>>;
  disarmProduction(arg: Record<string, never>): Promise<Result<ArmingState>>;
}

export const GUARD_CHANNELS = {
  getArming: 'paydesk:guard:arming',
  armProduction: 'paydesk:guard:arm',
  disarmProduction: 'paydesk:guard:disarm',
} as const satisfies { [K in keyof GuardApi]: `paydesk:${string}` };
