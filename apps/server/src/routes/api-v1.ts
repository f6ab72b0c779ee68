import cors from '@fastify/cors';
import {
  admitBeforeBody,
  appRouter,
  createContextFactory,
  openApiResponseMeta,
  type ApiServices,
} from '@formwell/api';
import { buildErrorBody, ErrorMessages } from '@formwell/core';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

import { apiCorsOptions } from '../http/api-cors.js';
import { createDocumentedPathLookup } from '../http/documented-path.js';
import { namedBodyLimit } from '../http/named-body-limit.js';
import { apiV1Paths, type TServerOpenApiDocument } from '../http/openapi-document.js';
import { pathInScope } from '../http/path-in-scope.js';
import { createRestProcedureRoute, REST_PROCEDURE_METHODS } from '../http/rest-procedure-route.js';
import { apiCsvExportRoutes } from './csv-export.js';
import { apiFileDownloadRoutes } from './file-downloads.js';
import { apiSubmitUploads, SUBMIT_ROUTE_PATH } from '../uploads/api-submit-uploads.js';

const BASE_PATH = '/api/v1';
const OPENAPI_JSON_PATH = '/openapi.json';

export type ApiV1RoutesOptions = {
  services: ApiServices;
  corsOrigins: string;
  openApiDocument: TServerOpenApiDocument;
};

/**
 * The public REST face under /api/v1, in its own prefixed scope so that its CORS policy (including
 * the preflight route @fastify/cors adds for every path of its scope) and its 405 answers touch
 * nothing else. Routes that are not the public API are registered outside this scope.
 */
export async function apiV1Routes(app: FastifyInstance, options: ApiV1RoutesOptions) {
  await app.register(publicApiScope, { ...options, prefix: BASE_PATH });
}

