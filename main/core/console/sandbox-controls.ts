import { z } from 'zod';
import {
  type Result,
  type SandboxEntity,
  type SandboxNotification,
  SANDBOX_ENTITIES,
  type SandboxApi,
} from '../../../shared/contract';
import type { EmbeddedSandboxHandle, EnvironmentConnection } from './connections';
import type { ConsoleContext } from './context';
import { failure } from './results';
import { countrySchema, currencySchema, externalIdSchema, idSchema } from '../payments';
import { finite, none } from './arg-parts';
import { onActive } from './context';
import type { ConsoleMethods } from './method';

/**
 * The local sandbox's control API (main/sandbox/README.md, `/__sandbox`), offered only while a
 * local-sandbox environment is active: it moves records, time and notifications the way the real
 * service would on its own.
 */

const CONTROL_TIMEOUT_MS = 10_000;

function sandboxOf(connection: EnvironmentConnection): Result<EmbeddedSandboxHandle> {
  if (connection.profile.kind !== 'local-sandbox' || connection.sandbox === null) {
    return failure(
      'not_permitted',
      'Sandbox controls work only while the local sandbox environment is active.',
      { text: { key: 'sandbox.notActive' } },
    );
  }
  return { ok: true, data: connection.sandbox };
}

const errorBodySchema = z.object({ error: z.string() });

async function control<T>(
  sandbox: EmbeddedSandboxHandle,
  method: 'GET' | 'POST',
  path: string,
  body: object | undefined,
  answer: z.ZodType<T>,
): Promise<Result<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      // The sandbox takes changes only as JSON (a web page cannot send that cross-site).
      ...(method === 'POST' && { headers: { 'Content-Type': 'application/json' } }),
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    return failure('network', 'The local sandbox did not answer.', { text: { key: 'sandbox.noAnswer' } });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure('bad_response', 'The local sandbox answered something that is not JSON.', {
      text: { key: 'sandbox.unexpectedAnswer' },
    });
  }
  if (!response.ok) {
    const reason = errorBodySchema.safeParse(json);
    const why = reason.success ? reason.data.error.slice(0, 300) : `HTTP ${response.status}`;
    const kind =
      response.status === 404 ? 'not_found' : response.status === 409 ? 'invalid_state' : 'validation';
    // The sandbox's reason is English: it goes with the details, the sentence is translated.
    return failure(kind, `The sandbox refused: ${why}.`, {
      httpStatus: response.status,
      text: { key: 'sandbox.refused' },
      ...(reason.success && { serviceMessage: why }),
    });
  }
  const parsed = answer.safeParse(json);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : failure('bad_response', 'The local sandbox answered in an unexpected shape.', {
        text: { key: 'sandbox.unexpectedAnswer' },
      });
}

async function transitionSandboxRecord(
  sandbox: EmbeddedSandboxHandle,
  arg: { entity: SandboxEntity; id: number; to: string; rejectionCode?: number; rejectionReason?: string },
): Promise<Result<{ status: string }>> {
  const moved = await control(
    sandbox,
    'POST',
    `/${arg.entity}s/${arg.id}/transition`,
    {
      to: arg.to,
      ...(arg.rejectionCode !== undefined && { rejection_code: arg.rejectionCode }),
      ...(arg.rejectionReason !== undefined && { rejection_reason: arg.rejectionReason }),
    },
    z.object({ to: z.string() }),
  );
  return moved.ok ? { ok: true, data: { status: moved.data.to } } : moved;
}

async function createSandboxCashout(
  sandbox: EmbeddedSandboxHandle,
  arg: { externalId?: string; amount?: number; currency?: string; country?: string; status?: string },
): Promise<Result<{ cashoutId: number; externalId: string }>> {
  const created = await control(
    sandbox,
    'POST',
    '/cashouts',
    {
      ...(arg.externalId !== undefined && { external_id: arg.externalId }),
      ...(arg.amount !== undefined && { amount: arg.amount }),
      ...(arg.currency !== undefined && { currency: arg.currency }),
      ...(arg.country !== undefined && { country: arg.country }),
      ...(arg.status !== undefined && { status: arg.status }),
    },
    z.object({ cashout_id: z.number(), external_id: z.string() }),
  );
  return created.ok
    ? { ok: true, data: { cashoutId: created.data.cashout_id, externalId: created.data.external_id } }
    : created;
}

async function advanceSandboxClock(
  sandbox: EmbeddedSandboxHandle,
  seconds: number,
): Promise<Result<{ now: string }>> {
  const clock = await control(sandbox, 'POST', '/clock/advance', { seconds }, z.object({ now: z.string() }));
  return clock.ok ? { ok: true, data: { now: clock.data.now } } : clock;
}

const notificationsSchema = z.object({
  notifications: z.array(
    z.object({
      url: z.string(),
      body: z.string(),
      attempts: z.array(
        z.object({
          attempt: z.number(),
          at: z.string(),
          http_status: z.number().optional(),
          error: z.string().optional(),
        }),
      ),
    }),
  ),
});

/** One line per delivery attempt, in the order they were made. */
async function listSandboxNotifications(
  sandbox: EmbeddedSandboxHandle,
): Promise<Result<SandboxNotification[]>> {
  const listed = await control(sandbox, 'GET', '/notifications', undefined, notificationsSchema);
  if (!listed.ok) return listed;
  const lines: SandboxNotification[] = [];
  for (const notification of listed.data.notifications) {
    for (const attempt of notification.attempts) {
      lines.push({
        url: notification.url,
        body: notification.body,
        attempt: attempt.attempt,
        sentAt: attempt.at,
        answerStatus: attempt.http_status ?? null,
        ...(attempt.error !== undefined && { error: attempt.error }),
      });
    }
  }
  return { ok: true, data: lines };
}

/** The sandbox's controls act on the active environment, and only when it is the embedded sandbox. */
const onSandbox = <T>(
  context: ConsoleContext,
  task: (sandbox: EmbeddedSandboxHandle) => Promise<Result<T>>,
): Promise<Result<T>> =>
  onActive(context, async (connection) => {
    const sandbox = sandboxOf(connection);
    return sandbox.ok ? task(sandbox.data) : sandbox;
  });

export const SANDBOX_HANDLERS: ConsoleMethods<keyof SandboxApi> = {
  transitionSandboxRecord: {
    arg: z.strictObject({
      entity: z.enum(SANDBOX_ENTITIES),
      id: idSchema,
      to: z.string().min(1).max(32),
      rejectionCode: z.number().int().min(0).max(9999).optional(),
      rejectionReason: z.string().min(1).max(255).optional(),
    }),
    handle: (context, arg) => onSandbox(context, (sandbox) => transitionSandboxRecord(sandbox, arg)),
  },

  createSandboxCashout: {
    arg: z.strictObject({
      externalId: externalIdSchema.optional(),
      amount: finite.positive().optional(),
      currency: currencySchema.optional(),
      country: countrySchema.optional(),
      status: z.string().min(1).max(32).optional(),
    }),
    handle: (context, arg) => onSandbox(context, (sandbox) => createSandboxCashout(sandbox, arg)),
  },

  advanceSandboxClock: {
    arg: z.strictObject({ seconds: finite.min(0).max(10 * 366 * 86_400) }),
    handle: (context, arg) => onSandbox(context, (sandbox) => advanceSandboxClock(sandbox, arg.seconds)),
  },

  listSandboxNotifications: {
    arg: none,
    handle: (context) => onSandbox(context, (sandbox) => listSandboxNotifications(sandbox)),
  },
};
