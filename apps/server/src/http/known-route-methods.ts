import { buildErrorBody, ErrorMessages } from '@formwell/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type TKnownRoute = { path: RegExp; methods: Set<string> };

/** A route's URL pattern (`/f/:formId`) as an anchored expression over request paths. */
function pathPattern(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Collects the methods of the server's fixed routes as they are registered (call it before any
 * route), and returns the not-found step that answers a known path asked with another method:
 * 405 with `Allow` (`GET /api/webhooks/payments`), rather than 404. Catch-all routes are left out,
 * and so are the API's procedure routes: the /api/v1 scope answers its own 405s from the OpenAPI
 * document, and the dashboard's pages are not routes.
 */
export function answerKnownPathsWith405(app: FastifyInstance) {
  const routes = new Map<string, TKnownRoute>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.config?.restProcedure === true) {
      return;
    }
    const known = routes.get(route.url) ?? { path: pathPattern(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) {
      known.methods.add(method);
    }
    routes.set(route.url, known);
  });

  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | false => {
    // A CORS preflight is answered by the scopes that allow other origins; elsewhere it stays a 404,
    // which no browser reads as permission either.
    if (request.method === 'OPTIONS') {
      return false;
    }
    const path = request.url.split('?', 1)[0] ?? '';
    const known = [...routes.values()].find((route) => route.path.test(path));
    if (!known || known.methods.has(request.method)) {
      return false;
    }

    return reply
      .code(405)
      .header('allow', [...known.methods].join(', '))
      .send(buildErrorBody(405, { message: ErrorMessages.METHOD_NOT_ALLOWED }));
  };
}
