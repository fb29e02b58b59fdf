import { z } from 'zod';
import type { EnvironmentProfile, GuardApi, Result } from '../../../shared/contract';
import { none } from './arg-parts';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';
import { failure } from './results';

async function activeProfile(context: ConsoleContext): Promise<Result<EnvironmentProfile>> {
  const active = await context.activeEnvironmentId();
  return active.ok ? context.profile(active.data) : active;
}

/** Arming production: per environment, by its name typed (docs/architecture.md, safety rules). */
export const GUARD_HANDLERS: ConsoleMethods<keyof GuardApi> = {
  getArming: {
    arg: none,
    async handle(context) {
      const profile = await activeProfile(context);
      return profile.ok ? { ok: true, data: context.arming.state(profile.data) } : profile;
    },
  },

  armProduction: {
    arg: z.strictObject({ confirmation: z.string().max(200) }),
    async handle(context, arg) {
      const profile = await activeProfile(context);
      if (!profile.ok) return profile;
      if (profile.data.kind !== 'production') return { ok: true, data: context.arming.state(profile.data) };
      if (arg.confirmation !== profile.data.name) {
        return failure(
          'not_permitted',
          `Production was not armed: type the environment's name exactly ("${profile.data.name}").`,
          {
            field: 'confirmation',
            text: { key: 'guard.armNotConfirmed', params: { name: profile.data.name } },
          },
        );
      }
      return { ok: true, data: context.arming.arm(profile.data) };
    },
  },

  disarmProduction: {
    arg: none,
    async handle(context) {
      const profile = await activeProfile(context);
      if (!profile.ok) return profile;
      context.arming.disarmEnvironment(profile.data.id);
      return { ok: true, data: context.arming.state(profile.data) };
    },
  },
};
