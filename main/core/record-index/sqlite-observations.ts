import { z } from 'zod';
import { INDEXED_KINDS, OBSERVATION_SOURCES, RecordIndexError, type RecordObservation } from './port';
import { isoTime } from './sqlite-rows';

// ---------------------------------------------------------------------------------------------
// Observations, checked where they come in
// ---------------------------------------------------------------------------------------------

export const text = z.string().min(1).max(500);
/** Any ISO time with an offset, stored as UTC with milliseconds so that text order is time order. */
export const seenTime = isoTime.transform((value) => new Date(value).toISOString());

const observationSchema = z.object({
  environmentId: text,
  kind: z.enum(INDEXED_KINDS),
  id: text,
  invoiceId: text.optional(),
  externalId: text.optional(),
  depositId: text.optional(),
  status: text.optional(),
  amount: z.number().finite().optional(),
  currency: text.optional(),
  country: text.optional(),
  paymentMethod: text.optional(),
  seenAt: seenTime,
  source: z.enum(OBSERVATION_SOURCES),
  intentKey: text.optional(),
  account: text.optional(),
  instructions: z
    .object({
      json: z.string().refine((value) => {
        try {
          JSON.parse(value);
          return true;
        } catch {
          return false;
        }
      }, 'not JSON'),
      expiresAt: seenTime.optional(),
    })
    .optional(),
});

export function checkObservations(
  observations: readonly RecordObservation[],
): z.infer<typeof observationSchema>[] {
  return observations.map((observation, position) => {
    const parsed = observationSchema.safeParse(observation);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    throw new RecordIndexError({
      kind: 'internal',
      message: `A record observation was refused: ${path || 'the observation'}: ${issue?.message ?? 'invalid'}.`,
      field: `${position}${path ? `.${path}` : ''}`,
    });
  });
}
