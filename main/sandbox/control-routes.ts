import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { z } from 'zod';
import { isJsonContentType, isLoopback, single } from './auth';
import {
  cashoutFixtureSchema,
  cashoutStatusRecord,
  createCashoutFixture,
  moveCashout,
  REJECTION_CODE_MAX,
  REJECTION_CODE_MIN,
} from './cashouts';
import { SECOND_MS } from './clock';
import type { SandboxCore } from './core';
import { depositStatusRecord, moveDeposit } from './deposits';
import { faultSettingsSchema } from './faults';
import { moveRefund, refundStatusRecord } from './refunds';
import { clientContentTypes } from './service-routes';
import {
  CASHOUT_MOVES,
  CASHOUT_STATUSES,
  DEPOSIT_MOVES,
  DEPOSIT_STATUSES,
  REFUND_MOVES,
  REFUND_STATUSES,
} from './state-machines';
import type { MoveOutcome } from './world';

/**
 * The control API under /__sandbox/: drives what the real service does on its own (status
 * moves, time, faults). Loopback callers only; JSON in and out; never part of the service
 * (no auth, no faults, no allow-list). Errors are `{error}` with 400 (bad input), 403 (a caller
 * a browser page could be, see checkControlCaller), 404 (unknown id), 409 (a move the state
 * machine refuses), 415 (a change without the JSON content type).
 */
export const CONTROL_PREFIX = '/__sandbox';

/** `name` or `name:port`, the name a DNS name, an IPv4 address or a bracketed IPv6 address. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/**
 * Whether a Host header names this sandbox by a loopback name: localhost, 127.x.x.x or [::1],
 * with the port it listens on. A page that rebinds its own DNS name to 127.0.0.1 still sends
 * its own name here, so this is what stops it.
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  const match = HOST_HEADER.exec((host ?? '').toLowerCase());
  const name = match?.[1];
  if (name === undefined) return false;
  if ((match?.[2] === undefined ? 80 : Number(match[2])) !== port) return false;
  if (name === 'localhost') return true;
  const ip = name.startsWith('[') ? name.slice(1, -1) : name;
  return isIP(ip) !== 0 && isLoopback(ip);
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/**
 * Any web page in the user's browser can send requests to 127.0.0.1, so the control API takes
 * only what such a page cannot make without the sandbox's consent (which it never gives: no
 * CORS headers, ever): a Host naming the sandbox by a loopback name, no Origin or our own, and
 * on changes the JSON content type (which a page cannot send cross-site without a preflight).
 * curl, the console and the tests send exactly that. Undefined when the caller may proceed.
 */
function checkControlCaller(request: {
  method: string;
  headers: IncomingHttpHeaders;
  /** The Content-Type as the client sent it. */
  contentType: string | undefined;
  /** The port this request came in on. */
  localPort: number | undefined;
}): { status: 403 | 415; error: string } | undefined {
  const host = single(request.headers.host) ?? '';
  if (request.localPort === undefined || !isLoopbackHost(host, request.localPort)) {
    return {
      status: 403,
      error: 'the control API answers requests addressed to 127.0.0.1, localhost or [::1] only',
    };
  }
  const origin = single(request.headers.origin);
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
    return { status: 403, error: 'the control API does not answer requests from web pages' };
  }
  if (!READ_ONLY_METHODS.has(request.method) && !isJsonContentType(request.contentType)) {
    return { status: 415, error: 'Content-Type: must be application/json' };
  }
  return undefined;
}

/** D9: status strings are read tolerantly (EARLY_RELEASED = EARLY RELEASED). */
const canonicalDepositStatus = (text: string): string => text.trim().toUpperCase().replace(/_/g, ' ');

const depositTransitionSchema = z
  .object({
    to: z.string().transform(canonicalDepositStatus).pipe(z.enum(DEPOSIT_STATUSES)),
    payment_method: z.string().min(1).max(10).optional(),
  })
  .strict();
