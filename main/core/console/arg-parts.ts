import { z } from 'zod';
import { BATCH_KINDS, RECORD_KINDS } from '../../../shared/contract';
import { idempotencyKeySchema } from '../payments';
import { ENVIRONMENT_ID_PATTERN } from '../vault';

/** Pieces the methods' argument schemas share (each schema sits beside its handler). */

export const MAX_URL = 2048;
export const MAX_TEXT = 500;

/** The argument of a method that takes none. */
export const none = z.strictObject({});
export const environmentId = z.string().max(64).regex(ENVIRONMENT_ID_PATTERN, 'is not an environment id');
export const finite = z.number().finite();
export const reason = z.string().max(MAX_TEXT).optional();
/** What every request that moves money may carry: the person's reason and a key to resend with. */
export const mutationMeta = { reason, idempotencyKey: idempotencyKeySchema.optional() };
export const isoTime = z.iso.datetime({ offset: true });
export const batchKind = z.enum(BATCH_KINDS);
export const recordKind = z.enum(RECORD_KINDS);

export const between = (min: number, max: number) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
