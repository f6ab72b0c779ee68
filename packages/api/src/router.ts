import { systemRouter } from './routers/system/router.js';
import { createRouter } from './trpc.js';

/** The one router: served as tRPC at /trpc and, for procedures with `meta.openapi`, as REST at /api/v1. */
export const appRouter = createRouter({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