async function publicApiScope(app: FastifyInstance, options: ApiV1RoutesOptions) {
  const { services, corsOrigins, openApiDocument } = options;
  await app.register(cors, apiCorsOptions(corsOrigins));

  // Wrong methods answer 405 with `Allow`, before authentication and body parsing, instead of
  // trpc-to-openapi's 404 (or, for GET /forms/submit, a lookup of form "submit"). The served methods
  // are the OpenAPI document's, plus the document itself. HEAD is served wherever GET is, as HTTP
  // has it: the same procedure runs (authenticated and counted like the GET), and Fastify's HEAD
  // route sends the GET's status and headers without the body.
  const documentedPath = createDocumentedPathLookup({
    ...apiV1Paths(openApiDocument),
    [OPENAPI_JSON_PATH]: { get: {} },
  });
  // Per documented path's method list, the methods served there: HEAD too wherever GET is (made
  // once per path rather than an array per request).
  const servedMethods = new Map<readonly string[], readonly string[]>();
  const served = (allowed: readonly string[]) => {
    let methods = servedMethods.get(allowed);
    if (!methods) {
      methods = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      servedMethods.set(allowed, methods);
    }

    return methods;
  };
  // A callback hook: it answers the refused requests itself (and then does not call `done`), and
  // spares every served one the promise an async hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS') {
      done(); // CORS preflight

      return;
    }
    // The same spelling of the path as the REST handler matches (see pathInScope).
    const allowed = documentedPath(pathInScope(request.url, BASE_PATH))?.methods;
    if (!allowed) {
      if (request.method === 'HEAD') {
        void reply.code(404).send(buildErrorBody(404, { message: ErrorMessages.NOT_FOUND }));
      } else {
        done();
      }

      return;
    }
    const methods = served(allowed);
    if (!methods.includes(request.method)) {
      void reply
        .code(405)
        .header('allow', methods.join(', '))
        .send(buildErrorBody(405, { message: ErrorMessages.METHOD_NOT_ALLOWED }));

      return;
    }
    done();
  });

  // The procedures' routes, and only they, get their error bodies rebuilt (see
  // rebuildAdapterErrorBody). First in line: the HEAD route Fastify derives from the GET already
  // ends with the hook that measures the body and drops it, so a rebuild after it would leave a
  // HEAD announcing the length of the adapter's raw body instead of the GET's.
  app.addHook('onRoute', (route) => {
    if (route.config?.restProcedure === true) {
      route.onSend = [rebuildAdapterErrorBody, ...[route.onSend ?? []].flat()];
    }
  });

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, () => openApiDocument);

  // One catch-all route answers every documented procedure (see createRestProcedureRoute). A
  // key-protected procedure admits the request (key, user, rate limit) before its body is read, so
  // every answer of a limited endpoint carries the limit headers, those the body causes too.
  const restProcedureRoute = createRestProcedureRoute({
    app,
    router: appRouter,
    prefix: BASE_PATH,
    createContext: createContextFactory({ transport: 'rest', services }),
    // Statuses other than 200 (201 on submit) come from the router's meta; 429's Retry-After
    // and the rate-limit headers are set by the procedures on the reply.
    successStatus: (path) => openApiResponseMeta({ paths: [path], errors: [] }).status,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        app.log.error({ err: error.cause ?? error, path }, 'api procedure failed');
      }
    },
    beforeBody: admitBeforeBody,
  });
  const procedureRoute = { ...restProcedureRoute, config: { restProcedure: true } };
  // The submit, the one procedure that takes multipart bodies (files), gets a route of its own in
  // a scope of its own, which alone carries the multipart plugin and the upload hooks: the plugin
  // adds two async hooks and a listener per request, and the uploads two async hooks more, which
  // every other API request paid without ever reading a part. The same handler serves it; another
  // spelling of its path (a trailing slash, other case) reaches the catch-all, where multipart was
  // never read either.
  // The scope's multipart parser reads nothing (below); the submit's own scope takes the plugin's.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => {
    done(null);
  });
  await app.register(async (submitScope) => {
    submitScope.removeContentTypeParser('multipart/form-data');
    await apiSubmitUploads(submitScope, { services });
    submitScope.route({ ...procedureRoute, method: 'POST', url: SUBMIT_ROUTE_PATH });
  });
  // Every other procedure: a multipart body is left unread there, and the handler answers it 415
  // as any body that is not JSON. The scope's other routes (the CORS plugin's OPTIONS route, the
  // streamed GETs) take it unread too, as they did when the multipart plugin was the whole scope's:
  // an OPTIONS that is no preflight and carries a multipart body stays 404, not 415.
  await app.register((procedureScope, _options, registered) => {
    procedureScope.route({ ...procedureRoute, method: [...REST_PROCEDURE_METHODS], url: '/*' });
    registered();
  });

  // Streamed, so a plain route; part of the public API, with its CORS policy.
  await app.register(apiCsvExportRoutes, { services });
  await app.register(apiFileDownloadRoutes, { services });
}

/**
 * trpc-to-openapi sends `{...errorFormatterShape, message, code, issues}` as one JSON string. The
 * formatter's shape is shared with /trpc, whose client needs its `data`, and the formatter cannot
 * tell the two faces apart for errors raised before a context exists (415, unknown path); so this
 * one adapter keeps the body's own fields and passes them through the one builder.
 */
const rebuildAdapterErrorBody: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') {
    done(null, payload);

    return;
  }
  const sent = parseObject(payload);
  reply.header('content-type', 'application/json; charset=utf-8');
  done(
    null,
    JSON.stringify(
      buildErrorBody(reply.statusCode, {
        message: pickString(sent.message) ?? pickString(sent.error) ?? ErrorMessages.REQUEST_FAILED,
        error: pickString(sent.error),
        code: pickString(sent.code),
        issues: sent.issues,
        fieldErrors: sent.fieldErrors,
        bodyLimitBytes: namedBodyLimit(request),
      }),
    ),
  );
};

function parseObject(payload: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(payload);

    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
