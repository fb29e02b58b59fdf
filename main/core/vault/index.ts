export type { SecretBackend } from './secret-backend';
export { createKeytarBackend } from './keytar-backend';
export { createMemoryBackend } from './memory-backend';
export { createVault } from './vault';
export { VAULT_SERVICE, ENVIRONMENT_ID_PATTERN, validateEnvironmentId } from './accounts';
