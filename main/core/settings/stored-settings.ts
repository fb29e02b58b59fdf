import { z } from 'zod';
import { PRODUCTION_COLOR } from '../../../shared/contract';
import { DEFAULT_COLORS, SETTINGS_VERSION, settingsDocumentSchema, type SettingsDocument } from './schema';

/** Why a document cannot be used. `newer` documents are left untouched; `invalid` ones are set aside. */
type StoredSettingsFailure = { reason: 'newer'; version: number } | { reason: 'invalid'; detail: string };

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'it does not match the settings format';
  const path = first.path.length > 0 ? first.path.join('.') : 'the document';
  return `${path}: ${first.message}`;
}

/**
 * The kind drives the colour: a production profile is always PRODUCTION_COLOR and no other
 * profile may look like one, even in a file edited by hand.
 */
function withKindColors(document: SettingsDocument): SettingsDocument {
  return {
    ...document,
    environments: document.environments.map((env) => {
      if (env.kind === 'production') return { ...env, color: PRODUCTION_COLOR };
      return env.color === PRODUCTION_COLOR ? { ...env, color: DEFAULT_COLORS[env.kind] } : env;
    }),
  };
}

type StoredSettingsOutcome =
  { ok: true; document: SettingsDocument } | { ok: false; failure: StoredSettingsFailure };

/**
 * Checks a stored document against the one version this code knows. Nothing older was released,
 * so there is nothing to bring forward: an older file is as unusable as a broken one.
 */
export function readStoredSettings(stored: unknown): StoredSettingsOutcome {
  const invalid = (detail: string): StoredSettingsOutcome => ({
    ok: false,
    failure: { reason: 'invalid', detail },
  });
  const header = z.looseObject({ version: z.number().int().positive() }).safeParse(stored);
  if (!header.success) return invalid('version: missing or not a positive integer');
  if (header.data.version > SETTINGS_VERSION) {
    return { ok: false, failure: { reason: 'newer', version: header.data.version } };
  }
  if (header.data.version < SETTINGS_VERSION)
    return invalid(`version ${header.data.version} is from a development build this version cannot read`);
  const parsed = settingsDocumentSchema.safeParse(stored);
  if (!parsed.success) return invalid(describe(parsed.error));
  return { ok: true, document: withKindColors(parsed.data) };
}
