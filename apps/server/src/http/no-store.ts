import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The API's two faces: every answer there is about a key's or a session's account (or refuses one). */
const AUTHENTICATED_PREFIXES = ['/api/v1/', '/trpc/'];

/** A request that carries an API key or a cookie: its answer may be about that account. */
function carriesCredential(request: FastifyRequest): boolean {
  const { headers } = request;

  return (
    headers['x-api-key'] !== undefined ||
    headers.authorization !== undefined ||
    headers.cookie !== undefined ||
    /[?&]apiKey=/.test(request.url)
  );
}

/**
 * `Cache-Control: no-store` on every answer that depends on a key or a session, so no shared cache
 * (a proxy, a CDN) and no browser history keeps an account's forms, submissions or keys. Routes that
 * chose their own caching (the dashboard's files, which hold no account data) keep it.
 */
export function noStoreForAuthenticatedAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      (carriesCredential(request) || AUTHENTICATED_PREFIXES.some((prefix) => request.url.startsWith(prefix)))
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
