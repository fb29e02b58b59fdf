/** Guard rails: production opens read-only and must be armed for mutating actions. */
import { method, type ApiOf } from './method';

/** Production opens read-only; arming it for mutating actions expires after 10 idle minutes. */
export interface ArmingState {
  environmentId: string;
  /** Always true outside production. */
  armed: boolean;
  /** ISO time the arming lapses unless the user acts again; null when not armed or not production. */
  expiresAt: string | null;
}

export const GUARD_METHODS = {
  getArming: method<Record<string, never>, ArmingState>(),

  armProduction: method<{ confirmation: string }, ArmingState>(),

  disarmProduction: method<Record<string, never>, ArmingState>(),
};
export type GuardApi = ApiOf<typeof GUARD_METHODS>;
