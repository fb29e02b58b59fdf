import { z } from 'zod';
import { DRAFT_FORMS, DRAFT_LIMITS } from '../../../shared/contract';

/** A draft's fields where they enter main (saveDraft) and where they are read back from disk. */
export const draftValuesSchema = z
  .record(
    z.string().min(1, 'a field name must not be empty').max(DRAFT_LIMITS.maxKeyLength, 'is not a field name'),
    z.union([z.string().max(DRAFT_LIMITS.maxTextLength, 'is too long'), z.boolean()]),
  )
  .refine((values) => Object.keys(values).length <= DRAFT_LIMITS.maxFields, {
    message: `a draft holds at most ${DRAFT_LIMITS.maxFields} fields`,
  });

export const draftFormSchema = z.enum(DRAFT_FORMS);
