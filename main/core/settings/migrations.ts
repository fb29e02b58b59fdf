import { z } from 'zod';
import { PRODUCTION_COLOR } from '../../../shared/contract';
import { DEFAULT_COLORS, SETTINGS_VERSION, settingsDocumentSchema, type SettingsDocument } from './schema';

/**
 * One step per version: `MIGRATIONS[n]` turns a version-n document into version n+1. A step
 * parses only the shape it needs (loosely) and passes everything else through, so that steps
 * compose; the current schema then decides what the document holds.
 */
type Migration = (document: Record<string, unknown>) => Record<string, unknown>;

const v1Document = z.looseObject({
  version: z.literal(1),
  environments: z.array(z.looseObject({})),
});

const v2Document = z.looseObject({
  version: z.literal(2),
  environments: z.array(
    z.looseObject({ id: z.string(), watchedSubMerchantIds: z.array(z.number()).optional() }),
  ),
});

const MIGRATIONS: Readonly<Record<number, Migration>> = {
  /** v1 → v2: profiles gain `watchedSubMerchantIds` (the balances screen), empty to start. */
  1: (document) => {
    const v1 = v1Document.parse(document);
    return {
      ...v1,
      version: 2,
      environments: v1.environments.map((env) => ({ watchedSubMerchantIds: [], ...env })),
    };
  },
  /**
   * v2 → v3: the Sub-merchants watch list and the watchlist's pins become one list, kept by the
   * watchlist. The settings file cannot write the watchlist's file, so the watched ids wait in
   * `subMerchantWatchesToMove` until the watchlist takes them (no watched sub-merchant is lost).
   */
  2: (document) => {
    const v2 = v2Document.parse(document);
    const toMove: Record<string, number[]> = {};
    const environments = v2.environments.map(({ watchedSubMerchantIds, ...env }) => {
      if (watchedSubMerchantIds && watchedSubMerchantIds.length > 0) toMove[env.id] = watchedSubMerchantIds;
      return env;
    });
    return {
      ...v2,
      version: 3,
      environments,
      ...(Object.keys(toMove).length > 0 && { subMerchantWatchesToMove: toMove }),
    };
  },
};

/** Why a document cannot be used. `newer` documents are left untouched; `invalid` ones are set aside. */
type MigrationFailure = { reason: 'newer'; version: number } | { reason: 'invalid'; detail: string };

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

export type MigrationOutcome =
  { ok: true; document: SettingsDocument } | { ok: false; failure: MigrationFailure };

/** Brings a stored document of any known version to SETTINGS_VERSION and validates it. */
export function migrateSettings(stored: unknown): MigrationOutcome {
  const invalid = (detail: string): MigrationOutcome => ({
    ok: false,
    failure: { reason: 'invalid', detail },
  });
  const header = z.looseObject({ version: z.number().int().positive() }).safeParse(stored);
  if (!header.success) return invalid('version: missing or not a positive integer');
  if (header.data.version > SETTINGS_VERSION) {
    return { ok: false, failure: { reason: 'newer', version: header.data.version } };
  }
  let document: Record<string, unknown> = header.data;
  for (let version = header.data.version; version < SETTINGS_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (!step) return invalid(`no migration from version ${version}`);
    try {
      document = step(document);
    } catch (error) {
      return invalid(
        `version ${version}: ${error instanceof z.ZodError ? describe(error) : 'the migration failed'}`,
      );
    }
    if (document.version !== version + 1)
      return invalid(`the migration from version ${version} did not advance`);
  }
  const parsed = settingsDocumentSchema.safeParse(document);
  if (!parsed.success) return invalid(describe(parsed.error));
  return { ok: true, document: withKindColors(parsed.data) };
}
