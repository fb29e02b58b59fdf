import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer';
import { answerText } from './answer';
import { checkBearer, checkCashoutEnvelope, checkSigned, idempotencyKeyOf, normaliseIp } from './auth';
import type { SandboxCore } from './core';
import { cashoutError, serviceError } from './errors';
import { hashBody } from './idempotency';
import { endpoints } from './service-endpoints';

/**
 * The nine endpoints of the spec, POST /v3/refunds (D8) and the states and fiat quote reads
 * (D15), each run through one pipeline: IP allow-list → fault draw → authentication →
 * idempotency (POST) → handler → faults on the way out. Authentication failures are answered
 * before the idempotency store is consulted, so a request refused for its clock or signature can
 * be retried with the same key (D2, D6).
 */

/** What Content-Type the client really sent (the server swaps it to keep Fastify from refusing). */
export const clientContentTypes = new WeakMap<object, string | undefined>();

const EMPTY = Buffer.alloc(0);

function sendAnswer(reply: FastifyReply, answer: Answer, headers: Record<string, string> = {}): FastifyReply {
  reply.code(answer.status).headers(headers);
  if (answer.body === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(answerText(answer));
}

/** Closes the connection without an answer (fault `drop`). */
function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function registerServiceRoutes(app: FastifyInstance, core: SandboxCore): void {
  for (const endpoint of endpoints(core)) {
    const errorOf = (name: 'invalidIp' | 'internal', text: string): Answer =>
      endpoint.auth === 'cashout' ? cashoutError(name) : serviceError(name, text);

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        core.sweep();
        if (core.allowIps.length > 0 && !core.allowIps.includes(normaliseIp(request.socket.remoteAddress))) {
          return sendAnswer(reply, errorOf('invalidIp', 'Caller IP address is not in the allow-list'));
        }
        const fault = core.faults.draw();
        if (fault?.kind === 'drop' && fault.when === 'before') return dropConnection(request, reply);
        if (fault?.kind === 'latency') await sleep(fault.delayMs);

        const rawBody = Buffer.isBuffer(request.body) ? request.body : EMPTY;
        const contentType = clientContentTypes.get(request.raw);
        let cashoutBody: unknown;
        let refusal: Answer | undefined;
        if (endpoint.auth === 'readOnly') {
          refusal = checkBearer(request.headers, core.credentials.readOnlyKey);
        } else if (endpoint.auth === 'signed') {
          refusal = checkSigned(
            { headers: request.headers, rawBody, hasBody: endpoint.method === 'POST', contentType },
            core.credentials,
            core.authClock.now(),
          );
        } else {
          const envelope = checkCashoutEnvelope(
            { headers: request.headers, rawBody, contentType },
            core.credentials.cashoutSecret,
          );
          if (envelope.ok) cashoutBody = envelope.body;
          else refusal = envelope.answer;
        }
        if (refusal) return sendAnswer(reply, refusal);

        // D6: only POSTs honour X-Idempotency-Key; on GET and DELETE it has no effect.
        const key = endpoint.method === 'POST' ? idempotencyKeyOf(request.headers) : { ok: false as const };
        const claim =
          key.ok && key.key !== undefined
            ? core.idempotency.claim(
                `${endpoint.method} ${endpoint.path}`,
                key.key,
                hashBody(rawBody),
                // The 24 h retention is business time: time travel can age a key out (D6, D13).
                core.businessClock.now(),
              )
            : undefined;
        let answer: Answer;
        const extraHeaders: Record<string, string> = {};
        if (claim?.kind === 'conflict') {
          answer =
            endpoint.auth === 'cashout'
              ? {
                  status: 400,
                  body: { code: 104, message: 'Idempotency key already used with a different body' },
                }
              : serviceError('idempotencyKeyUsed', 'X-Idempotency-Key: already used with a different body');
        } else if (claim?.kind === 'replay') {
          answer = await claim.answer;
          extraHeaders['x-idempotent-replay'] = 'true';
        } else {
          if (fault?.kind === 'http500') {
            answer = errorOf('internal', 'Internal server error (injected fault)');
          } else {
            try {
              answer = await endpoint.handle({
                params: request.params as Record<string, string>,
                query: request.query as Record<string, unknown>,
                rawBody,
                cashoutBody,
              });
            } catch (error) {
              request.log.error(
                { err: error instanceof Error ? error.message : 'unknown' },
                'handler failed',
              );
              answer = errorOf('internal', 'Internal server error');
            }
          }
          claim?.settle(answer);
        }

        if (fault?.kind === 'drop') return dropConnection(request, reply);
        if (fault?.kind === 'malformed') {
          const text = answerText(answer);
          return reply
            .code(answer.status)
            .type('application/json; charset=utf-8')
            .send(text.length > 2 ? text.slice(0, Math.floor(text.length / 2)) : '{"');
        }
        return sendAnswer(reply, answer, extraHeaders);
      },
    });
  }
}
