import { appRouter } from './router.js';
import type { ApiMeta } from './trpc.js';

type ResponseMetaOptions = { paths?: readonly string[]; errors: readonly unknown[] };

/**
 * `responseMeta` for the REST adapter: a successful call answers with its procedure's
 * `meta.successStatus` (201 for submit) instead of 200. Headers are set on the reply directly.
 */
export function openApiResponseMeta({ paths, errors }: ResponseMetaOptions): { status?: number } {
  const path = paths?.[0];
  if (errors.length > 0 || !path) {
    return {};
  }
  // Flat at runtime, keyed by the dotted path (the type describes the nested record).
  const procedure = (
    appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ApiMeta } } | undefined>
  )[path];

  return procedure?._def.meta?.successStatus ? { status: procedure._def.meta.successStatus } : {};
}