const refundTransitionSchema = z.object({ to: z.enum(REFUND_STATUSES) }).strict();
const cashoutTransitionSchema = z
  .object({
    to: z.enum(CASHOUT_STATUSES),
    rejection_code: z.number().int().min(REJECTION_CODE_MIN).max(REJECTION_CODE_MAX).optional(),
    rejection_reason: z.string().min(1).max(255).optional(),
  })
  .strict();
const advanceSchema = z
  .object({
    seconds: z
      .number()
      .finite()
      .min(0)
      .max(10 * 366 * 86_400),
  })
  .strict();
/** The authentication clock's skew: absolute, either sign (D13). */
const skewSchema = z
  .object({
    seconds: z
      .number()
      .finite()
      .min(-10 * 366 * 86_400)
      .max(10 * 366 * 86_400),
  })
  .strict();

function parseBody<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; error: string } {
  let value: unknown = {};
  if (Buffer.isBuffer(body) && body.length > 0) {
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return { ok: false, error: 'body: malformed JSON' };
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
}

const fail = (reply: FastifyReply, status: number, error: string, extra: object = {}) =>
  reply.code(status).send({ error, ...extra });

const idOf = (params: unknown): number | undefined => {
  const text = (params as { id?: string }).id ?? '';
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
};

function answerMove(reply: FastifyReply, outcome: MoveOutcome, id: number, record: unknown) {
  if (!outcome.ok) return fail(reply, 409, outcome.reason);
  return reply.send({ id, from: outcome.from, to: outcome.to, record });
}

export function registerControlRoutes(app: FastifyInstance, core: SandboxCore): void {
  app.register(
    async (control) => {
      control.addHook('onRequest', async (request, reply) => {
        if (!isLoopback(request.socket.remoteAddress)) {
          return reply.code(403).send({ error: 'the control API answers loopback callers only' });
        }
        const refusal = checkControlCaller({
          method: request.method,
          headers: request.headers,
          contentType: clientContentTypes.get(request.raw),
          localPort: request.socket.localPort,
        });
        if (refusal) return reply.code(refusal.status).send({ error: refusal.error });
        core.sweep();
        return undefined;
      });

      control.get('/', async () => ({
        routes: [
          'GET  /__sandbox/clock',
          'POST /__sandbox/clock/advance {"seconds":N}',
          'POST /__sandbox/clock/skew {"seconds":N}',
          'GET  /__sandbox/deposits/{id}',
          'POST /__sandbox/deposits/{id}/transition {"to":"<STATUS>","payment_method"?}',
          'GET  /__sandbox/refunds/{id}',
          'POST /__sandbox/refunds/{id}/transition {"to":"<STATUS>"}',
          'POST /__sandbox/cashouts {external_id?, amount?, currency?, country?, status?, on_hold?}',
          'POST /__sandbox/cashouts/{id}/transition {"to":"<STATUS>", rejection_code?, rejection_reason?}',
          'GET  /__sandbox/notifications',
          'GET  /__sandbox/faults',
          'POST /__sandbox/faults {"rate":0..1,"kinds":[...],"seed":N}',
          'GET  /__sandbox/state-machines',
          'POST /__sandbox/reset',
        ],
      }));

      control.get('/state-machines', async () => ({
        deposit: DEPOSIT_MOVES,
        refund: REFUND_MOVES,
        cashout: CASHOUT_MOVES,
      }));

      control.get('/clock', async () => clockView(core));

      control.post('/clock/advance', async (request, reply) => {
        const body = parseBody(advanceSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        core.advanceClock(body.value.seconds * SECOND_MS);
        return clockView(core);
      });

      control.post('/clock/skew', async (request, reply) => {
        const body = parseBody(skewSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        core.authClock.setOffset(body.value.seconds * SECOND_MS);
        return clockView(core);
      });

      control.get('/deposits/:id', async (request, reply) => {
        const id = idOf(request.params);
        const deposit = id !== undefined ? core.state.deposits.get(id) : undefined;
        if (!deposit) return fail(reply, 404, 'deposit not found');
        return {
          deposit_id: deposit.id,
          status: deposit.status,
          checkout_type: deposit.checkoutType,
          checkout_url: `${core.baseUrl}/checkout/${deposit.checkoutToken}`,
          expires_at: new Date(deposit.expiresAt).toISOString(),
          ...(deposit.expiredAt !== undefined
            ? { expired_at: new Date(deposit.expiredAt).toISOString() }
            : {}),
          early_release: deposit.earlyRelease,
          // As the client sent it (D14); the service's status record has no such field.
          ...(deposit.bankAccount ? { bank_account: { ...deposit.bankAccount } } : {}),
          record: depositStatusRecord(core, deposit),
        };
      });

      control.get('/refunds/:id', async (request, reply) => {
        const id = idOf(request.params);
        const refund = id !== undefined ? core.state.refunds.get(id) : undefined;
        if (!refund) return fail(reply, 404, 'refund not found');
        return {
          refund_id: refund.id,
          deposit_id: refund.depositId,
          status: refund.status,
          ...(refund.bankAccount ? { bank_account: { ...refund.bankAccount } } : {}),
          record: refundStatusRecord(core, refund),
        };
      });

      control.post('/deposits/:id/transition', async (request, reply) => {
        const body = parseBody(depositTransitionSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        const id = idOf(request.params);
        const deposit = id !== undefined ? core.state.deposits.get(id) : undefined;
        if (!deposit) return fail(reply, 404, 'deposit not found');
        const outcome = moveDeposit(core, deposit, body.value.to, {
          paymentMethod: body.value.payment_method,
        });
        return answerMove(reply, outcome, deposit.id, depositStatusRecord(core, deposit));
      });

      control.post('/refunds/:id/transition', async (request, reply) => {
        const body = parseBody(refundTransitionSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        const id = idOf(request.params);
        const refund = id !== undefined ? core.state.refunds.get(id) : undefined;
        if (!refund) return fail(reply, 404, 'refund not found');
        const outcome = moveRefund(core, refund, body.value.to);
        return answerMove(reply, outcome, refund.id, refundStatusRecord(core, refund));
      });

      control.post('/cashouts', async (request, reply) => {
        const body = parseBody(cashoutFixtureSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        const created = createCashoutFixture(core, body.value);
        if (!created.ok) return fail(reply, created.status, created.reason);
        return {
          cashout_id: created.cashout.id,
          external_id: created.cashout.externalId,
          status: created.cashout.status,
          record: cashoutStatusRecord(created.cashout),
        };
      });

      control.post('/cashouts/:id/transition', async (request, reply) => {
        const body = parseBody(cashoutTransitionSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        const id = idOf(request.params);
        const cashout = id !== undefined ? core.state.cashouts.get(id) : undefined;
        if (!cashout) return fail(reply, 404, 'cashout not found');
        const outcome = moveCashout(core, cashout, body.value.to, {
          rejectionCode: body.value.rejection_code,
          rejectionReason: body.value.rejection_reason,
        });
        return answerMove(reply, outcome, cashout.id, cashoutStatusRecord(cashout));
      });

      control.get('/notifications', async () => ({ notifications: core.notifier.entries() }));

      control.get('/faults', async () => core.faults.describe());

      control.post('/faults', async (request, reply) => {
        const body = parseBody(faultSettingsSchema, request.body);
        if (!body.ok) return fail(reply, 400, body.error);
        core.faults.configure(body.value);
        return core.faults.describe();
      });

      control.post('/reset', async () => {
        core.reset();
        return { reset: true, clock: clockView(core) };
      });
    },
    { prefix: CONTROL_PREFIX },
  );
}

/**
 * Both clocks (D13). The top level is the business clock (what time travel moved, `offset_ms`
 * ahead of real time); `authentication` is what X-Date is checked against and `Date` shows.
 */
function clockView(core: SandboxCore) {
  const now = core.businessClock.now();
  const authNow = core.authClock.now();
  return {
    now: new Date(now).toISOString(),
    now_ms: now,
    offset_ms: core.businessClock.offsetMs,
    authentication: {
      now: new Date(authNow).toISOString(),
      now_ms: authNow,
      skew_ms: core.authClock.offsetMs,
    },
  };
}
