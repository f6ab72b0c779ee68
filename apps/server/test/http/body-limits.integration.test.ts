import { once } from 'node:events';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { streamRequest, type StreamedRequest } from '../helpers/raw-http.js';

const TWO_MB = 2 * 1024 * 1024;
const LOG_IN = '/trpc/auth.logIn';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let app: FastifyInstance;
let mongoUri: string;
let port: number;

// A fresh app per test (the helper closes it after each), listening on a real port.
beforeEach(async () => {
  const built = await buildTestApp();
  ({ app } = built);
  mongoUri = built.env.MONGODB_URI;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

/** Runs `work` while sampling this process's memory; the peak growth over the start, in MB. */
async function peakGrowthMb(work: () => Promise<unknown>) {
  collectGarbage();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakBuffers = start.arrayBuffers + start.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers + now.heapUsed);
  };
  const sampler = setInterval(sample, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    sample();
  }
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

  return {
    rss: mb(peakRss - start.rss),
    heapAndBuffers: mb(peakBuffers - start.arrayBuffers - start.heapUsed),
  };
}

const twoMb = (request: Pick<StreamedRequest, 'contentType' | 'framing'>) =>
  streamRequest({ port, path: LOG_IN, totalBytes: TWO_MB, ...request });

describe('/trpc refuses large and non-JSON bodies before reading them', () => {
  test('2 MB of JSON is 413, with or without a Content-Length; 2 MB of multipart is 415', async () => {
    const announced = await twoMb({ contentType: 'application/json', framing: 'length' });
    const streamed = await twoMb({ contentType: 'application/json', framing: 'chunked' });
    const multipart = await twoMb({ contentType: 'multipart/form-data; boundary=x', framing: 'chunked' });

    expect([announced.status, streamed.status, multipart.status]).toEqual([413, 413, 415]);
    expect(JSON.parse(announced.body)).toEqual({
      error: 'Request body is too large (at most 100 KB)',
      message: 'Request body is too large (at most 100 KB)',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(JSON.parse(multipart.body)).toEqual({
      error: 'Unsupported Media Type: send application/json',
      message: 'Unsupported Media Type: send application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  test('the REST face refuses 2 MB of JSON with 413, and a keyless multipart submit with 401 before reading it', async () => {
    const offer = (contentType: string) =>
      streamRequest({
        port,
        path: '/api/v1/forms/submit',
        contentType,
        totalBytes: TWO_MB,
        framing: 'chunked',
      });
    const [json, multipart] = [
      await offer('application/json'),
      await offer('multipart/form-data; boundary=x'),
    ];

    const codeOf = (body: string) => (JSON.parse(body) as { code: string }).code;

    expect([json.status, codeOf(json.body)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // The submit takes files as multipart: without a key it is refused before the body is read.
    expect([multipart.status, codeOf(multipart.body)]).toEqual([401, 'UNAUTHORIZED']);
  });

  test('other content types are 415 too; JSON under the limit still reaches the procedure', async () => {
    const form = await app.inject({
      method: 'POST',
      url: LOG_IN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=x',
    });
    const text = await app.inject({
      method: 'POST',
      url: LOG_IN,
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@example.com","password":"x"}',
    });
    const json = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'not an email', password: 'x' },
    });

    expect([form.statusCode, text.statusCode]).toEqual([415, 415]);
    expect([json.statusCode, json.json()]).toMatchObject([400, { error: { data: { path: 'auth.signUp' } } }]);
  });

  test('memory does not grow with the bodies offered: 8 parallel 2 MB uploads of each kind', async () => {
    await twoMb({ contentType: 'multipart/form-data; boundary=x', framing: 'chunked' }); // warm-up
    const kinds: Pick<StreamedRequest, 'contentType' | 'framing'>[] = [
      { contentType: 'multipart/form-data; boundary=x', framing: 'chunked' },
      { contentType: 'application/json', framing: 'chunked' },
      { contentType: 'application/json', framing: 'length' },
    ];
    for (const kind of kinds) {
      let statuses: number[] = [];
      const growth = await peakGrowthMb(async () => {
        statuses = (await Promise.all(Array.from({ length: 8 }, () => twoMb(kind)))).map((r) => r.status);
      });
      console.info(
        `memory growth for 8 × 2 MB ${kind.contentType} (${kind.framing}): ${JSON.stringify(growth)}`,
      );

      expect(statuses.every((status) => status === 413 || status === 415)).toBe(true);
      // 16 MB were offered; reading them would show as at least that much. Allow noise, not bodies.
      expect(growth.heapAndBuffers).toBeLessThan(8);
      expect(growth.rss).toBeLessThan(12);
    }
  }, 60_000);

  test('a tRPC batch carries at most 20 procedures', async () => {
    const batch = (size: number) =>
      app.inject({
        method: 'GET',
        url: `/trpc/${Array<string>(size).fill('auth.me').join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
      });
    const [allowed, tooMany] = [await batch(20), await batch(21)];

    expect(allowed.statusCode).toBe(401); // every one answered: no session
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Batch call exceeds maximum size');
  });
});

test('requests and headers have a time limit (HTTP_REQUEST_TIMEOUT_SECONDS, 30 s by default)', async () => {
  const { app: tuned } = await buildTestApp({ MONGODB_URI: mongoUri, HTTP_REQUEST_TIMEOUT_SECONDS: '7' });

  expect([app.server.requestTimeout, app.server.headersTimeout]).toEqual([30_000, 30_000]);
  expect([
    tuned.server.requestTimeout,
    tuned.server.headersTimeout,
    tuned.initialConfig.connectionTimeout,
  ]).toEqual([7_000, 7_000, 7_000]);
});

test('a client that stalls mid-request is disconnected after the timeout', async () => {
  const { app: tuned } = await buildTestApp({ MONGODB_URI: mongoUri, HTTP_REQUEST_TIMEOUT_SECONDS: '1' });
  await tuned.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect({ port: (tuned.server.address() as { port: number }).port, host: '127.0.0.1' });
  await once(socket, 'connect');
  const startedAt = Date.now();
  socket.write('POST /trpc/auth.logIn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl');
  socket.resume();

  await once(socket, 'close'); // the server ends it: the test would time out otherwise
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
}, 60_000);
