import { z } from 'zod';
import type { EnvironmentList, EnvironmentProfile, EnvironmentsApi, Result } from '../../../shared/contract';
import { environmentAddInputSchema, environmentUpdateInputSchema } from '../settings';
import { environmentId, MAX_URL, none } from './arg-parts';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';
import { failure } from './results';

/** An environment's base URL as typed (the settings check the D5 rules and say why). */
const baseUrl = z.string().max(MAX_URL).optional();

/** The profiles, with the one the console acts on. */
async function listWithActive(context: ConsoleContext): Promise<Result<EnvironmentList>> {
  const list = await context.environments.list();
  if (!list.ok) return list;
  const active = await context.activeEnvironmentId();
  return active.ok ? { ok: true, data: { ...list.data, activeEnvironmentId: active.data } } : active;
}

async function announceEnvironment(context: ConsoleContext): Promise<void> {
  const list = await listWithActive(context);
  if (list.ok) context.events.emit('environmentChanged', list.data);
}

async function announceArming(context: ConsoleContext): Promise<void> {
  const active = await context.activeEnvironmentId();
  if (!active.ok) return;
  const profile = await context.profile(active.data);
  if (profile.ok) context.events.emit('armingChanged', context.arming.state(profile.data));
}

/**
 * How many unresolved intents belong to this profile: made through it, or on the service account
 * it reaches now (D19). Its retries and status reads need a way to that account.
 */
export async function unresolvedOf(
  context: ConsoleContext,
  profile: EnvironmentProfile,
): Promise<Result<number>> {
  // A profile in a team journals in its database: the count is not known while that is down.
  const inTeam = await context.teamSessions.of(profile.id);
  if (!inTeam.ok) return inTeam;
  const journal = await context.journal();
  if (!journal.ok) return journal;
  const open = await journal.data.unresolved();
  if (!open.ok) return open;
  const accounts = new Set<string>();
  const connection = await context.connections.connect(profile.id);
  if (connection.ok) {
    const reached = await connection.data.account();
    if (reached.ok) {
      accounts.add(reached.data.payments);
      if (reached.data.cashouts !== null) accounts.add(reached.data.cashouts);
    }
  }
  return {
    ok: true,
    data: open.data.filter(
      (intent) =>
        intent.environment.id === profile.id ||
        (intent.environment.account !== undefined && accounts.has(intent.environment.account)),
    ).length,
  };
}

export const ENVIRONMENT_HANDLERS: ConsoleMethods<keyof EnvironmentsApi> = {
  listEnvironments: { arg: none, handle: (context) => listWithActive(context) },

  addEnvironment: {
    arg: environmentAddInputSchema.extend({ baseUrl }),
    handle: (context, arg) => context.environments.add(arg),
  },

  updateEnvironment: {
    arg: environmentUpdateInputSchema.extend({ id: environmentId, baseUrl }),
    async handle(context, arg) {
      const before = await context.environments.get(arg.id);
      const updated = await context.environments.update(arg);
      if (!updated.ok) return updated;
      const moved = before.ok && before.data.baseUrl !== updated.data.environment.baseUrl;
      if (moved) {
        // A new host: a new client and a new clock; arming was for the old host.
        context.connections.drop(arg.id);
        context.arming.disarmEnvironment(arg.id);
        const active = await context.activeEnvironmentId();
        if (active.ok && active.data === arg.id) await announceEnvironment(context);
      }
      return updated;
    },
  },

  removeEnvironment: {
    arg: z.strictObject({
      id: environmentId,
      // Bounded like arming's confirmation: a wrong name is refused as not_permitted, not as input.
      typedName: z.string().max(200).optional(),
    }),
    async handle(context, arg) {
      // Production goes only with its name typed, as arming asks: its credentials go with it, so
      // a stray click or a mistyped id in a script must not be enough.
      const profile = await context.environments.get(arg.id);
      if (!profile.ok) return profile;
      const { kind, name } = profile.data;
      if (kind === 'production' && arg.typedName !== name) {
        return failure(
          'not_permitted',
          `"${name}" is a production environment and was not removed: type its name exactly ("${name}") to remove it.`,
          { field: 'typedName', text: { key: 'environment.removeNotConfirmed', params: { name } } },
        );
      }
      const unsettled = await unresolvedOf(context, profile.data);
      if (!unsettled.ok) return unsettled;
      if (unsettled.data > 0) {
        const count = unsettled.data;
        return failure(
          'invalid_state',
          `"${name}" has ${count === 1 ? 'a payment action' : `${count} payment actions`} whose outcome is unknown, so it was not removed: settle ${count === 1 ? 'it' : 'them'} on the Audit screen (or paydesk audit unresolved) first.`,
          { text: { key: 'environment.unresolvedIntents', params: { name, count } } },
        );
      }
      const activeBefore = await context.activeEnvironmentId();
      const removed = await context.environments.remove(arg.id);
      if (!removed.ok) return removed;
      const { removedId } = removed.data;
      context.connections.drop(removedId);
      context.arming.disarmEnvironment(removedId);
      await context.watchlist.forgetEnvironment(removedId);
      // Its drafts may hold payer details: they go with the environment.
      await context.drafts.forgetEnvironment(removedId);
      if (activeBefore.ok && activeBefore.data === removedId) {
        context.setActiveEnvironmentId(removed.data.activeEnvironmentId);
        await announceEnvironment(context);
        await announceArming(context);
      }
      return removed;
    },
  },

  useEnvironment: {
    arg: z.strictObject({ id: environmentId }),
    async handle(context, arg) {
      const before = await context.activeEnvironmentId();
      const used = await context.environments.use(arg.id);
      if (!used.ok) return used;
      context.setActiveEnvironmentId(used.data.id);
      // Arming belongs to one environment and never follows a switch.
      if (!before.ok || before.data !== used.data.id) context.arming.disarm();
      const list = await listWithActive(context);
      if (list.ok) context.events.emit('environmentChanged', list.data);
      context.events.emit('armingChanged', context.arming.state(used.data));
      return list;
    },
  },
};
