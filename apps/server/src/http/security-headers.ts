import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers by what an answer is. Every answer gets `X-Content-Type-Options: nosniff` (no
 * browser reads a JSON body as a script or a page) and HSTS once the install is served over https
 * (it is about the connection, whatever the body). The headers that only a page or a file a browser
 * renders can use (a CSP allowing only this origin's own scripts, styles, images and fetches,
 * `X-Frame-Options`, the cross-origin and referrer policies) go on every answer that is not JSON:
 * the docs page (swagger-ui, local assets), the thank-you page, the same-origin dashboard at /,
 * file downloads and bodiless answers. A JSON body is never rendered, so a CSP or a frame rule on
 * it protects nothing, and they were about 800 of the 1,100 header bytes of every API answer.
 * Inline styles are allowed because both pages use them, inline scripts are not. A header a route
 * set itself (a download's `Content-Security-Policy: sandbox`, the public form page's own CSP) is
 * kept.
 *
 * helmet decides the headers; it runs once, at start-up, against a response that only records
 * them, and requests then get the recorded sets. Running helmet per request (as @fastify/helmet
 * does, which also re-parsed the whole policy each time) was a measurable share of a cheap
 * request: a chain of thirteen middlewares, each setting one header on Node's response. No route
 * has options of its own and no directive depends on the request (no nonces).
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  const { everyAnswer, renderedOnly } = splitByAnswer(securityHeaders({ https }));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(everyAnswer);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isJson(reply.getHeader('content-type')) && !request.url.startsWith(TRPC_PREFIX)) {
      for (const [name, value] of renderedOnly) {
        if (!reply.hasHeader(name)) {
          reply.header(name, value);
        }
      }
    }
    done(null, payload);
  });
}

/**
 * The dashboard's tRPC answers are JSON too, but its adapter streams them and names their type only
 * after the onSend hooks ran.
 */
const TRPC_PREFIX = '/trpc/';

/** The headers every answer needs whatever its body: the rest only matter to a rendered one. */
const EVERY_ANSWER = new Set(['x-content-type-options', 'strict-transport-security']);

function splitByAnswer(headers: Readonly<Record<string, string>>) {
  const entries = Object.entries(headers);

  return {
    everyAnswer: Object.freeze(Object.fromEntries(entries.filter(([name]) => EVERY_ANSWER.has(name)))),
    renderedOnly: entries.filter(([name]) => !EVERY_ANSWER.has(name)),
  };
}

/** `application/json` and `application/<type>+json` (problem details, JSON:API). */
function isJson(contentType: unknown): boolean {
  if (typeof contentType !== 'string') {
    return false;
  }
  // What every API answer names, taken without splitting and lower-casing it each time.
  if (contentType === 'application/json' || contentType === 'application/json; charset=utf-8') {
    return true;
  }
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';

  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
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
