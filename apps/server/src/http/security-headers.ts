import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response: no MIME sniffing, never framed by another site, HSTS once
 * the install is served over https, and a CSP that allows only this origin's own scripts, styles,
 * images and fetches. The docs page (swagger-ui, local assets), the thank-you page and a
 * same-origin dashboard at / all live within it; inline styles are allowed because both pages use
 * them, inline scripts are not.
 *
 * helmet decides the headers; it runs once, at start-up, against a response that only records
 * them, and every request then gets the recorded set in one `reply.headers` call. Running helmet
 * per request (as @fastify/helmet does, which also re-parsed the whole policy each time) was a
 * measurable share of a cheap request: a chain of thirteen middlewares, each setting one header on
 * Node's response. No route has options of its own and no directive depends on the request (no
 * nonces), so every response carried the same set anyway.
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  const headers = securityHeaders({ https });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with this policy, by lower-case name. */
function securityHeaders({ https }: { https: boolean }): Readonly<Record<string, string>> {
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        // On plain http, upgrading would point the browser at an https port nobody serves.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // HSTS on plain http would tell nothing (browsers ignore it there) or, behind a later https
    // move, pin a choice the operator did not make yet.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet reports no error since v8.1 (it throws instead); its callback only continues.
  applySecurityHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);

  return Object.freeze(headers);
}
