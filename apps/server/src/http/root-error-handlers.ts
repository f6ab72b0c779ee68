import { AppError, buildErrorBody, ErrorMessages } from '@formwell/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers an unknown path some other way (the dashboard's page); false: the usual 404. */
type TNotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | false;

/**
 * Every error raised in a plain route (core's AppError) or by Fastify itself (bad JSON, wrong
 * content type, body too large, unknown path) answers with the one error body; encapsulated scopes
 * such as /api/v1 inherit this. Fastify's own codes (`FST_ERR_…`) are internal names, so the body's
 * code comes from the status. The not-found text never echoes the URL: it may hold a key
 * (`/nope?apiKey=…`).
 */
export function setRootErrorHandlers(app: FastifyInstance, notFoundFallback?: TNotFoundFallback) {
  app.setNotFoundHandler(
    (request, reply) =>
      notFoundFallback?.(request, reply) ||
      reply.code(404).send(buildErrorBody(404, { message: ErrorMessages.NOT_FOUND })),
  );

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (AppError.is(error)) {
      if (error.httpStatus >= 500) {
        request.log.error({ err: error }, 'request failed');
      }

      return reply.code(error.httpStatus).send(error.toBody());
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    }

    return reply.code(statusCode).send(
      buildErrorBody(statusCode, {
        message: error.message,
        bodyLimitBytes: request.routeOptions.bodyLimit,
      }),
    );
  });
}
