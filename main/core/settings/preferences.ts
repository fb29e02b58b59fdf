import type { Preferences } from '../../../shared/contract';
import { parseInput, preferencesPatchSchema } from './environment-inputs';
import type { EnvironmentsService } from './environments';
import type { SettingsContext } from './settings-context';

/** The user's preferences (language, theme, table columns), kept in the settings document. */
export function preferenceOperations({
  exclusive,
  load,
  change,
}: SettingsContext): Pick<EnvironmentsService, 'preferences' | 'updatePreferences'> {
  return {
    preferences: () =>
      exclusive(async () => {
        const document = await load();
        return document.ok ? { ok: true, data: document.data.preferences } : document;
      }),

    updatePreferences: (rawPatch) =>
      exclusive(async () => {
        const patch = parseInput(preferencesPatchSchema, rawPatch);
        if (!patch.ok) return patch;
        // A key present with `undefined` (structured clone keeps it) must not erase the stored
        // value: the document would then fail its own schema on the next read and be set aside.
        const given = Object.entries(patch.data).filter(([, value]) => value !== undefined);
        return change(async (document) => {
          const preferences: Preferences = { ...document.preferences, ...Object.fromEntries(given) };
          // One table's choice must not erase another's (two windows, two tables).
          if (patch.data.tableColumns !== undefined) {
            preferences.tableColumns = { ...document.preferences.tableColumns, ...patch.data.tableColumns };
          }
          return { ok: true, data: { value: preferences, document: { ...document, preferences } } };
        });
      }),
  };
}
