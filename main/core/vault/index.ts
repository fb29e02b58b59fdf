export type { SecretBackend, SecretEntry } from './secret-backend';
export { createKeytarBackend, type KeytarBackendOptions, type KeytarModule } from './keytar-backend';
export { createMemoryBackend } from './memory-backend';
export { createVault, type CredentialValues, type Vault, type VaultOptions } from './vault';
export { VAULT_SERVICE, ENVIRONMENT_ID_PATTERN, validateEnvironmentId, isCredentialField } from './accounts';
export { validateCredentialValue, maskedHint, CREDENTIAL_MAX_LENGTHS } from './credential-rules';
export { CREDENTIAL_RECORD_VERSION } from './credential-record';
