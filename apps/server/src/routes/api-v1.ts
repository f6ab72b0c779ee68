import cors from '@fastify/cors';
import {
  appRouter,
  createContextFactory,
  createRestMethodLookup,
  openApiResponseMeta,
  routerRestOperations,
  type ApiServices,
  type AppRouter,
  type RestMethodLookup,
  type TRestOperation,
} from '@formwell/api';
import type { FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin, type CreateOpenApiFastifyPluginOptions } from 'trpc-to-openapi';

import { toErrorBody } from '../http/error-body.js';
import { csvExportRoutes } from './csv-export.js';

const BASE_PATH = '/api/v1';

export type ApiV1RoutesOptions = {
  services: ApiServices;
  corsOrigins: string;
  openApiDocument: object;
};

/**
 * The public REST face under /api/v1, encapsulated so that its CORS policy and its error-body
 * rewrite touch nothing else.
 */
export async function apiV1Routes(app: FastifyInstance, options: ApiV1RoutesOptions) {
  const { services, corsOrigins, openApiDocument } = options;
  await app.register(cors, {
    origin: corsOrigins === '*' ? '*' : corsOrigins.split(',').map((origin) => origin.trim()),
    exposedHeaders: [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'Deprecation',
    ],
  });

  // Wrong methods answer 405 with `Allow`, before authentication and body parsing, instead of
  // trpc-to-openapi's 404 (or, for GET /forms/submit, a lookup of form "submit"). The table is the
  // router's meta.openapi plus this scope's plain routes (OpenAPI JSON, CSV export), collected as
  // they are registered. HEAD is never served: Fastify would answer it through the GET handler,
  // which trpc-to-openapi matches to no procedure and answers without authenticating.
  const plainOperations: TRestOperation[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) {
      return;
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') {
        plainOperations.push({ method, path: route.url.replace(/:([^/]+)/g, '{$1}') });
      }
    }
  });
  let allowedMethods: RestMethodLookup | undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') {
      return; // CORS preflight
    }
    allowedMethods ??= createRestMethodLookup([
      ...routerRestOperations().map(({ method, path }) => ({ method, path: `${BASE_PATH}${path}` })),
      ...plainOperations,
    ]);
    const allowed = allowedMethods(request.url.split('?')[0] ?? '');
    if (!allowed) {
      if (request.method === 'HEAD') {
        await reply.code(404).send(toErrorBody(404, { message: 'Not found', code: 'NOT_FOUND' }));
      }

      return;
    }
    if (!allowed.includes(request.method)) {
      await reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(toErrorBody(405, { message: 'Method not allowed', code: 'METHOD_NOT_SUPPORTED' }));
    }
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') {
      return payload;
    }
    reply.header('content-type', 'application/json; charset=utf-8');

    return JSON.stringify(toErrorBody(reply.statusCode, parseObject(payload)));
  });

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, () => openApiDocument);

  await app.register(fastifyTRPCOpenApiPlugin, {
    basePath: '/api/v1',
    router: appRouter,
    createContext: createContextFactory({ transport: 'rest', services }),
    // Statuses other than 200 (201 on submit, 429 with Retry-After) come from the router's meta.
    responseMeta: openApiResponseMeta,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        app.log.error({ err: error.cause ?? error, path }, 'api procedure failed');
      }
    },
  } satisfies CreateOpenApiFastifyPluginOptions<AppRouter>);

  // Streamed, so a plain route; inside this scope for the same CORS policy and error bodies.
  await app.register(csvExportRoutes, { services });
}

function parseObject(payload: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(payload);

    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { message: payload };
  } catch {
    return { message: payload };
  }
}
