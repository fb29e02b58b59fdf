/**
 * Drafts: the typed work of the New deposit, New refund and cashout-cancel forms, per
 * environment and form, sealed with a key kept in the keychain (in memory only, for this run, where
 * no such key can be had); cleared when the request is journaled as sent (console/guarded.ts) or
 * discarded.
 */
export { createDraftStore, DRAFTS_FOLDER_NAME, type DraftStore } from './store';
export { keychainDraftKey, draftSealing, keychainStateOf, DRAFT_KEY_ACCOUNT } from './key';
export { draftValuesSchema, draftFormSchema } from './schema';
export { formOfAction } from './forms';
