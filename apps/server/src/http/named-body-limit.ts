import { AppError } from '@formwell/core';
import type { FastifyRequest } from 'fastify';

/**
 * The limit a request's 413 names when it is not the route's own: a file over its field's limit
 * (`at most 1 MB`) rather than the 100 KB of a JSON body. Kept beside the request so the REST
 * scope's rebuilt error body names the limit that was crossed.
 */
const namedLimits = new WeakMap<FastifyRequest, number>();

export function rememberNamedBodyLimit(request: FastifyRequest, error: unknown): void {
  if (AppError.is(error) && error.details.bodyLimitBytes !== undefined) {
    namedLimits.set(request, error.details.bodyLimitBytes);
  }
}

export function namedBodyLimit(request: FastifyRequest): number | undefined {
  return namedLimits.get(request);
}
