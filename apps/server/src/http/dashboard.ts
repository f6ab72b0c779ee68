import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where `pnpm --filter @formwell/admin build` writes the dashboard (same depth from src/ and dist/). */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/** Vite names every file under assets/ by a hash of its content: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser must ask again each time. */
const REVALIDATE = 'no-cache';

/** Paths that belong to the server's own routes: never answered with the dashboard's page. */
const SERVER_PATHS = /^\/(?:api|trpc|docs|f|healthz|readyz|thank-you)(?:[/?]|$)/;

export type TDashboard = { indexHtml: Buffer };

/**
 * Serves the built dashboard at / (its files under their own names, with the cache headers above)
 * and answers the sign-in page's fallback. Without a build the server still starts: it says so
 * once and / stays a 404.
 */
export async function registerDashboard(app: FastifyInstance, root: string): Promise<TDashboard | null> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { dashboardDir: root },
      'dashboard not built, so / serves nothing: run `pnpm --filter @formwell/admin build` (npm start builds it)',
    );

    return null;
  }
  const staticOptions = dashboardStaticOptions(root, join(root, 'assets'));
  // Its own scope, so the hook marks only these routes: metrics count them under one label.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, staticFile: true };
    });
    await scope.register(fastifyStatic, staticOptions);
  });

  return { indexHtml: readFileSync(indexFile) };
}

function dashboardStaticOptions(root: string, assetsDir: string) {
  return {
    root,
    prefix: '/',
    // One route per file that exists at boot, rather than a catch-all that would shadow the 404s
    // of the API paths.
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply: { header: (name: string, value: string) => unknown }, path: string) => {
      reply.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  };
}

/**
 * The dashboard routes in the browser (/forms/…, /api-keys): a page load of such a path gets
 * index.html, whose script then shows the page. Only for a browser asking for HTML, and never on a
 * server path, whose unknown URLs keep their JSON 404.
 */
export function wantsDashboardPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !SERVER_PATHS.test(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

export function sendDashboardPage(reply: FastifyReply, dashboard: TDashboard): FastifyReply {
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', REVALIDATE)
    .send(dashboard.indexHtml);
}
