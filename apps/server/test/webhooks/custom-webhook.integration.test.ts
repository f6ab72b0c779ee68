import { createHmac, randomBytes } from 'node:crypto';

import { listInboundEvents } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const SECRET = `custom-${randomBytes(16).toString('hex')}`;
const ADMIN = { id: '000000000000000000000000', role: 'ADMIN' } as const;

/** The lower-case hex HMAC-SHA256 of the body bytes, keyed with the secret's UTF-8 bytes, by hand. */
function sign(body: string | Buffer, secret = SECRET): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
}

function notification(submissionId = randomBytes(12).toString('hex')) {
  return {
    event: 'form.submission.created',
    timestamp: new Date().toISOString(),
    data: { formId: randomBytes(12).toString('hex'), submissionId, fields: { email: 'a@example.com' } },
  };
}

function post(
  app: FastifyInstance,
  body: string | Buffer,
  signature?: string,
  contentType = 'application/json',
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/custom',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { 'x-service-signature': signature }),
    },
    payload: body,
  });
}

async function recorded(submissionId: string) {
  const { events } = await listInboundEvents({ user: ADMIN, limit: 100 });

  return events.filter((event) => event.submissionId === submissionId);
}

function expectInvalidSignature(response: Awaited<ReturnType<typeof post>>) {
  expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
    401,
    'text/plain; charset=utf-8',
    'Invalid signature',
  ]);
}

describe('POST /api/webhooks/custom', () => {
  test('a valid notification is recorded once; a duplicate is answered 200 and recorded no second time', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET });
    const event = notification();
    const body = JSON.stringify(event);

    const first = await post(app, body, sign(body));
    expect([first.statusCode, first.json()]).toEqual([200, { received: true }]);
    const again = await post(app, body, sign(body));
    expect([again.statusCode, again.json()]).toEqual([200, { received: true }]);

    expect(await recorded(event.data.submissionId)).toEqual([
      expect.objectContaining({
        event: 'form.submission.created',
        formId: event.data.formId,
        occurredAt: event.timestamp,
        fields: { email: 'a@example.com' },
      }),
    ]);
  });

  test('the signature covers the exact bytes: a sender signing another serialisation is refused', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET });
    const event = notification();
    const compact = JSON.stringify(event);
    const spaced = JSON.stringify(event, null, 2);

    expectInvalidSignature(await post(app, spaced, sign(compact)));
    expect((await post(app, spaced, sign(spaced))).statusCode).toBe(200);
  });

  test('tampered body, missing, wrong-length, upper-case or other-secret signatures: 401 text, nothing recorded', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET });
    const event = notification();
    const body = JSON.stringify(event);
    const tampered = body.replace('a@example.com', 'b@example.com');

    expectInvalidSignature(await post(app, tampered, sign(body)));
    expectInvalidSignature(await post(app, body));
    expectInvalidSignature(await post(app, body, ''));
    expectInvalidSignature(await post(app, body, sign(body).slice(0, 63)));
    expectInvalidSignature(await post(app, body, `${sign(body)}00`));
    expectInvalidSignature(await post(app, body, `sha256=${sign(body)}`));
    expectInvalidSignature(await post(app, body, sign(body).toUpperCase()));
    expectInvalidSignature(await post(app, body, sign(body, `${SECRET}x`)));
    expect(await recorded(event.data.submissionId)).toEqual([]);
  });

  test('a bad shape or a non-JSON body: 400 with the error body after the signature; JSON nested too deep: 400 before it', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET });
    const cases: [string, string | RegExp][] = [
      [JSON.stringify({ ...notification(), event: 'form.deleted' }), /^event: /],
      [JSON.stringify({ ...notification(), timestamp: 'yesterday' }), /^timestamp: /],
      [JSON.stringify({ event: 'form.submission.created', timestamp: new Date().toISOString() }), /^data: /],
      [
        JSON.stringify({ ...notification(), data: { formId: 'f', submissionId: 's', fields: 'x' } }),
        /^data\.fields: /,
      ],
      [JSON.stringify({ ...notification(), data: { formId: 'f', fields: {} } }), /^data\.submissionId: /],
      ['[]', /expected object/],
      ['not json at all', 'Body is not valid JSON'],
      ['', 'Body is not valid JSON'],
      [
        `{"a":${'['.repeat(MAX_JSON_DEPTH + 5)}${']'.repeat(MAX_JSON_DEPTH + 5)}}`,
        `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post(app, body, sign(body));
      const json = response.json<Record<string, unknown>>();

      expect([body.slice(0, 40), response.statusCode, json.code]).toEqual([
        body.slice(0, 40),
        400,
        'BAD_REQUEST',
      ]);
      expect(json.message).toMatch(message);
      expect(json.error).toBe(json.message);
    }
    // Unsigned garbage is refused for its signature before anything parses it.
    expectInvalidSignature(await post(app, 'not json at all', 'bad'));
    // The depth limit, like the size limit, comes before the signature, as on every path.
    const tooDeep = `{"a":${'['.repeat(MAX_JSON_DEPTH + 5)}${']'.repeat(MAX_JSON_DEPTH + 5)}}`;
    const unsigned = await post(app, tooDeep);
    expect([unsigned.statusCode, unsigned.json<{ message: string }>().message]).toEqual([
      400,
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    ]);
    // A text/plain sender is checked on the same bytes.
    const body = JSON.stringify(notification());
    expect((await post(app, body, sign(body), 'text/plain')).statusCode).toBe(200);
  });

  test('a body over 100 KB is 413 with the error body, signed or not', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET });
    const event = notification();
    const body = JSON.stringify({
      ...event,
      data: { ...event.data, fields: { big: 'x'.repeat(101 * 1024) } },
    });

    const response = await post(app, body, sign(body));
    expect([response.statusCode, response.json()]).toEqual([
      413,
      {
        error: 'Request body is too large (at most 100 KB)',
        message: 'Request body is too large (at most 100 KB)',
        code: 'PAYLOAD_TOO_LARGE',
      },
    ]);
    expect(await recorded(event.data.submissionId)).toEqual([]);
  });

  test('without CUSTOM_WEBHOOK_SECRET nothing can be verified: every request is 401', async () => {
    const { app, logLines } = await buildTestApp();
    const body = JSON.stringify(notification());

    expectInvalidSignature(await post(app, body, sign(body, '')));
    expectInvalidSignature(await post(app, body, sign(body)));
    expect(logLines.join('\n')).toContain('CUSTOM_WEBHOOK_SECRET is not set');
  });

  test('a short secret still works, with a warning at boot', async () => {
    const { app, logLines } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: 'an old secret' });
    const body = JSON.stringify(notification());

    expect((await post(app, body, sign(body, 'an old secret'))).statusCode).toBe(200);
    expect(logLines.join('\n')).toContain('CUSTOM_WEBHOOK_SECRET is shorter than 16 characters');
  });

  test('the secret and the signature never reach the logs', async () => {
    const { app, logLines } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'trace' });
    const body = JSON.stringify(notification());
    const signature = sign(body);
    await post(app, body, signature);
    await post(app, body, 'f'.repeat(64));

    const logs = logLines.join('\n');
    expect(logs).toContain('/api/webhooks/custom');
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(signature);
  });
});
