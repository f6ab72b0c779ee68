import type { FastifyInstance } from 'fastify';

import type { ServerMetrics } from './server-metrics.js';

/** The route label of a request no route matched (a 404): its raw URL could hold ids or keys. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answer by its route pattern (`/f/:formId`, never the URL with the form's id) and
 * status. Added on the root before any route scope, so every scope inherits it.
 */
export function recordRequestMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
