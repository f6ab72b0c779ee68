import { getPathRegExp, normalizePath } from 'trpc-to-openapi';

/** The documented path a request path falls under and the methods served there (shared: read only). */
type TMatchedPath = { readonly path: string; readonly methods: readonly string[] };

/** The documented path of a request path, or null when none matches it (a 404, not a 405). */
export type DocumentedPathLookup = (pathname: string) => TMatchedPath | null;

/** The `paths` of an OpenAPI document: path template → operations keyed by lower-case method. */
export type TOpenApiPaths = Record<string, object | undefined>;

type TPathTemplate = TMatchedPath & { pattern: RegExp; isParameter: boolean[] };

const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * Request path → documented path and its served methods, read from the OpenAPI document (405
 * answers with an `Allow` header use it).
 * A path is matched with trpc-to-openapi's own path expressions (trailing slash ignored, case
 * ignored, a `{param}` takes one segment). When several documented paths match, the most specific
 * wins whatever the method: at the first segment where they differ, a literal beats a parameter,
 * so `/forms/submit` is the submit path, never form `submit` of `/forms/{formId}`.
 */
export function createDocumentedPathLookup(paths: TOpenApiPaths): DocumentedPathLookup {
  const all: TPathTemplate[] = Object.entries(paths).map(([path, operations]) => ({
    path,
    pattern: getPathRegExp(normalizePath(path)),
    isParameter: normalizePath(path)
      .split('/')
      .map((segment) => /^\{.+\}$/.test(segment)),
    methods: Object.keys(operations ?? {})
      .filter((method) => OPERATION_METHODS.has(method))
      .map((method) => method.toUpperCase())
      .sort(),
  }));

  // A template matches only paths of as many segments as its own (a parameter takes one), so each
  // request tests the few of its length rather than every documented path.
  const bySegments = groupBySegments(all, (template) => normalizePath(template.path));

  return (pathname) => {
    const path = normalizePath(pathname);
    let best: TPathTemplate | null = null;
    for (const template of bySegments.get(segmentCount(path)) ?? []) {
      if (template.pattern.test(path) && (!best || moreSpecific(template, best))) {
        best = template;
      }
    }

    // The template itself (a documented path and its methods), not a copy per request.
    return best;
  };
}

function moreSpecific(candidate: TPathTemplate, current: TPathTemplate): boolean {
  for (const [i, isParameter] of candidate.isParameter.entries()) {
    if (isParameter !== current.isParameter[i]) {
      return !isParameter;
    }
  }

  return false;
}

/** Items by the segment count of their path, in their order. */
export function groupBySegments<T>(items: readonly T[], pathOf: (item: T) => string): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const count = segmentCount(pathOf(item));
    groups.set(count, [...(groups.get(count) ?? []), item]);
  }

  return groups;
}

const SLASH = 0x2f;

/** The segments of a normalised path (`/forms/{formId}` and `/forms/abc` have two). */
export function segmentCount(path: string): number {
  let count = 0;
  for (let index = 0; index < path.length; index++) {
    if (path.charCodeAt(index) === SLASH) {
      count++;
    }
  }

  return count;
}
