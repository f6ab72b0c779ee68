import { appRouter, createContextFactory, type ApiServices, type AppRouter } from '@formwell/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';

/** The typed RPC face of the router, used by the dashboard. */
export async function trpcRoutes(app: FastifyInstance, { services }: { services: ApiServices }) {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory({ transport: 'trpc', services }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          app.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
        }
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
}
