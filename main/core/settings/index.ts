export type { SettingsStore } from './settings-store';
export { createFileSettingsStore, writeFileAtomically, setFileAside } from './file-settings-store';
export { loadSettings } from './settings-document';
export {
  createEnvironmentsService,
  environmentAddInputSchema,
  environmentUpdateInputSchema,
  preferencesPatchSchema,
  credentialFieldSchema,
  type EnvironmentsService,
} from './environments';
export { createEnvironmentResolver, type EmbeddedSandbox, type EnvironmentResolver } from './resolver';
