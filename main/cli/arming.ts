import type { MutationMeta, Result } from '../../shared/contract';
import { checkInput, idempotencyKeySchema } from '../core/payments';
import type { MutationFlags } from './command-context';
import { invalidOption } from './command-context';
import type { CliSession } from './session';

const invalid = invalidOption;

/**
 * How production arming maps to the CLI: a CLI process lives for one command, so `--yes` arms
 * production for that one command only (with the profile's name as the confirmation, which the
 * CLI knows), and `--reason` is required, as in the app. Nothing stays armed afterwards.
 */
export async function armForCommand(
  session: CliSession,
  flags: MutationFlags,
): Promise<Result<MutationMeta>> {
  const target = await session.target();
  if (!target.ok) return target;
  const meta: MutationMeta = {
    ...(flags.reason !== undefined && { reason: flags.reason }),
    ...(flags.idempotencyKey !== undefined && { idempotencyKey: flags.idempotencyKey }),
    ...(flags.confirmDuplicateOf !== undefined && { confirmedDuplicateOf: flags.confirmDuplicateOf }),
  };
  if (flags.idempotencyKey !== undefined) {
    const key = checkInput(idempotencyKeySchema, flags.idempotencyKey, '--idempotency-key');
    if (!key.ok) return key;
  }
  if (target.data.kind !== 'production') return { ok: true, data: meta };
  if (!flags.reasonOptional && (flags.reason === undefined || flags.reason.trim() === '')) {
    return invalid('--reason', `required in production ("${target.data.name}"): say why this is done`);
  }
  if (!flags.yes) {
    return {
      ok: false,
      error: {
        kind: 'not_permitted',
        message: `Production ("${target.data.name}") is read-only: add --yes to arm it for this one command.`,
      },
    };
  }
  const armed = await session.api.armProduction({ confirmation: target.data.name });
  return armed.ok ? { ok: true, data: meta } : armed;
}
