import { createHmac, randomBytes } from 'node:crypto';

import { webhookEndpointRepository } from '@formwell/db';
import { TRPCClientError } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createKey, createOwner, createTestForm, uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, signedInStaff, signUpAndLogIn } from '../trpc/dashboard-client.js';

const SECRET_SHAPE = /^whsec_[A-Za-z0-9+/]{43}=$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function webhooksUrl(formId: string, rest = '') {
  return `/api/v1/forms/${formId}/webhooks${rest}`;
}

function post(app: FastifyInstance, key: string, url: string, payload: object = {}) {
  return call(app, { method: 'POST', url, key, payload });
}

describe('REST /api/v1/forms/{formId}/webhooks', () => {
  test('create (201, secret once), list and get without it, update, rotate (old secret kept 24 h), delete', async () => {
    const { app, logLines } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);

    const created = await post(app, owner.key, webhooksUrl(form.id), {
      url: 'https://hooks.example.com/in',
      description: 'CRM',
      headers: [{ name: 'Authorization', value: 'Bearer receiver-token' }],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<Record<string, unknown> & { id: string; secret: string }>();
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      formId: form.id,
      url: 'https://hooks.example.com/in',
      description: 'CRM',
      enabled: true,
      events: ['form.submission.created'],
      // A credential header is shown masked, as the URL's credentials are.
      headers: [{ name: 'Authorization', value: 'Bearer ***' }],
      previousSecretExpiresAt: null,
      secret: expect.stringMatching(SECRET_SHAPE) as unknown,
      createdAt: expect.any(String) as unknown,
      updatedAt: expect.any(String) as unknown,
    });
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const { secret: _secret, ...view } = endpoint;
    const listed = await call(app, { method: 'GET', url: webhooksUrl(form.id), key: owner.key });
    expect([listed.statusCode, listed.json()]).toEqual([200, { webhooks: [view], nextCursor: null }]);
    const one = await call(app, {
      method: 'GET',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
    });
    expect([one.statusCode, one.json()]).toEqual([200, view]);

    const patched = await call(app, {
      method: 'PATCH',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
      payload: { enabled: false, url: 'http://hooks.example.com/v2', headers: [] },
    });
    expect([patched.statusCode, patched.json()]).toEqual([
      200,
      expect.objectContaining({
        enabled: false,
        url: 'http://hooks.example.com/v2',
        headers: [],
        description: 'CRM',
      }),
    ]);

    // An action sent with no body at all (`curl -X POST`) needs no content type.
    const rotated = await app.inject({
      method: 'POST',
      url: webhooksUrl(form.id, `/${endpoint.id}/rotate-secret`),
      headers: { 'x-api-key': owner.key },
    });
    const rotation = rotated.json<{ secret: string; previousSecretExpiresAt: string }>();
    expect(rotated.statusCode).toBe(200);
    expect(rotation.secret).toMatch(SECRET_SHAPE);
    expect(rotation.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotation.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect(Date.parse(rotation.previousSecretExpiresAt) - Date.now()).toBeLessThanOrEqual(DAY_MS);

    const afterRotation = await call(app, { method: 'GET', url: webhooksUrl(form.id), key: owner.key });
    expect(afterRotation.body).not.toContain(rotation.secret);
    expect(afterRotation.body).not.toContain(endpoint.secret);

    const deleted = await call(app, {
      method: 'DELETE',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
    });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { id: endpoint.id, deleted: true }]);
    const gone = await call(app, {
      method: 'GET',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
    });
    expect([gone.statusCode, errorBody(gone)]).toEqual([
      404,
      { error: 'Webhook endpoint not found', message: 'Webhook endpoint not found', code: 'NOT_FOUND' },
    ]);

    const logs = logLines.join('\n');
    expect(logs).toContain('webhook secret rotated');
    for (const secret of [endpoint.secret, rotation.secret, 'receiver-token']) {
      expect(logs).not.toContain(secret);
    }
  });

  test('credential headers stay with their URL: moving it anywhere needs them sent again', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const created = await post(app, owner.key, webhooksUrl(form.id), {
      url: 'https://hooks.example.com/in',
      headers: [{ name: 'Authorization', value: 'Bearer receiver-token' }],
    });
    const { id } = created.json<{ id: string }>();
    const patch = (payload: object) =>
      call(app, { method: 'PATCH', url: webhooksUrl(form.id, `/${id}`), key: owner.key, payload });
    const masked = [{ name: 'Authorization', value: 'Bearer ***' }];

    // Another host, plain http, or another path of the same host (on receivers where anyone can make
    // paths, such as catch-hook services, that path may be someone else's): the stored token would
    // go there. Refused, nothing changed.
    for (const payload of [
      { url: 'https://collector.example.net/x', headers: masked },
      { url: 'https://collector.example.net/x' },
      { url: 'http://hooks.example.com/in', headers: masked },
      { url: 'https://hooks.example.com/v2', headers: masked },
      { url: 'https://hooks.example.com/v2' },
    ]) {
      const refused = await patch(payload);
      expect([refused.statusCode, errorBody(refused).error], JSON.stringify(payload)).toEqual([
        400,
        'A webhook moved to another URL does not keep its credential headers: send their values again',
      ]);
    }
    const stored = await webhookEndpointRepository.findById({ userId: owner.userId, endpointId: id });
    expect([stored?.url, stored?.headers]).toEqual([
      'https://hooks.example.com/in',
      [{ name: 'Authorization', value: 'Bearer receiver-token' }],
    ]);

    // The masked URL sent back is no move, and keeps the stored token; a new URL takes one sent in clear.
    expect(
      (await patch({ url: 'https://hooks.example.com/in', headers: masked, enabled: true })).statusCode,
    ).toBe(200);
    const kept = await webhookEndpointRepository.findById({ userId: owner.userId, endpointId: id });
    expect(kept?.headers).toEqual([{ name: 'Authorization', value: 'Bearer receiver-token' }]);
    const moved = await patch({
      url: 'https://collector.example.net/x',
      headers: [{ name: 'Authorization', value: 'Bearer new-token' }],
    });
    expect(moved.statusCode).toBe(200);
    const after = await webhookEndpointRepository.findById({ userId: owner.userId, endpointId: id });
    expect(after?.headers).toEqual([{ name: 'Authorization', value: 'Bearer new-token' }]);
  });

  // Clients that set the JSON content type on every call send it with no body on a DELETE or an
  // action POST; and media types are case-insensitive.
  test('a JSON content type with no body is no body; APPLICATION/JSON is JSON', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const json = { 'content-type': 'application/json' };
    const create = () => post(app, owner.key, webhooksUrl(form.id), { url: 'https://hooks.example.com/e' });
    const endpoint = (await create()).json<{ id: string }>();

    const rotated = await call(app, {
      method: 'POST',
      url: webhooksUrl(form.id, `/${endpoint.id}/rotate-secret`),
      key: owner.key,
      headers: json,
    });
    expect(rotated.statusCode).toBe(200);
    const patched = await call(app, {
      method: 'PATCH',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
      headers: { 'content-type': 'APPLICATION/JSON; charset=UTF-8' },
      payload: JSON.stringify({ description: 'upper' }),
    });
    expect([patched.statusCode, patched.json()]).toEqual([
      200,
      expect.objectContaining({ description: 'upper' }),
    ]);
    const deleted = await call(app, {
      method: 'DELETE',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
      headers: json,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await call(app, {
      method: 'GET',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
    });
    expect(gone.statusCode).toBe(404);
  });

  test('checks in order: 401, scope 403, 400, 404 form, 403 foreign form, 403 plan limit', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'FREE' });
    const form = await createTestForm(owner.userId);
    const other = await createOwner({ plan: 'PRO' });
    const othersForm = await createTestForm(other.userId);
    const readOnly = await createKey({ userId: owner.userId, scopes: ['forms:read'] });
    const valid = { url: 'https://hooks.example.com/a' };

    expect(errorBody(await call(app, { method: 'POST', url: webhooksUrl(form.id), payload: valid }))).toEqual(
      {
        error: 'API key is required',
        message: 'API key is required',
        code: 'UNAUTHORIZED',
      },
    );
    const scope = await post(app, readOnly.key, webhooksUrl(form.id), { url: 'not a url' });
    expect([scope.statusCode, errorBody(scope).message]).toEqual([
      403,
      'Insufficient scope: webhooks:manage',
    ]);

    const badUrl = await post(app, owner.key, webhooksUrl('000000000000000000000000'), {
      url: 'ftp://x.example',
    });
    expect([badUrl.statusCode, errorBody(badUrl).code, errorBody(badUrl).issues]).toEqual([
      400,
      'BAD_REQUEST',
      expect.arrayContaining([expect.objectContaining({ path: ['url'] })]),
    ]);
    for (const headers of [
      [{ name: 'Webhook-Signature', value: 'v1,x' }],
      [{ name: 'Connection', value: 'close' }],
    ]) {
      const badHeader = await post(app, owner.key, webhooksUrl(form.id), { ...valid, headers });
      expect([badHeader.statusCode, errorBody(badHeader).code]).toEqual([400, 'BAD_REQUEST']);
    }

    const missing = await post(app, owner.key, webhooksUrl('000000000000000000000000'), valid);
    expect([missing.statusCode, errorBody(missing)]).toEqual([
      404,
      { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' },
    ]);
    const foreignBody = {
      message: 'Unauthorized',
      error: 'Form does not belong to this user',
      code: 'FORBIDDEN',
    };
    const foreign = await post(app, owner.key, webhooksUrl(othersForm.id), valid);
    expect([foreign.statusCode, errorBody(foreign)]).toEqual([403, foreignBody]);
    const foreignList = await call(app, { method: 'GET', url: webhooksUrl(othersForm.id), key: owner.key });
    expect([foreignList.statusCode, errorBody(foreignList)]).toEqual([403, foreignBody]);

    expect((await post(app, owner.key, webhooksUrl(form.id), valid)).statusCode).toBe(201);
    const limited = await post(app, owner.key, webhooksUrl(form.id), valid);
    expect([limited.statusCode, errorBody(limited)]).toEqual([
      403,
      {
        error: 'Webhook endpoint limit reached (1/1) for your plan',
        message: 'Webhook endpoint limit reached (1/1) for your plan',
        code: 'FORBIDDEN',
      },
    ]);
  });

  test("another owner's endpoint id under one's own form is 404, and nothing of it changes", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const other = await createOwner({ plan: 'PRO' });
    const othersForm = await createTestForm(other.userId);
    const theirs = (
      await post(app, other.key, webhooksUrl(othersForm.id), { url: 'https://t.example' })
    ).json<{
      id: string;
    }>();

    for (const [method, rest] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
    ] as const) {
      const response = await call(app, {
        method,
        url: webhooksUrl(form.id, `/${theirs.id}${rest}`),
        key: owner.key,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : method === 'POST' ? { payload: {} } : {}),
      });
      expect([method, response.statusCode, errorBody(response).message]).toEqual([
        method,
        404,
        'Webhook endpoint not found',
      ]);
    }
    const still = await call(app, {
      method: 'GET',
      url: webhooksUrl(othersForm.id, `/${theirs.id}`),
      key: other.key,
    });
    expect(still.json()).toMatchObject({ enabled: true, previousSecretExpiresAt: null });
  });

  test('rate-limited per key: 429 before parameters are checked', async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_WEBHOOKS_MANAGE: '2/60' });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await call(app, { method: 'GET', url: webhooksUrl(form.id), key: owner.key })).statusCode).toBe(
        200,
      );
    }
    const limited = await post(app, owner.key, webhooksUrl(form.id), { url: 'not a url' });
    expect([limited.statusCode, errorBody(limited).message, limited.headers['x-ratelimit-limit']]).toEqual([
      429,
      'Rate limit exceeded',
      '2',
    ]);
  });

  test('the OpenAPI document lists every operation under the webhooks tag', async () => {
    const { app } = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.includes('/webhooks'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.tags?.includes('webhooks'))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(operations.sort()).toEqual(
      [
        'GET /forms/{formId}/webhooks',
        'POST /forms/{formId}/webhooks',
        'GET /forms/{formId}/webhooks/{webhookId}',
        'PATCH /forms/{formId}/webhooks/{webhookId}',
        'DELETE /forms/{formId}/webhooks/{webhookId}',
        'POST /forms/{formId}/webhooks/{webhookId}/rotate-secret',
        'GET /forms/{formId}/webhooks/{webhookId}/deliveries',
        'POST /forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
        'POST /forms/{formId}/webhooks/{webhookId}/test',
      ].sort(),
    );
  });
});

