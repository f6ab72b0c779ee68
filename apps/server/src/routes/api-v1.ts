import cors from '@fastify/cors';
import {
  appRouter,
  createContextFactory,
  openApiResponseMeta,
  type ApiServices,
  type AppRouter,
} from '@formwell/api';
import type { FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin, type CreateOpenApiFastifyPluginOptions } from 'trpc-to-openapi';

import { toErrorBody } from '../http/error-body.js';
import { csvExportRoutes } from './csv-export.js';

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

  // Fastify answers HEAD through the GET handler, which trpc-to-openapi then matches to no procedure
  // and answers 204 without authenticating; refuse HEAD instead of answering it unchecked.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'HEAD') {
      await reply
        .code(405)
        .header('allow', 'GET')
        .send(toErrorBody(405, { message: 'Method not allowed: use GET', code: 'METHOD_NOT_SUPPORTED' }));
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
