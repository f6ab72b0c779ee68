import { createApiServices } from '@formwell/api';
import { loadConfig } from '@formwell/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';

import type { ServerEnv } from './env.js';
import { toErrorBody } from './http/error-body.js';
import { buildServerOpenApiDocument } from './http/openapi-document.js';
import { setRootErrorHandlers } from './http/root-error-handlers.js';
import { loggerOptions } from './logger.js';
import { databasePlugin } from './plugins/database.js';
import { redisPlugin } from './plugins/redis.js';
import { apiV1Routes } from './routes/api-v1.js';
import { docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { thankYouRoutes } from './routes/thank-you.js';
import { trpcRoutes } from './routes/trpc.js';
import { serverVersion } from './version.js';

export type BuildAppOptions = {
  env: ServerEnv;
  /** Where log lines go (stdout when absent); tests capture them to check what is never logged. */
  logStream?: NodeJS.WritableStream;
  fastify?: Partial<FastifyServerOptions>;
};

/** Body limit of every route: submissions are at most 100 KB (decisions.md §8). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole HTTP app without listening; main.ts listens, tests use `inject` or `listen(0)`. */
export async function buildApp({ env, logStream, fastify }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(env.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY ?? false,
    // tRPC batching puts every procedure name in one path segment (toolchain.md gotcha 11).
    routerOptions: { maxParamLength: 5000 },
    // A URL that cannot be decoded never reaches the error handler; answer it with the one body.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).send(toErrorBody(400, { message: 'Invalid URL', code: 'BAD_REQUEST' }));
    },
    ...fastify,
  });

  setRootErrorHandlers(app);
  await app.register(databasePlugin, { uri: env.MONGODB_URI });
  await app.register(redisPlugin, { url: env.REDIS_URL });

  const services = createApiServices({
    version: serverVersion,
    redis: app.redis,
    // Plans, quotas, rate limits, public URL and trusted country header, with the environment's
    // overrides (decisions §4, §5, §13), validated at boot by env.ts.
    config: loadConfig({
      env: Object.fromEntries(
        Object.entries(env).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
      ),
    }),
    logger: app.log,
  });
  const openApiDocument = buildServerOpenApiDocument({ publicUrl: env.PUBLIC_URL, version: serverVersion });

  healthRoutes(app);
  thankYouRoutes(app);
  await app.register(trpcRoutes, { services });
  await app.register(apiV1Routes, { services, corsOrigins: env.CORS_ORIGINS, openApiDocument });
  await app.register(docsRoutes, { openApiDocument });

  return app;
}
