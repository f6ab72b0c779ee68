import { listProcedures } from '@formwell/api';
import type { FastifyInstance } from 'fastify';

export type TProcedureEntry = {
  path: string;
  type: 'query' | 'mutation';
  /** Present when the procedure is also served as REST under /api/v1. */
  rest: { method: string; path: string } | null;
};

/** Every procedure of the one router, with its REST face when it has one. */
export function routerProcedures(): TProcedureEntry[] {
  return listProcedures().map(({ path, type, meta }) => ({
    path,
    type: type === 'mutation' ? 'mutation' : 'query',
    rest: meta?.openapi ? { method: meta.openapi.method, path: meta.openapi.path } : null,
  }));
}

const SERVED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The app's own Fastify routes (path and methods), read back from Fastify's route tree, so a route
 * added later is listed without editing any test. HEAD, OPTIONS and the like are left out.
 */
export async function fastifyRoutes(app: FastifyInstance): Promise<{ path: string; methods: string[] }[]> {
  await app.ready();
  const routes: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) {
      continue;
    }
    const [, indent = '', segment = '', methods] = match;
    stack.length = indent.length / 4;
    stack.push(segment);
    const served = (methods ?? '').split(', ').filter((method) => SERVED_METHODS.has(method));
    if (served.length > 0) {
      routes.push({ path: stack.join(''), methods: served });
    }
  }

  return routes;
}