describe('dashboard procedures', () => {
  const PASSWORD = 'correct horse battery';

  async function listening(overrides: Record<string, string> = {}) {
    const { app } = await buildTestApp(overrides);

    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  async function signedUp(address: string) {
    const session = dashboardClient(address);
    const { user } = await signUpAndLogIn(session.client, {
      email: uniqueEmail('dash'),
      password: PASSWORD,
    });

    return { ...session, user };
  }

  test('owners manage endpoints of their own forms through the session', async () => {
    const address = await listening();
    const { client } = await signedUp(address);
    const form = await client.forms.create.mutate({ name: 'Hooks', formType: 'contact', fields: [] });

    const created = await client.webhooks.create.mutate({
      formId: form.id,
      url: 'https://hooks.example.com/d',
    });
    expect(created.secret).toMatch(SECRET_SHAPE);
    const { secret: _secret, ...view } = created;
    expect(await client.webhooks.list.query({ formId: form.id })).toEqual({
      webhooks: [view],
      nextCursor: null,
    });
    expect(await client.webhooks.get.query({ formId: form.id, webhookId: created.id })).toEqual(view);
    expect(
      await client.webhooks.update.mutate({
        formId: form.id,
        webhookId: created.id,
        description: 'Zapier',
      }),
    ).toMatchObject({ description: 'Zapier' });
    const rotated = await client.webhooks.rotateSecret.mutate({ formId: form.id, webhookId: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    expect(await client.webhooks.delete.mutate({ formId: form.id, webhookId: created.id })).toEqual({
      id: created.id,
      deleted: true,
    });

    const stranger = await signedUp(address);
    const error = await stranger.client.webhooks.list.query({ formId: form.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).message).toBe('Form not found');
  });

  // Coercing query values once switched coercion on in the shared schema objects themselves, so a
  // JSON "false" became true over REST, and then in the dashboard as well.
  test('a string where a boolean belongs is refused over REST, and the dashboard stays strict after it', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const created = await post(app, owner.key, webhooksUrl(form.id), { url: 'https://hooks.example.com/s' });
    const endpoint = created.json<{ id: string }>();

    const patched = await call(app, {
      method: 'PATCH',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
      payload: { enabled: 'false' },
    });
    expect(patched.statusCode).toBe(400);
    const stored = await call(app, {
      method: 'GET',
      url: webhooksUrl(form.id, `/${endpoint.id}`),
      key: owner.key,
    });
    expect(stored.json()).toMatchObject({ enabled: true });

    const { client } = await signedUp(address);
    const mine = await client.forms.create.mutate({ name: 'Hooks', formType: 'contact', fields: [] });
    const hook = await client.webhooks.create.mutate({ formId: mine.id, url: 'https://hooks.example.com/t' });
    const refused = await client.webhooks.update
      .mutate({ formId: mine.id, webhookId: hook.id, enabled: 'false' as unknown as boolean })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<never>).data).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('the inbound-event log: an owner sees events naming their forms, an admin sees all', async () => {
    const secret = randomBytes(24).toString('hex');
    const address = await listening({ CUSTOM_WEBHOOK_SECRET: secret });
    const owner = await signedUp(address);
    const form = await owner.client.forms.create.mutate({ name: 'In', formType: 'contact', fields: [] });
    const receive = async (formId: string) => {
      const submissionId = randomBytes(12).toString('hex');
      const body = JSON.stringify({
        event: 'form.submission.created',
        timestamp: new Date().toISOString(),
        data: { formId, submissionId, fields: { message: 'hi' } },
      });
      const response = await fetch(`${address}/api/webhooks/custom`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
        body,
      });
      expect(response.status).toBe(200);

      return submissionId;
    };
    const mine = await receive(form.id);
    const elsewhere = await receive(randomBytes(12).toString('hex'));

    const seen = await owner.client.webhooks.listInboundEvents.query({});
    expect(seen.events.map((event) => [event.submissionId, event.formId, event.fields])).toEqual([
      [mine, form.id, { message: 'hi' }],
    ]);
    const stranger = await signedUp(address);
    expect((await stranger.client.webhooks.listInboundEvents.query({})).events).toEqual([]);

    const admin = await signedInStaff(address);
    const all = await admin.client.webhooks.listInboundEvents.query({ limit: 100 });
    expect(all.events.map((event) => event.submissionId)).toEqual(expect.arrayContaining([mine, elsewhere]));
  });
});
