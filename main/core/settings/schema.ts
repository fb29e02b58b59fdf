import { z } from 'zod';
import {
  CHOOSABLE_TABLES,
  EMBEDDED_SANDBOX_BASE_URL,
  ENVIRONMENT_COLORS,
  ENVIRONMENT_KINDS,
  LANGUAGES,
  PRODUCTION_COLOR,
  TABLE_COLUMNS_LIMITS,
  THEMES,
  type EnvironmentColor,
  type EnvironmentKind,
  type EnvironmentProfile,
  type Preferences,
} from '../../../shared/contract';
import { ENVIRONMENT_ID_PATTERN } from '../vault/accounts';

/**
 * The version of the settings document this code reads and writes. Versions 1 and 2 were never
 * released: a file that says so is set aside, kept, like any other it cannot use
 * (stored-settings.ts).
 */
export const SETTINGS_VERSION = 3;

/** The id of the first-run profile. */
const LOCAL_SANDBOX_ID = 'local-sandbox';

export const ENVIRONMENT_NAME_MAX_LENGTH = 64;

/** Colour a profile gets when none is chosen. Production is always PRODUCTION_COLOR. */
export const DEFAULT_COLORS: Readonly<Record<EnvironmentKind, EnvironmentColor>> = {
  'local-sandbox': 'teal',
  testing: 'blue',
  production: PRODUCTION_COLOR,
};

const DEFAULT_PREFERENCES: Preferences = { language: 'en', theme: 'system' };

const environmentProfileSchema = z.object({
  id: z.string().regex(ENVIRONMENT_ID_PATTERN),
  name: z.string().min(1).max(ENVIRONMENT_NAME_MAX_LENGTH),
  kind: z.enum(ENVIRONMENT_KINDS),
  baseUrl: z.string().min(1),
  color: z.enum(ENVIRONMENT_COLORS),
}) satisfies z.ZodType<EnvironmentProfile>;

/** PostgreSQL cuts a role's name at 63 bytes; people.ts holds the stricter rule for new people. */
const TEAM_PERSON_MAX_LENGTH = 63;
/** A CA file is a few certificates (PEM, ASCII): a larger one is not the file meant; the CLI reads no more. */
export const TEAM_CA_MAX_LENGTH = 256 * 1024;

/**
 * The team database a profile's desk has joined (docs/architecture.md, "Team mode: the
 * database"): where it is, who this desk is there, and the team's CA (a public certificate, kept
 * here so the desk checks the server against it on every connection). The person's password, or
 * their certificate's private key, is never here: it is in the OS keychain (vault.ts).
 */
export const teamMembershipSchema = z.strictObject({
  host: z.string().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  database: z.string().min(1).max(63),
  person: z.string().min(1).max(TEAM_PERSON_MAX_LENGTH),
  ca: z.string().includes('-----BEGIN CERTIFICATE-----').max(TEAM_CA_MAX_LENGTH),
  /**
   * The person's client certificate (PEM, public), when they sign in with one rather than a
   * password; its private key is in the OS keychain (vault.ts, `teamKey`), never here.
   */
  certificate: z.string().includes('-----BEGIN CERTIFICATE-----').max(TEAM_CA_MAX_LENGTH).optional(),
  joinedAt: z.iso.datetime(),
  /**
   * The local journal's last entry when the desk joined, as its verify reported it (null: an empty
   * journal): what this desk did alone ends there, whatever the team's journal holds after.
   */
  localJournalHead: z.strictObject({ seq: z.number().int().positive(), hash: z.string().min(1) }).nullable(),
});

export type TeamMembership = z.infer<typeof teamMembershipSchema>;

/**
 * A profile as the settings document keeps it. `team` is optional, so SETTINGS_VERSION stays 3:
 * every document an earlier version 3 wrote is still valid, and an earlier Paydesk reading one
 * with a team drops only that field (zod strips it), which leaves that desk out of the team and
 * nothing else changed; a new version number would make it refuse the whole file instead.
 */
const storedProfileSchema = environmentProfileSchema.extend({ team: teamMembershipSchema.optional() });

export type StoredProfile = z.infer<typeof storedProfileSchema>;

/** A stored profile as the console shows it: the team is read through the team's own operations. */
export function publicProfile(stored: StoredProfile): EnvironmentProfile {
  const { id, name, kind, baseUrl, color } = stored;
  return { id, name, kind, baseUrl, color };
}

/** Column names are the renderer's (camelCase words); a table the renderer no longer has is refused. */
export const tableColumnsSchema = z.partialRecord(
  z.enum(CHOOSABLE_TABLES),
  z
    .array(
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9]*$/)
        .max(TABLE_COLUMNS_LIMITS.maxNameLength),
    )
    .max(TABLE_COLUMNS_LIMITS.maxColumns),
);

const preferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  tableColumns: tableColumnsSchema.optional(),
}) satisfies z.ZodType<Preferences>;

/**
 * The settings document as stored. Structural checks only; the cross-profile rules (unique
 * names, production never sharing a base URL with testing…) are enforced when profiles change,
 * in environments.ts, so that a file edited by hand still loads.
 */
export const settingsDocumentSchema = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    environments: z.array(storedProfileSchema).min(1),
    activeEnvironmentId: z.string(),
    preferences: preferencesSchema,
  })
  .refine((document) => document.environments.some((env) => env.id === document.activeEnvironmentId), {
    message: 'activeEnvironmentId must name one of the environments',
    path: ['activeEnvironmentId'],
  })
  .refine(
    (document) => new Set(document.environments.map((env) => env.id)).size === document.environments.length,
    {
      message: 'environment ids must be unique',
      path: ['environments'],
    },
  );

export type SettingsDocument = z.infer<typeof settingsDocumentSchema>;

/** What a first run starts with: the embedded sandbox, active, so the console works with nothing typed in. */
export function firstRunDocument(): SettingsDocument {
  return {
    version: SETTINGS_VERSION,
    environments: [
      {
        id: LOCAL_SANDBOX_ID,
        name: 'Local sandbox',
        kind: 'local-sandbox',
        baseUrl: EMBEDDED_SANDBOX_BASE_URL,
        color: DEFAULT_COLORS['local-sandbox'],
      },
    ],
    activeEnvironmentId: LOCAL_SANDBOX_ID,
    preferences: { ...DEFAULT_PREFERENCES },
  };
}
