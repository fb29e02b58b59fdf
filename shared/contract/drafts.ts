/**
 * Drafts: the typed work of the New deposit, New refund and cashout-cancel forms, kept
 * by main per environment and form until it is sent or discarded. The renderer never stores one.
 */
import { method, type ApiOf } from './method';

export const DRAFT_FORMS = ['deposit-create', 'refund-create', 'cashout-cancel'] as const;
export type DraftForm = (typeof DRAFT_FORMS)[number];

/** What a draft may hold: flat form fields, bounded so a draft stays a small file. */
export const DRAFT_LIMITS = { maxFields: 100, maxKeyLength: 64, maxTextLength: 4096 } as const;

/** A form's fields by name: texts as typed, ticks as true or false. */
export type DraftValues = Record<string, string | boolean>;

export interface Draft {
  environmentId: string;
  form: DraftForm;
  values: DraftValues;
  /** ISO time of the last save. */
  savedAt: string;
}

/**
 * Where the drafts saved now are kept. `sealed`: on disk, sealed under the key in the OS keychain,
 * so they survive a restart. Otherwise in main's memory only, never on disk, until the console
 * stops: `memory_vault` (its keys live in memory only, so none outlives the run) or
 * `keychain_unavailable` (the OS keychain that holds the drafts' key cannot be used now).
 */
export const DRAFT_KEEPINGS = ['sealed', 'memory_vault', 'keychain_unavailable'] as const;
export type DraftKeeping = (typeof DRAFT_KEEPINGS)[number];

export interface DraftLoad {
  /** null: no draft (never saved, sent or discarded). */
  draft: Draft | null;
  /** A draft that could not be read was moved aside (the form starts empty). */
  setAside: boolean;
  /** Where this form's draft is kept from now on: the form says so before anything is typed. */
  keeping: DraftKeeping;
  /**
   * A draft saved earlier is on disk, sealed under a key this run cannot use (the keychain is
   * unavailable, or this run keeps its keys in memory only). It is left as it is: not damage.
   */
  sealedEarlier: boolean;
}

interface DraftRef {
  environmentId: string;
  form: DraftForm;
}

export const DRAFT_METHODS = {
  loadDraft: method<DraftRef, DraftLoad>(),

  /** Replaces the draft (last write wins). */
  saveDraft: method<DraftRef & { values: DraftValues }, { savedAt: string; keeping: DraftKeeping }>(),

  /** `discarded: false` when there was none. */
  discardDraft: method<DraftRef, { discarded: boolean }>(),
};
export type DraftsApi = ApiOf<typeof DRAFT_METHODS>;
