import { appRouter, createContextFactory, type ApiServices, type AppRouter } from '@formwell/api';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { BODY_LIMIT_BYTES, MAX_TRPC_BATCH_SIZE } from '../http/body-limits.js';
import { useJsonBodyParser } from '../http/json-body-parser.js';
import { sameOriginOnly } from '../http/same-origin-only.js';

/**
 * The typed RPC face of the router, used by the dashboard. Mounted by hand rather than with
 * tRPC's Fastify plugin, which adds a pass-through multipart parser that tRPC then reads with no
 * size limit: this scope takes only JSON (415 otherwise), under the body limit (413), refuses deep
 * nesting (400), and caps the batch size.
 */
export function trpcRoutes(app: FastifyInstance, { services }: { services: ApiServices }, done: () => void) {
  // The session cookie authenticates here: the dashboard's own origin only.
  sameOriginOnly(app, { publicUrl: services.config.publicUrl });
  app.removeAllContentTypeParsers();
  useJsonBodyParser(app, { passText: true });

  const options = {
    router: appRouter,
    createContext: createContextFactory({ transport: 'trpc', services }),
    maxBodySize: BODY_LIMIT_BYTES,
    maxBatchSize: MAX_TRPC_BATCH_SIZE,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        app.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
      }
    },
  } satisfies Omit<FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply>, 'req' | 'res' | 'path'>;

  app.all('/trpc/:path', async (req: FastifyRequest<{ Params: { path: string } }>, res) => {
    await fastifyRequestHandler({ ...options, req, res, path: req.params.path });
  });
  done();
}
