import { appRouter } from './router.js';
import type { ApiMeta } from './trpc.js';

/** One REST operation: an HTTP method and an OpenAPI path template (`/forms/{formId}`). */
export type TRestOperation = { method: string; path: string };

/** The methods a path supports, or null when no template matches it (a 404, not a 405). */
export type RestMethodLookup = (pathname: string) => string[] | null;

type TProcedureRecord = Record<string, { _def: { meta?: ApiMeta } }>;

/** Every operation the router serves under /api/v1, read from the procedures' `meta.openapi`. */
export function routerRestOperations(): TRestOperation[] {
  return Object.values(appRouter._def.procedures as unknown as TProcedureRecord).flatMap(({ _def }) => {
    const openapi = _def.meta?.openapi;

    return openapi && openapi.enabled !== false ? [{ method: openapi.method, path: openapi.path }] : [];
  });
}

type TTemplate = { segments: (string | null)[]; methods: Set<string> };

/**
 * Path → supported methods, for 405 answers with an `Allow` header. A path is matched as
 * trpc-to-openapi matches it (trailing slash ignored, literal segments case-insensitive, a
 * `{param}` takes one segment), and the most specific template wins whatever the method: at the
 * first segment where two templates differ, a literal beats a parameter, so `/forms/submit` is
 * the submit path, never form `submit` of `/forms/{formId}`.
 */
export function createRestMethodLookup(operations: readonly TRestOperation[]): RestMethodLookup {
  const templates = new Map<string, TTemplate>();
  for (const { method, path } of operations) {
    const segments = splitPath(path).map((segment) =>
      /^\{.+\}$/.test(segment) ? null : segment.toLowerCase(),
    );
    const shape = segments.map((segment) => segment ?? '{}').join('/');
    const template = templates.get(shape) ?? { segments, methods: new Set<string>() };
    template.methods.add(method.toUpperCase());
    templates.set(shape, template);
  }

  return (pathname) => {
    const parts = splitPath(pathname).map((part) => part.toLowerCase());
    let best: TTemplate | null = null;
    for (const template of templates.values()) {
      if (matches(template, parts) && (!best || moreSpecific(template, best))) {
        best = template;
      }
    }

    return best ? [...best.methods].sort() : null;
  };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function matches({ segments }: TTemplate, parts: string[]): boolean {
  return (
    segments.length === parts.length &&
    segments.every((segment, i) => segment === null || segment === parts[i])
  );
}

function moreSpecific(candidate: TTemplate, current: TTemplate): boolean {
  for (const [i, segment] of candidate.segments.entries()) {
    const other = current.segments[i];
    if ((segment === null) !== (other === null)) {
      return segment !== null;
    }
  }

  return false;
}
