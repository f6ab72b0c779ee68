import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response: no MIME sniffing, never framed by another site, HSTS once
 * the install is served over https, and a CSP that allows only this origin's own scripts, styles,
 * images and fetches. The docs page (swagger-ui, local assets), the thank-you page and a
 * same-origin dashboard at / all live within it; inline styles are allowed because both pages use
 * them, inline scripts are not.
 *
 * helmet's middleware is built once here and applied in one hook: @fastify/helmet built it again
 * (parsing the whole policy) on every request, in two hooks, a measurable share of a cheap request.
 * No route has options of its own, which was the only reason to build it per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
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
  app.addHook('onRequest', (request, reply, done) => {
    // helmet reports no error since v8.1 (it throws instead); its callback only continues.
    applySecurityHeaders(request.raw, reply.raw, () => done());
  });
}
