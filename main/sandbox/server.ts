import Fastify, { type FastifyInstance } from 'fastify';
import { registerCheckoutRoutes } from './checkout-page';
import { registerControlRoutes } from './control-routes';
import type { SandboxCore } from './core';
import { clientContentTypes, registerServiceRoutes } from './service-routes';

/**
 * D17: a path with one trailing slash names the same endpoint (the family's PHP client posts to
 * `/v3/deposits/`), on every route. Only exactly one is dropped: `/v3/deposits//` stays a path
 * no route has. (Fastify's own `ignoreTrailingSlash` trims one from any path, so `//` after
 * `/v3/deposits` would reach the status route with an empty id.) The query is kept as it came.
 */
export function withoutOneTrailingSlash(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length < 2 || !path.endsWith('/') || path.endsWith('//')) return url;
  return path.slice(0, -1) + url.slice(path.length);
}

/**
 * The HTTP face of the sandbox: service endpoints, control API, hosted checkout. Bodies are
 * kept as raw bytes (signatures are over exact bytes, D1/D3); every answer carries a Date
 * header from the authentication clock (D13), from which clients estimate their clock offset:
 * time travel must not show them a skew that the X-Date check does not apply.
 */
export function buildServer(core: SandboxCore, options: { logger: boolean }): FastifyInstance {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    // Tests start and stop many sandboxes: close() must not wait for idle keep-alive sockets.
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (request) => withoutOneTrailingSlash(request.url ?? '/'),
  });

  // Keep the client's Content-Type for the auth checks and hand Fastify one it cannot refuse,
  // so a malformed header gets the service's own answer (101) instead of a framework 415.
  // Callback-style hooks: they run on every request, and skip a promise each (see the bench).
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const contentType = raw.headers['content-type'];
    if (contentType !== undefined) {
      clientContentTypes.set(raw, contentType);
      raw.headers['content-type'] = 'application/octet-stream';
    }
    done();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('date', new Date(core.authClock.now()).toUTCString());
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    // The path as the caller wrote it, before a trailing slash was dropped.
    const path = request.originalUrl.split('?')[0] ?? '';
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: 404, description: `No such route: ${request.method} ${path}` }));
  });

  app.setErrorHandler((error, _request, reply) => {
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 500;
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify({
          code: status,
          description: status === 413 ? 'Body too large' : 'Request could not be processed',
        }),
      );
  });

  registerServiceRoutes(app, core);
  registerControlRoutes(app, core);
  registerCheckoutRoutes(app, core);
  return app;
}
