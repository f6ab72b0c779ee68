import { request } from 'node:http';

import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

type TAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A real HTTP request with a chosen Host header (fetch does not let a caller set it). */
async function get(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<TAnswer> {
  const { port } = app.server.address() as { port: number };

  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const MISDIRECTED = {
  error: 'This server does not answer to this host name',
  message: 'This server does not answer to this host name',
  code: 'MISDIRECTED_REQUEST',
};

describe('Host allow-list', () => {
  test('a foreign Host gets 421 with the error body on every path, including /metrics', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'http://forms.example.test:3000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createOwner();
    const foreign = { host: 'rebound.attacker.test:3000', 'x-api-key': owner.key };

    const answers = await Promise.all(
      ['/metrics', '/healthz', '/api/v1/openapi.json', '/trpc/auth.me', '/', '/nope'].map((path) =>
        get(app, path, foreign),
      ),
    );
    const signUp = await get(
      app,
      '/trpc/auth.signUp',
      { ...foreign, 'content-type': 'application/json' },
      'POST',
    );

    for (const answer of [...answers, signUp]) {
      expect([answer.status, JSON.parse(answer.body)]).toEqual([421, MISDIRECTED]);
    }
  });

  test("PUBLIC_URL's host, the loopback names and ALLOWED_HOSTS are answered", async () => {
    const { app } = await buildTestApp({
      PUBLIC_URL: 'https://forms.example.test',
      ALLOWED_HOSTS: 'alias.example.test, pinned.example.test:8443',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const hosts = {
      'forms.example.test': 200,
      'FORMS.example.test:443': 200,
      [`localhost:${port}`]: 200,
      [`127.0.0.1:${port}`]: 200,
      [`[::1]:${port}`]: 200,
      'alias.example.test:9000': 200,
      'pinned.example.test:8443': 200,
      'pinned.example.test:8444': 421,
      'forms.example.test.attacker.test': 421,
    };

    const statuses: Record<string, number> = {};
    for (const host of Object.keys(hosts)) {
      statuses[host] = (await get(app, '/healthz', { host })).status;
    }

    expect(statuses).toEqual(hosts);
  });

  test("a dashboard call with another site's Origin is refused even when it names the request's own host", async () => {
    const { app } = await buildTestApp({
      PUBLIC_URL: 'https://forms.example.test',
      ALLOWED_HOSTS: 'alias.example.test',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'content-type': 'application/json' };

    const aliasOrigin = await get(
      app,
      '/trpc/auth.logOut',
      { ...headers, host: 'alias.example.test', origin: 'http://alias.example.test' },
      'POST',
    );
    const publicOrigin = await get(
      app,
      '/trpc/auth.logOut',
      { ...headers, host: 'alias.example.test', origin: 'https://forms.example.test' },
      'POST',
    );

    expect(aliasOrigin.status).toBe(403);
    expect(publicOrigin.status).not.toBe(403);
  });
});

describe('Cache-Control: no-store on answers that depend on a key or a session', () => {
  test('API answers with and without a key, tRPC answers and cookie-carrying requests; not the health check', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const inject = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });

    const answers = {
      list: await inject('/api/v1/forms/list', { 'x-api-key': owner.key }),
      bearer: await inject('/api/v1/forms/list', { authorization: `Bearer ${owner.key}` }),
      queryKey: await inject(`/api/v1/forms/list?apiKey=${owner.key}`),
      noKey: await inject('/api/v1/forms/list'),
      me: await inject('/trpc/auth.me', { cookie: 'formwell_session=nothing' }),
    };
    const health = await inject('/healthz');

    expect(
      Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          [answer.statusCode, answer.headers['cache-control']],
        ]),
      ),
    ).toEqual({
      list: [200, 'no-store'],
      bearer: [200, 'no-store'],
      queryKey: [200, 'no-store'],
      noKey: [401, 'no-store'],
      me: [401, 'no-store'],
    });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});

describe('/metrics in production', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://forms.example.test' };

  test('without METRICS_TOKEN every scrape is refused with 401 naming the setting', async () => {
    const { app } = await buildTestApp(production);

    const refused = await app.inject({ method: 'GET', url: '/metrics' });

    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      401,
      'Metrics are off: set METRICS_TOKEN to scrape them in production',
    ]);
  });

  test('with METRICS_TOKEN the token opens it', async () => {
    const { app } = await buildTestApp({
      ...production,
      METRICS_TOKEN: 'metrics-token-for-tests-0123456789',
    });

    const scraped = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests-0123456789' },
    });

    expect(scraped.statusCode).toBe(200);
  });
});
