import type { DraftsApi, Result } from '../../../shared/contract';
import type { ConsoleContext } from './context';

/**
 * The drafts' part of the ConsoleApi. A draft belongs to an environment the settings know (the
 * page names it, so a save that arrives after a switch still lands where it was typed).
 */
export function createDraftsApi(context: ConsoleContext): DraftsApi {
  const { drafts } = context;
  const known = async (environmentId: string): Promise<Result<void>> => {
    const profile = await context.profile(environmentId);
    return profile.ok ? { ok: true, data: undefined } : profile;
  };
  return {
    async draftLoad(arg) {
      const profile = await known(arg.environmentId);
      return profile.ok ? drafts.load(arg.environmentId, arg.form) : profile;
    },
    async draftSave(arg) {
      const profile = await known(arg.environmentId);
      return profile.ok ? drafts.save(arg.environmentId, arg.form, arg.values) : profile;
    },
    async draftDiscard(arg) {
      const profile = await known(arg.environmentId);
      return profile.ok ? drafts.discard(arg.environmentId, arg.form) : profile;
    },
  };
}
