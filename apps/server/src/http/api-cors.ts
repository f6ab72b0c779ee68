import type { FastifyCorsOptions } from '@fastify/cors';
import { RATE_LIMIT_HEADER_NAMES } from '@formwell/api';

/**
 * How long a browser may reuse a preflight answer. Chromium caps it at two hours, Firefox at a
 * day; two hours spares a page one extra round trip per API call for as long as a visit lasts.
 */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * CORS of the public API (/api/v1) for pages calling it from their own origin, as the Mantlz SDK
 * does (`credentials: 'include'`, `X-API-Key`). `CORS_ORIGINS` is `*` (any origin) or a
 * comma-separated list; either way the request's own origin is echoed with
 * `Access-Control-Allow-Credentials: true`, because browsers refuse a credentialed response
 * carrying the `*` wildcard. Echoing is safe here: no cookie authenticates anything under /api/v1
 * (only the key the page sends itself does), so a credentialed request gains no ambient authority.
 * An origin outside the list gets no CORS headers and the browser keeps the answer from the page.
 * A request naming no origin (a server, a script, the CLI: no browser's cross-origin call) gets no
 * CORS headers either, only `Vary: Origin` for caches: they would be 200 bytes of every answer that
 * nothing reads.
 */
export function apiCorsOptions(corsOrigins: string): FastifyCorsOptions {
  const allowed = corsOrigins.trim() === '*' ? true : corsOrigins.split(',').map((origin) => origin.trim());

  return {
    origin: (origin, callback) => {
      callback(null, origin === undefined ? false : allowed);
    },
    credentials: true,
    // Every method of the API's routes (webhook endpoints are changed with PATCH and DELETE), not
    // only the CORS-safelisted ones the plugin offers by default.
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    allowedHeaders: ['Content-Type', 'X-API-Key', 'Authorization'],
    // A credentialed response cannot expose `*` either: every header a page may need is named.
    // Joined once here: the plugin joins a list again on every answer.
    exposedHeaders: [...RATE_LIMIT_HEADER_NAMES, 'Deprecation', 'Allow', 'Content-Disposition'].join(', '),
  };
}
