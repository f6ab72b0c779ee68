import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { buildErrorBody, ErrorMessages, metricsTokenMatches } from '@formwell/core';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

export type MetricsListener = { url: string; close(): Promise<void> };

export type StartMetricsListenerOptions = {
  registry: Registry;
  port: number;
  host: string;
  /** When set, the scrape must carry `Authorization: Bearer <token>`. */
  token?: string;
  logger: Logger;
};

function sendJson(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * The worker's scrape endpoint: `GET /metrics` only, on its own small listener (the worker has no
 * HTTP server otherwise). Answers like the server's: same token rule, same error body.
 */
export async function startMetricsListener({
  registry,
  port,
  host,
  token,
  logger,
}: StartMetricsListenerOptions): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://worker').pathname;
    if (path !== '/metrics') {
      sendJson(response, 404, buildErrorBody(404, { message: ErrorMessages.NOT_FOUND }));

      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      sendJson(response, 405, buildErrorBody(405, { message: ErrorMessages.METHOD_NOT_ALLOWED }));

      return;
    }
    if (token !== undefined && !metricsTokenMatches(request.headers.authorization, token)) {
      response.setHeader('www-authenticate', 'Bearer');
      sendJson(response, 401, buildErrorBody(401, { message: ErrorMessages.METRICS_TOKEN_REQUIRED }));

      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics collection failed');
        sendJson(response, 500, buildErrorBody(500, { message: ErrorMessages.INTERNAL }));
      },
    );
  });
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  logger.info({ url: `${url}/metrics` }, 'metrics listening');

  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
