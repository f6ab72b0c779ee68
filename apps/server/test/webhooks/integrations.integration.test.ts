import { platformSchemaErrors } from '@formwell/vitest-config/platform-schemas';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startPlatformReceiver } from '../helpers/platform-receiver.js';

const FOREIGN_FORM = { message: 'Unauthorized', error: 'Form does not belong to this user' };
const integrationsUrl = (formId: string, rest = '') => `/api/v1/forms/${formId}/integrations${rest}`;

function post(app: FastifyInstance, key: string, url: string, payload: object = {}) {
  return call(app, { method: 'POST', url, key, payload });
}

describe('REST /api/v1/forms/{formId}/integrations', () => {
  test('add (201, URL masked), list, test (202, a valid message each), delete (204)', async () => {
    const { app } = await buildTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const ids: string[] = [];
    for (const type of ['slack', 'discord', 'teams'] as const) {
      const receiver = await startPlatformReceiver(type);
      const created = await post(app, owner.key, integrationsUrl(form.id), { type, url: receiver.url });
      expect(created.statusCode).toBe(201);
      const body = created.json<{ id: string; type: string; url: string }>();
      expect(body).toMatchObject({
        type,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/services\/…$/) as unknown,
      });
      expect(created.body).not.toContain('secret-token');
      const tested = await post(app, owner.key, integrationsUrl(form.id, `/${body.id}/test`));
      expect([tested.statusCode, tested.json<{ status: string }>().status]).toEqual([202, 'success']);
      expect(receiver.bodies).toHaveLength(1);
      expect(platformSchemaErrors(type, receiver.bodies[0])).toEqual([]);
      ids.push(body.id);
    }
    const listed = await call(app, { method: 'GET', url: integrationsUrl(form.id), key: owner.key });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json<{ integrations: { id: string }[] }>()
        .integrations.map((item) => item.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(listed.body).not.toContain('secret-token');
    const deleted = await call(app, {
      method: 'DELETE',
      url: integrationsUrl(form.id, `/${ids[0]}`),
      key: owner.key,
    });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    const again = await call(app, {
      method: 'DELETE',
      url: integrationsUrl(form.id, `/${ids[0]}`),
      key: owner.key,
    });
    expect([again.statusCode, errorBody(again).error]).toEqual([404, 'Integration not found']);
  });

  test('bad input: host not the platform’s, a private address, another account’s form or integration, scope', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const stranger = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const foreignForm = await createTestForm(stranger.userId);
    for (const [type, url] of [
      ['slack', 'https://example.com/services/T/B/X'],
      ['slack', 'https://10.0.0.8/services/T/B/X'],
      ['discord', 'https://hooks.slack.com/services/T/B/X'],
      ['teams', 'https://evil.example/workflows/x'],
      ['slack', 'not a url'],
      ['mattermost', 'https://hooks.slack.com/services/T/B/X'],
    ] as const) {
      const refused = await post(app, owner.key, integrationsUrl(form.id), { type, url });
      expect([refused.statusCode, errorBody(refused).code]).toEqual([400, 'BAD_REQUEST']);
    }
    const foreign = await post(app, owner.key, integrationsUrl(foreignForm.id), {
      type: 'slack',
      url: 'https://hooks.slack.com/services/T/B/X',
    });
    expect([foreign.statusCode, errorBody(foreign)]).toEqual([403, expect.objectContaining(FOREIGN_FORM)]);
    const listForeign = await call(app, {
      method: 'GET',
      url: integrationsUrl(foreignForm.id),
      key: owner.key,
    });
    expect([listForeign.statusCode, errorBody(listForeign)]).toEqual([
      403,
      expect.objectContaining(FOREIGN_FORM),
    ]);
    const theirs = await post(app, stranger.key, integrationsUrl(foreignForm.id), {
      type: 'discord',
      url: 'https://discord.com/api/webhooks/1/token',
    });
    const theirId = theirs.json<{ id: string }>().id;
    // Their integration id under my own form: unknown to me.
    for (const request of [
      { method: 'DELETE' as const, url: integrationsUrl(form.id, `/${theirId}`) },
      { method: 'POST' as const, url: integrationsUrl(form.id, `/${theirId}/test`), payload: {} },
    ]) {
      const refused = await call(app, { ...request, key: owner.key });
      expect([refused.statusCode, errorBody(refused).error]).toEqual([404, 'Integration not found']);
    }
    const readOnly = await createOwner({ plan: 'PRO', scopes: ['forms:read'] });
    const noScope = await call(app, { method: 'GET', url: integrationsUrl(form.id), key: readOnly.key });
    expect([noScope.statusCode, errorBody(noScope).error]).toEqual([
      403,
      'Insufficient scope: webhooks:manage',
    ]);
  });
});

describe('REST /api/v1/hooks', () => {
  test('subscribe (201 {id}), unsubscribe (204), another account’s hook or form, bad input', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const stranger = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const foreignForm = await createTestForm(stranger.userId);
    const target = 'https://hooks.zapier.com/hooks/standard/1/abc/';
    const created = await post(app, owner.key, '/api/v1/hooks', {
      targetUrl: target,
      event: 'form.submission.created',
      formId: form.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown });
    const everyForm = await post(app, owner.key, '/api/v1/hooks', {
      targetUrl: target,
      event: 'form.submission.created',
    });
    expect(everyForm.statusCode).toBe(201);
    const foreign = await post(app, owner.key, '/api/v1/hooks', {
      targetUrl: target,
      event: 'form.submission.created',
      formId: foreignForm.id,
    });
    expect([foreign.statusCode, errorBody(foreign)]).toEqual([403, expect.objectContaining(FOREIGN_FORM)]);
    for (const payload of [
      { targetUrl: target, event: 'form.deleted' },
      { targetUrl: 'ftp://example.com/x', event: 'form.submission.created' },
      { event: 'form.submission.created' },
    ]) {
      expect((await post(app, owner.key, '/api/v1/hooks', payload)).statusCode).toBe(400);
    }
    // A private target is refused as a webhook's is: the text names the setting that allows it.
    const local = await post(app, owner.key, '/api/v1/hooks', {
      targetUrl: 'http://127.0.0.1:8080/in',
      event: 'form.submission.created',
    });
    expect([local.statusCode, errorBody(local).error]).toEqual([
      400,
      'Webhook URL points to a private or loopback address (127.0.0.1): deliveries to it are refused unless the server runs with ALLOW_PRIVATE_WEBHOOK_TARGETS=true',
    ]);
    const { id } = created.json<{ id: string }>();
    const strangers = await call(app, { method: 'DELETE', url: `/api/v1/hooks/${id}`, key: stranger.key });
    expect([strangers.statusCode, errorBody(strangers).error]).toEqual([404, 'Hook not found']);
    const removed = await call(app, { method: 'DELETE', url: `/api/v1/hooks/${id}`, key: owner.key });
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    const twice = await call(app, { method: 'DELETE', url: `/api/v1/hooks/${id}`, key: owner.key });
    expect(twice.statusCode).toBe(404);
  });
});
