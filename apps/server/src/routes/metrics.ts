import { buildErrorBody, ErrorMessages, metricsTokenMatches } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export type MetricsRoutesOptions = {
  registry: Registry;
  /** When set, the scrape must carry `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** In production a token is required: without one, every scrape is refused. */
  production: boolean;
};

/**
 * `GET /metrics`: the Prometheus scrape, in its own scope outside /api/v1 and outside the OpenAPI
 * document (an operator's endpoint, not part of the API). Counters are per process: every replica
 * is scraped on its own.
 */
export function metricsRoutes(
  app: FastifyInstance,
  { registry, token, production }: MetricsRoutesOptions,
  done: () => void,
) {
  // Counters name routes, plans and queue depths: an open endpoint on a public install tells anyone
  // how busy it is. Production without a token therefore serves none (the README says so).
  if (token === undefined && production) {
    app.addHook('onRequest', async (_request, reply) =>
      reply.code(401).send(buildErrorBody(401, { message: ErrorMessages.METRICS_TOKEN_UNSET })),
    );
  }
  if (token !== undefined) {
    app.addHook('onRequest', async (request, reply) => {
      if (!metricsTokenMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send(buildErrorBody(401, { message: ErrorMessages.METRICS_TOKEN_REQUIRED }));
      }
    });
  }

  app.get('/metrics', async (_request, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  );
  done();
}
