import { z } from 'zod';
import { ENVIRONMENT_COLORS, type EnvironmentColor, type Result } from '../../../shared/contract';
import { accountOrigin } from '../payments/base-url';
import { baseUrlFor, colorFor } from '../settings/environment-rules';
import { ENVIRONMENT_NAME_MAX_LENGTH } from '../settings/schema';
import type { TeamClient } from './client';
import { checkedRows, runStatement } from './rows';

/**
 * The team's environment profiles (docs/architecture.md, "Team mode: the database"): admins keep
 * them through `put_environment`/`remove_environment`, which journal each change; every person
 * reads them, and a desk adopts one as a profile of its own (its own service credentials, which
 * never reach the database). The same rules as a desk's own profiles apply before anything is sent.
 */

const teamKindSchema = z.enum(['testing', 'production']);

const teamEnvironmentRowSchema = z.object({
  name: z.string(),
  kind: teamKindSchema,
  base_url: z.string(),
  color: z.enum(ENVIRONMENT_COLORS),
  updated_by: z.string(),
  updated_at: z.date(),
});

export interface TeamEnvironment {
  name: string;
  kind: z.infer<typeof teamKindSchema>;
  baseUrl: string;
  color: EnvironmentColor;
  updatedBy: string;
  updatedAt: string;
}

export interface TeamEnvironmentInput {
  name: string;
  kind: string;
  baseUrl: string;
  color?: string;
}

const shown = (row: z.infer<typeof teamEnvironmentRowSchema>): TeamEnvironment => ({
  name: row.name,
  kind: row.kind,
  baseUrl: row.base_url,
  color: row.color,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at.toISOString(),
});

const invalid = (message: string, field: string): Result<never> => ({
  ok: false,
  error: { kind: 'validation', message, field },
});

async function environmentRows(
  client: TeamClient,
  text: string,
  values: unknown[],
): Promise<Result<TeamEnvironment[]>> {
  const rows = await checkedRows(client, { text, values }, teamEnvironmentRowSchema, 'environment');
  return rows.ok ? { ok: true, data: rows.data.map(shown) } : rows;
}

export function listTeamEnvironments(client: TeamClient): Promise<Result<TeamEnvironment[]>> {
  return environmentRows(client, 'SELECT * FROM paydesk.environments_view ORDER BY name', []);
}

/** Adds the environment or changes the one of that name (admins only: the database refuses others). */
export async function putTeamEnvironment(
  client: TeamClient,
  input: TeamEnvironmentInput,
): Promise<Result<TeamEnvironment>> {
  const name = input.name.trim();
  if (name === '' || name.length > ENVIRONMENT_NAME_MAX_LENGTH) {
    return invalid(`name: 1 to ${ENVIRONMENT_NAME_MAX_LENGTH} characters.`, 'name');
  }
  const kind = teamKindSchema.safeParse(input.kind);
  if (!kind.success) return invalid('kind: a team environment is testing or production.', 'kind');
  const baseUrl = baseUrlFor(kind.data, input.baseUrl);
  if (!baseUrl.ok) return baseUrl;
  const colorInput = z.enum(ENVIRONMENT_COLORS).optional().safeParse(input.color);
  if (!colorInput.success) return invalid(`color: one of ${ENVIRONMENT_COLORS.join(', ')}.`, 'color');
  const color = colorFor(kind.data, colorInput.data);
  if (!color.ok) return color;
  // The origin is how the database finds the environment that governs an account (D19).
  const kept = await environmentRows(client, 'SELECT * FROM paydesk.put_environment($1, $2, $3, $4, $5)', [
    name,
    kind.data,
    baseUrl.data,
    color.data,
    accountOrigin(baseUrl.data),
  ]);
  if (!kept.ok) return kept;
  const [environment] = kept.data;
  return environment
    ? { ok: true, data: environment }
    : { ok: false, error: { kind: 'bad_response', message: 'The team database kept no environment.' } };
}

export function removeTeamEnvironment(client: TeamClient, name: string): Promise<Result<void>> {
  return runStatement(client, 'SELECT paydesk.remove_environment($1)', [name]);
}
