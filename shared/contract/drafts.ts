/**
 * Drafts (issue 27): the typed work of the New deposit, New refund and cashout-cancel forms, kept
 * by main per environment and form until it is sent or discarded. The renderer never stores one.
 */
import type { Result } from './results';

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

export interface DraftLoad {
  /** null: no draft (never saved, sent or discarded). */
  draft: Draft | null;
  /** A draft that could not be read was moved aside (the form starts empty). */
  setAside: boolean;
}

export interface DraftRef {
  environmentId: string;
  form: DraftForm;
}

export interface DraftsApi {
  draftLoad(arg: DraftRef): Promise<Result<DraftLoad>>;
  /** Replaces the draft (last write wins). */
  draftSave(arg: DraftRef & { values: DraftValues }): Promise<Result<{ savedAt: string }>>;
  /** `discarded: false` when there was none. */
  draftDiscard(arg: DraftRef): Promise<Result<{ discarded: boolean }>>;
}

export const DRAFT_CHANNELS = {
  draftLoad: 'paydesk:drafts:load',
  draftSave: 'paydesk:drafts:save',
  draftDiscard: 'paydesk:drafts:discard',
} as const satisfies { [K in keyof DraftsApi]: `paydesk:${string}` };
