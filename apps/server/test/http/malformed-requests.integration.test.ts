import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { sendRawRequest } from '../helpers/raw-http.js';

/** Requests no HTTP client library would send, over a real socket to the listening server. */
/** The real app, listening on a free port (closed after each test by buildTestApp). */
async function listeningPort(): Promise<number> {
  const { app } = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });

  return (app.server.address() as { port: number }).port;
}

describe('requests refused before any route: the one error body', () => {
  test('an HTTP/1.1 request without Host: 400 with the error body, on the API and elsewhere', async () => {
    const port = await listeningPort();
    const answers = await Promise.all(
      ['/api/v1/forms/list', '/healthz'].map((path) =>
        sendRawRequest(port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`),
      ),
    );

    for (const answer of answers) {
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        400,
        { error: 'A Host header is required', message: 'A Host header is required', code: 'BAD_REQUEST' },
      ]);
    }
  });

  test('an HTTP/1.0 request may still leave Host out', async () => {
    const port = await listeningPort();
    const answer = await sendRawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n');

    expect(answer.status).toBe(200);
  });

  test('a header line Node cannot parse: 400 with the error body', async () => {
    const port = await listeningPort();
    const answer = await sendRawRequest(
      port,
      'GET /api/v1/forms/list HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n',
    );

    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      400,
      { error: 'Malformed HTTP request', message: 'Malformed HTTP request', code: 'BAD_REQUEST' },
    ]);
    expect(answer.head).toMatch(/content-type: application\/json/i);
  });

  test('a URL and headers over the size limit: 431 with the error body', async () => {
    const port = await listeningPort();
    const answer = await sendRawRequest(
      port,
      `GET /api/v1/forms/list?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );

    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      431,
      {
        error: 'Request headers are too large',
        message: 'Request headers are too large',
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      },
    ]);
  });
});
