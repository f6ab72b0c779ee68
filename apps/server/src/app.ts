import { randomUUID } from 'node:crypto';

import { createApiServices, LazyChildLogger, listProcedures } from '@formwell/api';
import { buildErrorBody, ErrorMessages, registerAuthEpochStore } from '@formwell/core';
import { createOutboxHandOff } from '@formwell/core';
import { createJobProducer } from '@formwell/jobs';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';

import type { ServerEnv } from './env.js';
import { BODY_LIMIT_BYTES } from './http/body-limits.js';
import {
  DASHBOARD_DIR,
  registerDashboard,
  sendDashboardPage,
  wantsDashboardPage,
  type TDashboard,
} from './http/dashboard.js';
import { refuseForeignHosts } from './http/allowed-hosts.js';
import { answerClientError } from './http/client-errors.js';
import { createDocumentedPathLookup } from './http/documented-path.js';
import { useJsonBodyParser } from './http/json-body-parser.js';
import { noStoreForAuthenticatedAnswers } from './http/no-store.js';
import { buildServerOpenApiDocument } from './http/openapi-document.js';
import { answerKnownPathsWith405 } from './http/known-route-methods.js';
import { setRootErrorHandlers } from './http/root-error-handlers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { loggerOptions } from './logger.js';
import { recordRequestMetrics } from './metrics/request-metrics.js';
import { routeLabeller } from './metrics/route-label.js';
import { createServerMetrics } from './metrics/server-metrics.js';
import { databasePlugin } from './plugins/database.js';
import { redisPlugin } from './plugins/redis.js';
import { apiV1Routes } from './routes/api-v1.js';
import { dashboardCsvExportRoutes } from './routes/csv-export.js';
import { dashboardFileDownloadRoutes, signedFileDownloadRoutes } from './routes/file-downloads.js';
import { customWebhookRoutes } from './routes/custom-webhook.js';
import { docsRoutes } from './routes/docs.js';
import { paymentWebhookRoutes } from './routes/payment-webhook.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { oneClickUnsubscribeRoutes } from './routes/one-click-unsubscribe.js';
import { publicFormRoutes } from './routes/public-form.js';
import { thankYouRoutes } from './routes/thank-you.js';
import { trpcRoutes } from './routes/trpc.js';
import { serverVersion } from './version.js';

export type BuildAppOptions = {
  env: ServerEnv;
  /** The built dashboard served at / (apps/admin/dist unless given); missing: the server starts without it. */
  dashboardDir?: string;
  /** Where log lines go (stdout when absent); tests capture them to check what is never logged. */
  logStream?: NodeJS.WritableStream;
  fastify?: Partial<FastifyServerOptions>;
};

export { BODY_LIMIT_BYTES } from './http/body-limits.js';

