import { normalizePath } from 'trpc-to-openapi';

const QUERY = 0x3f; // ?
const FRAGMENT = 0x23; // #
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e)/i;

/**
 * A request's path inside a prefixed scope (`/api/v1`), in the one spelling that both the 405 hook
 * and the REST handler match, so what one refuses the other can never serve: the raw path after the
 * prefix's segments, query and fragment cut off, percent-encoding kept (path ids are decoded once,
 * by their schema), dot segments resolved as a URL parser resolves them, and trailing slash dropped
 * as trpc-to-openapi does. The prefix is skipped by segments, not characters, because the router
 * decodes `%76%31` into `v1` when it picks the scope: `/api/%76%31/forms/submit` is
 * `/forms/submit` here as well.
 */
export function pathInScope(url: string, prefix: string): string {
  let end = url.length;
  for (let index = 0; index < url.length; index++) {
    const char = url.charCodeAt(index);
    if (char === QUERY || char === FRAGMENT) {
      end = index;
      break;
    }
  }
  let start = 0;
  for (let segments = segmentCount(prefix); segments > 0; segments--) {
    start = url.indexOf('/', start + 1);
    if (start === -1 || start >= end) {
      return '/';
    }
  }
  const path = url.slice(start, end);

  // Rare in API calls, so the URL parser is only paid for when a dot segment may be there.
  return normalizePath(DOT_SEGMENT.test(path) ? new URL(`http://localhost${path}`).pathname : path);
}

const segmentCounts = new Map<string, number>();

function segmentCount(prefix: string): number {
  let count = segmentCounts.get(prefix);
  if (count === undefined) {
    count = prefix.split('/').filter(Boolean).length;
    segmentCounts.set(prefix, count);
  }

  return count;
}
