import type { FastifyRequest } from 'fastify';

import type { DocumentedPathLookup } from '../http/documented-path.js';
import { pathInScope } from '../http/path-in-scope.js';

/** The route label of a request no route matched (a 404): its raw URL could hold ids or keys. */
const UNMATCHED_ROUTE = 'unmatched';
/** One label for every file of the dashboard's build: hashed names would each make a series. */
const STATIC_ROUTE = 'static';
/** A tRPC call naming no procedure of the router (any text can be sent there). */
const UNKNOWN_PROCEDURE = '/trpc/unknown';
/** A batch of several tRPC calls in one request (their names, joined, would be endless series). */
const TRPC_BATCH = '/trpc/batch';

const REST_PREFIX = '/api/v1';
const TRPC_ROUTE = '/trpc/:path';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file of the dashboard's build (set by registerDashboard). */
    staticFile?: boolean;
  }
}

export type RouteLabelOptions = {
  /** The dotted names of every procedure, as /trpc serves them (`v1.getForm`). */
  procedures: ReadonlySet<string>;
  /** The OpenAPI path template of a path under /api/v1, or null. */
  documentedPath: DocumentedPathLookup;
};

/**
 * The `route` label of a request: one value per operation, never per URL. REST calls, all served
 * by one catch-all route, are labelled by their documented path (`/api/v1/forms/{formId}`), tRPC
 * calls by their procedure (`/trpc/forms.list`), dashboard files by one label, other routes by
 * their pattern (`/f/:formId`), and anything else as unmatched.
 */
export function routeLabeller({ procedures, documentedPath }: RouteLabelOptions) {
  return (request: FastifyRequest): string => {
    const { url: pattern, config } = request.routeOptions;
    if (pattern === undefined) {
      return UNMATCHED_ROUTE;
    }
    if (config?.staticFile === true) {
      return STATIC_ROUTE;
    }
    if (pattern === TRPC_ROUTE) {
      const name = (request.params as { path?: string }).path ?? '';
      if (name.includes(',')) {
        return TRPC_BATCH;
      }

      return procedures.has(name) ? `/trpc/${name}` : UNKNOWN_PROCEDURE;
    }
    if (config?.restProcedure === true) {
      const template = documentedPath(pathInScope(request.url, REST_PREFIX));

      return template ? `${REST_PREFIX}${template.path}` : UNMATCHED_ROUTE;
    }

    return pattern;
  };
}
