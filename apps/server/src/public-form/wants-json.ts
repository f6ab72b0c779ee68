import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the client prefers JSON to a page: its `Accept` ranks `application/json` above
 * `text/html` (a fetch call asking for JSON). Browsers submitting a form, and clients that accept
 * anything, get the page and the 303.
 */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;

  return (
    typeof accept === 'string' && negotiate(accept, ['text/html', 'application/json']) === 'application/json'
  );
}
