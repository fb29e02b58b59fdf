export type { SettingsStore, StoredSettings } from './settings-store';
export { createFileSettingsStore, writeFileAtomically, setFileAside } from './file-settings-store';
export {
  loadSettings,
  updateSettings,
  settingsLockPath,
  SETTINGS_BUSY_MESSAGE,
  type LoadedSettings,
  type SettingsChange,
  type SettingsLockOptions,
} from './settings-document';
export { migrateSettings, MIGRATIONS, type Migration, type MigrationOutcome } from './migrations';
export {
  SETTINGS_VERSION,
  LOCAL_SANDBOX_ID,
  DEFAULT_COLORS,
  DEFAULT_PREFERENCES,
  firstRunDocument,
  settingsDocumentSchema,
  type SettingsDocument,
} from './schema';
export {
  createEnvironmentsService,
  credentialOrigin,
  environmentAddInputSchema,
  environmentUpdateInputSchema,
  preferencesPatchSchema,
  credentialFieldSchema,
  type EnvironmentsService,
  type EnvironmentsServiceOptions,
} from './environments';
export {
  createEnvironmentResolver,
  type CredentialsProvider,
  type EmbeddedSandbox,
  type EnvironmentResolver,
  type EnvironmentResolverOptions,
  type ResolvedEnvironment,
} from './resolver';
