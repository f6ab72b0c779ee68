import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerMetrics } from './server-metrics.js';

/**
 * Counts every answer by its operation (see routeLabeller: `/f/:formId`, never the URL with the
 * form's id) and status. Added on the root before any route scope, so every scope inherits it.
 */
export function recordRequestMetrics(
  app: FastifyInstance,
  metrics: ServerMetrics,
  routeLabel: (request: FastifyRequest) => string,
): void {
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      route: routeLabel(request),
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
