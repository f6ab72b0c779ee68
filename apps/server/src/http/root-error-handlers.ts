import type { FastifyError, FastifyInstance } from 'fastify';

import { codeForStatus, toErrorBody } from './error-body.js';

/**
 * Every error Fastify itself raises (bad JSON, wrong content type, body too large, unknown path)
 * answers with the one body of decisions.md §3; encapsulated scopes such as /api/v1 inherit this.
 * The not-found text never echoes the URL: it may hold a key (`/nope?apiKey=…`).
 */
export function setRootErrorHandlers(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(toErrorBody(404, { message: 'Not found', code: 'NOT_FOUND' })),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    }

    return reply
      .code(statusCode)
      .send(toErrorBody(statusCode, { message: error.message, code: codeForStatus(statusCode) }));
  });
}
