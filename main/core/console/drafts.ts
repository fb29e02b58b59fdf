import { z } from 'zod';
import type { DraftsApi, Result } from '../../../shared/contract';
import { draftFormSchema, draftValuesSchema } from '../drafts';
import { environmentId } from './arg-parts';
import type { ConsoleContext } from './context';
import type { ConsoleMethods } from './method';

/**
 * The drafts' part of the console. A draft belongs to an environment the settings know (the
 * page names it, so a save that arrives after a switch still lands where it was typed).
 */

const draftRef = { environmentId, form: draftFormSchema };

async function known(context: ConsoleContext, id: string): Promise<Result<void>> {
  const profile = await context.profile(id);
  return profile.ok ? { ok: true, data: undefined } : profile;
}

export const DRAFT_HANDLERS: ConsoleMethods<keyof DraftsApi> = {
  loadDraft: {
    arg: z.strictObject(draftRef),
    async handle(context, arg) {
      const profile = await known(context, arg.environmentId);
      return profile.ok ? context.drafts.load(arg.environmentId, arg.form) : profile;
    },
  },
  saveDraft: {
    arg: z.strictObject({ ...draftRef, values: draftValuesSchema }),
    async handle(context, arg) {
      const profile = await known(context, arg.environmentId);
      return profile.ok ? context.drafts.save(arg.environmentId, arg.form, arg.values) : profile;
    },
  },
  discardDraft: {
    arg: z.strictObject(draftRef),
    async handle(context, arg) {
      const profile = await known(context, arg.environmentId);
      return profile.ok ? context.drafts.discard(arg.environmentId, arg.form) : profile;
    },
  },
};