/** Builds the whole HTTP app without listening; main.ts listens, tests use `inject` or `listen(0)`. */
export async function buildApp({
  env,
  logStream,
  fastify,
  dashboardDir = DASHBOARD_DIR,
}: BuildAppOptions): Promise<FastifyInstance> {
  const timeoutMs = env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  const app = Fastify({
    logger: { ...loggerOptions(env.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // A client slower than this is cut off, so slow senders cannot hold sockets and buffers.
    requestTimeout: timeoutMs,
    connectionTimeout: timeoutMs,
    // tRPC batching puts every procedure name of a batch in one path segment, beyond Fastify's default 100.
    routerOptions: { maxParamLength: 5000 },
    // Unique across replicas and restarts (Fastify's default counts from 1 in each process): the id
    // follows a submission from its request into the worker's job logs.
    genReqId: () => randomUUID(),
    // Fastify binds a child logger to every request; pino would build it at once (serialising and
    // redacting the request id) although most requests never log. This one is built on first use
    // and writes the same lines; a route with logger options of its own gets an eager child.
    childLoggerFactory: (logger, bindings, options) =>
      Object.keys(options).length > 0
        ? logger.child(bindings, options)
        : (new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger),
    // A URL that cannot be decoded never reaches the error handler; answer it with the one body.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).send(buildErrorBody(400, { message: ErrorMessages.INVALID_URL }));
    },
    // A request Node's parser refused gets the same error body as every other answer.
    clientErrorHandler: answerClientError,
    // Node answers an HTTP/1.1 request without Host with an empty 400; refuseForeignHosts answers it
    // with the error body instead.
    http: { requireHostHeader: false },
    ...fastify,
  });

  // Node's own default (60 s) is replaced by the same bound as the whole request.
  app.server.headersTimeout = timeoutMs;
  // The dashboard's page answers browser page loads of its own paths (/forms/…), which are not
  // routes; it is read further down, once the security headers apply to its files too.
  let dashboard: TDashboard | null = null;
  // First of all hooks: a request to a foreign host name gets nothing else, on any path.
  refuseForeignHosts(app, { publicUrl: env.PUBLIC_URL, extraHosts: env.ALLOWED_HOSTS });
  noStoreForAuthenticatedAnswers(app);
  const knownPathWithOtherMethod = answerKnownPathsWith405(app);
  setRootErrorHandlers(
    app,
    (request, reply) =>
      knownPathWithOtherMethod(request, reply) ||
      (dashboard !== null && wantsDashboardPage(request) ? sendDashboardPage(reply, dashboard) : false),
  );
  const metrics = createServerMetrics();
  const openApiDocument = buildServerOpenApiDocument({ publicUrl: env.PUBLIC_URL, version: serverVersion });
  recordRequestMetrics(
    app,
    metrics,
    routeLabeller({
      procedures: new Set(listProcedures().map(({ path }) => path)),
      documentedPath: createDocumentedPathLookup(openApiDocument.paths ?? {}),
    }),
  );
  // Before any route scope is registered, so every scope inherits it.
  useJsonBodyParser(app);
  registerSecurityHeaders(app, { https: env.PUBLIC_URL.startsWith('https://') });
  await app.register(databasePlugin, {
    uri: env.MONGODB_URI,
    migrateOnStart: env.MIGRATE_ON_START ?? false,
  });
  await app.register(redisPlugin, { url: env.REDIS_URL, cluster: env.REDIS_CLUSTER });
  // Key revokes, plan changes and account deletions made by this process retire every replica's
  // cached authentication through this connection (before it closes: hooks run in reverse).
  const unregisterAuthEpochStore = registerAuthEpochStore(app.redis);
  app.addHook('onClose', async () => {
    unregisterAuthEpochStore();
    await Promise.resolve();
  });

  // Submissions' side effects go to the worker's queues on the same fail-fast connection; what
  // cannot be enqueued stays pending in the outbox for the worker's sweep.
  const producer = createJobProducer(app.redis);
  const outboxHandOff = createOutboxHandOff(producer);
  app.addHook('onClose', async () => {
    // Emails still waiting for their window go before the queues close.
    await outboxHandOff.close().catch((error: unknown) => {
      app.log.warn({ err: error }, 'outbox hand-off failed on shutdown; the sweep will retry');
    });
    await producer.close();
  });
  const services = createApiServices({
    version: serverVersion,
    redis: app.redis,
    // Plans, quotas, rate limits, public URL and trusted country header, built by env.ts at boot.
    config: env.coreConfig,
    logger: app.log,
    enqueueOutbox: (items) => outboxHandOff.enqueue(items),
    accountMail: { producer },
    metrics: metrics.api,
  });

  healthRoutes(app);
  await app.register(metricsRoutes, {
    registry: metrics.registry,
    token: env.METRICS_TOKEN,
    production: env.NODE_ENV === 'production',
  });
  dashboard = await registerDashboard(app, dashboardDir);
  thankYouRoutes(app);
  await app.register(oneClickUnsubscribeRoutes);
  await app.register(trpcRoutes, { services });
  await app.register(apiV1Routes, { services, corsOrigins: env.CORS_ORIGINS, openApiDocument });
  await app.register(dashboardCsvExportRoutes, { services });
  await app.register(dashboardFileDownloadRoutes, { services });
  await app.register(signedFileDownloadRoutes);
  await app.register(docsRoutes, { openApiDocument });
  await app.register(customWebhookRoutes, { secret: env.CUSTOM_WEBHOOK_SECRET });
  await app.register(paymentWebhookRoutes, {
    secret: env.STRIPE_WEBHOOK_SECRET,
    config: env.coreConfig,
    priceIds: env.coreConfig.stripePriceIds,
    producer,
  });
  await app.register(publicFormRoutes, { services });

  return app;
}
