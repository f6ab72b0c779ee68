import { buildErrorBody, ErrorMessages } from '@formwell/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { isLoopbackHost } from './allowed-hosts.js';

/** What `Sec-Fetch-Site` says for a request the dashboard itself made (or a typed-in address). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Routes authenticated by the dashboard's session cookie answer their own origin only. SameSite=Lax
 * does not stop another origin of the same site (another port on the same host, a sibling
 * subdomain) from sending the cookie, and a request that needs no preflight (a GET, a form post)
 * reaches the server even when its answer stays unreadable. Rather than rely on every route to
 * refuse such requests by their shape, every request that a browser marks as coming from
 * elsewhere is refused with 403 before any cookie is read or anything is done:
 * - `Sec-Fetch-Site` (sent by every current browser) other than `same-origin` or `none`;
 * - without it, an `Origin` header (sent on cross-origin requests and on every POST) other than
 *   the public URL's origin; a request addressed to a loopback name (`localhost:3000`, a local
 *   install opened by another of its names) may also carry its own origin. The origin a request
 *   names itself is never trusted beyond that: a foreign name rebound to this address would match.
 * Requests with neither header (curl, server-side clients) carry no browser's ambient cookie and pass.
 * These routes never send CORS headers, so another origin cannot read their answers either.
 */
export function sameOriginOnly(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (isCrossOrigin(request, publicOrigin)) {
      await reply.code(403).send(buildErrorBody(403, { message: ErrorMessages.CROSS_ORIGIN_REFUSED }));
    }
  });
}

function isCrossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    return !OWN_FETCH_SITES.has(fetchSite.toLowerCase());
  }
  const origin = request.headers.origin;
  if (origin === undefined) {
    return false;
  }

  if (origin === publicOrigin) {
    return false;
  }

  return !(isLoopbackHost(request.host) && origin === `${request.protocol}://${request.host}`);
}
