import type { AnyProcedure } from '@trpc/server';

import { appRouter } from './router.js';
import type { ApiMeta } from './trpc.js';

export type TProcedureEntry = {
  /** The dotted path, as /trpc serves it (`v1.getForm`). */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ApiMeta | undefined;
};

/**
 * Every procedure of the one router with its meta. tRPC keeps them flat at runtime, keyed by the
 * dotted path, while the type of `_def.procedures` describes the nested record; this is the one
 * place that reads it, so nothing else depends on tRPC's internals.
 */
export function listProcedures(): TProcedureEntry[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    meta: procedure._def.meta as ApiMeta | undefined,
  }));
}

/** The meta of one procedure by its dotted path. */
export function procedureMeta(path: string): ApiMeta | undefined {
  return metaByPath().get(path);
}

let cachedMetaByPath: Map<string, ApiMeta | undefined> | undefined;

function metaByPath() {
  cachedMetaByPath ??= new Map(listProcedures().map(({ path, meta }) => [path, meta]));

  return cachedMetaByPath;
}
