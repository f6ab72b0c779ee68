import { SESSION_COOKIE_NAME } from '@formwell/api';
import { createSession, listSubmissions, updateForm } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SITE = 'https://shop.example';

async function signedIn() {
  const owner = await createOwner();
  const { token } = await createSession({ userId: owner.userId });

  return { owner, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

/** A dashboard mutation over /trpc, as the dashboard's own page sends it. */
function dashboardMutation(app: FastifyInstance, cookie: string, procedure: string, input: unknown) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: JSON.stringify(input),
  });
}

type TCreatedKey = {
  key: string;
  userId: string;
  name: string;
  scopes: string[];
  formIds: string[];
  allowedOrigins: string[];
};

describe('the dashboard creates keys fit for a web page', () => {
  test('apiKeys.createEmbedKey: read and submit one form, from the given origins only', async () => {
    const { app } = await buildTestApp();
    const { owner, cookie } = await signedIn();
    const form = await createTestForm(owner.userId, { name: 'Newsletter' });
    const otherForm = await createTestForm(owner.userId, { name: 'Other' });
    // The embed snippet's form takes public submissions (an embed key follows POST /f/'s rules).
    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { publicSubmissions: { enabled: true } },
    });

    const created = await dashboardMutation(app, cookie, 'apiKeys.createEmbedKey', {
      formId: form.id,
      allowedOrigins: [`${SITE}/`, 'http://localhost:8080'],
    });
    expect(created.statusCode).toBe(200);
    const key = created.json<{ result: { data: TCreatedKey } }>().result.data;
    expect(key).toMatchObject({
      name: 'Embed: Newsletter',
      scopes: ['forms:read', 'submissions:write'],
      formIds: [form.id],
      allowedOrigins: [SITE, 'http://localhost:8080'],
    });
    expect(key.key).toMatch(/^mk_live_/);

    const submit = (formId: string, origin: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: key.key,
        headers: { origin },
        payload: { formId, data: { email: 'visitor@example.com' } },
      });
    expect((await submit(form.id, SITE)).statusCode).toBe(201);
    expect(
      (
        await call(app, {
          method: 'GET',
          url: `/api/v1/forms/${form.id}`,
          key: key.key,
          headers: { origin: SITE },
        })
      ).statusCode,
    ).toBe(200);
    expect(errorBody(await submit(form.id, 'https://evil.example')).error).toBe(
      'API key is not allowed from this origin',
    );
    expect(errorBody(await submit(otherForm.id, SITE)).error).toBe('API key is not allowed for this form');
    const listing = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/submissions`,
      key: key.key,
      headers: { origin: SITE },
    });
    expect(errorBody(listing).error).toBe('Insufficient scope: submissions:read');
    expect((await listSubmissions({ userId: owner.userId, formId: form.id })).submissions).toHaveLength(1);

    // The dashboard's key list shows the restrictions, never the key.
    const listed = await app.inject({
      method: 'GET',
      url: '/trpc/apiKeys.list',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(listed.body).not.toContain(key.key);
    expect(
      listed.json<{ result: { data: { apiKeys: TCreatedKey[] } } }>().result.data.apiKeys,
    ).toContainEqual(
      expect.objectContaining({ formIds: [form.id], allowedOrigins: [SITE, 'http://localhost:8080'] }),
    );
  });

  test('createEmbedKey refuses no origin, a malformed origin, and a form of another user', async () => {
    const { app } = await buildTestApp();
    const { cookie, owner } = await signedIn();
    const stranger = await createOwner();
    const form = await createTestForm(owner.userId);
    const strangerForm = await createTestForm(stranger.userId);

    const noOrigin = await dashboardMutation(app, cookie, 'apiKeys.createEmbedKey', {
      formId: form.id,
      allowedOrigins: [],
    });
    const withPath = await dashboardMutation(app, cookie, 'apiKeys.createEmbedKey', {
      formId: form.id,
      allowedOrigins: ['https://shop.example/contact'],
    });
    const foreign = await dashboardMutation(app, cookie, 'apiKeys.createEmbedKey', {
      formId: strangerForm.id,
      allowedOrigins: [SITE],
    });

    expect(noOrigin.statusCode).toBe(400);
    expect(withPath.statusCode).toBe(400);
    expect(withPath.body).toContain('must be an http(s) origin such as https://example.com (no path)');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('Form not found');
  });

  test('apiKeys.create takes formIds and allowedOrigins too', async () => {
    const { app } = await buildTestApp();
    const { cookie, owner } = await signedIn();
    const form = await createTestForm(owner.userId);

    const created = await dashboardMutation(app, cookie, 'apiKeys.create', {
      name: 'reporting',
      scopes: ['submissions:read'],
      formIds: [form.id],
      allowedOrigins: [SITE],
    });

    expect(created.json<{ result: { data: TCreatedKey } }>().result.data).toMatchObject({
      userId: owner.userId,
      scopes: ['submissions:read'],
      formIds: [form.id],
      allowedOrigins: [SITE],
    });
    // Every key answer names its owning account, the listing too.
    const listed = await app.inject({
      method: 'GET',
      url: '/trpc/apiKeys.list',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(
      listed.json<{ result: { data: { apiKeys: { userId: string }[] } } }>().result.data.apiKeys,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ userId: owner.userId })]));
  });
});
