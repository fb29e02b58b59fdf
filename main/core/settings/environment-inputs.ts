import { z } from 'zod';
import {
  CREDENTIAL_FIELDS,
  ENVIRONMENT_COLORS,
  ENVIRONMENT_KINDS,
  LANGUAGES,
  THEMES,
  type ConsoleError,
  type Result,
} from '../../../shared/contract';
import { issueText } from '../message-text';
import { ENVIRONMENT_ID_PATTERN } from '../vault/accounts';
import { ENVIRONMENT_NAME_MAX_LENGTH, tableColumnsSchema } from './schema';

// ---------------------------------------------------------------------------------------------
// Input schemas: what IPC handlers and the CLI hand over is parsed here, once.
// ---------------------------------------------------------------------------------------------

const nameInput = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ENVIRONMENT_NAME_MAX_LENGTH, `must be at most ${ENVIRONMENT_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'must not contain control characters');
export const environmentIdInput = z.string().regex(ENVIRONMENT_ID_PATTERN, 'is not an environment id');

export const environmentAddInputSchema = z.strictObject({
  name: nameInput,
  kind: z.enum(ENVIRONMENT_KINDS),
  baseUrl: z.string().optional(),
  color: z.enum(ENVIRONMENT_COLORS).optional(),
});

export const environmentUpdateInputSchema = z.strictObject({
  id: environmentIdInput,
  name: nameInput.optional(),
  baseUrl: z.string().optional(),
  color: z.enum(ENVIRONMENT_COLORS).optional(),
});

export const preferencesPatchSchema = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(THEMES).optional(),
  tableColumns: tableColumnsSchema.optional(),
});

export const credentialFieldSchema = z.enum(CREDENTIAL_FIELDS);

/** The first problem of a zod parse as a `validation` error with its field path. */
function validationErrorOf(error: z.ZodError, prefix?: string): { ok: false; error: ConsoleError } {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  const field = path || 'input';
  return {
    ok: false,
    error: {
      kind: 'validation',
      field,
      message: `${field} ${issue?.message ?? 'is invalid'}.`,
      text: issueText(issue),
    },
  };
}

export function parseInput<T>(schema: z.ZodType<T>, input: unknown, prefix?: string): Result<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : validationErrorOf(parsed.error, prefix);
}
