import type { PreferencesApi } from '../../../shared/contract';
import { preferencesPatchSchema } from '../settings';
import { none } from './arg-parts';
import type { ConsoleMethods } from './method';

export const PREFERENCE_HANDLERS: ConsoleMethods<keyof PreferencesApi> = {
  getPreferences: { arg: none, handle: (context) => context.environments.preferences() },
  setPreferences: {
    arg: preferencesPatchSchema,
    handle: (context, arg) => context.environments.updatePreferences(arg),
  },
};
