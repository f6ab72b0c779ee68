import { procedureMeta } from './procedures.js';

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
  const status = procedureMeta(path)?.successStatus;

  return status ? { status } : {};
}
