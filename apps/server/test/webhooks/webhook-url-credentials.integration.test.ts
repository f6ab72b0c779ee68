import { WebhookDeliveryModel, WebhookEndpointModel } from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';

const PASSWORD = 'pw-Hq83-secret';
const TOKEN = 'tok-Wn51-secret';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

function webhooksUrl(formId: string, rest = '') {
  return `/api/v1/forms/${formId}/webhooks${rest}`;
}

/** An app that may deliver to loopback, a recording receiver, and a PRO owner with a form. */
async function setUp() {
  const { app, logLines } = await buildTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId);

  return { app, logLines, receiver, owner, form, port: new URL(receiver.url).port };
}

type TTestEvent = {
  app: FastifyInstance;
  key: string;
  formId: string;
  id: string;
  masked: string;
  bodies: string[];
};

/** Sends the endpoint a test event: delivered, and answered with the masked URL (its body kept to check). */
async function sendTestEvent({ app, key, formId, id, masked, bodies }: TTestEvent) {
  const sent = await call(app, { method: 'POST', url: webhooksUrl(formId, `/${id}/test`), key, payload: {} });
  bodies.push(sent.body);
  expect([sent.statusCode, sent.json()]).toEqual([
    200,
    expect.objectContaining({ status: 'success', url: masked }),
  ]);
}

test('credentials in a webhook URL are masked in every answer and log, kept for delivery, and survive an edit that sends the masked URL back', async () => {
  const { app, logLines, receiver, owner, form, port } = await setUp();
  const realUrl = `http://hook-user:${PASSWORD}@127.0.0.1:${port}/hook?access_token=${TOKEN}&topic=forms`;
  const masked = `http://127.0.0.1:${port}/hook/…`;
  const bodies: string[] = [];

  const created = await call(app, {
    method: 'POST',
    url: webhooksUrl(form.id),
    key: owner.key,
    payload: { url: realUrl, description: 'CRM' },
  });
  bodies.push(created.body);
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ id: string }>();
  expect(created.json()).toMatchObject({ url: masked });

  const listed = await call(app, { method: 'GET', url: webhooksUrl(form.id), key: owner.key });
  const one = await call(app, { method: 'GET', url: webhooksUrl(form.id, `/${id}`), key: owner.key });
  bodies.push(listed.body, one.body);
  expect(listed.json()).toMatchObject({ webhooks: [{ id, url: masked }] });
  expect(one.json()).toMatchObject({ id, url: masked });

  // An edit form that saves every field sends the masked URL back: the credentials stay.
  const edited = await call(app, {
    method: 'PATCH',
    url: webhooksUrl(form.id, `/${id}`),
    key: owner.key,
    payload: { url: masked, description: 'CRM v2' },
  });
  bodies.push(edited.body);
  expect([edited.statusCode, edited.json()]).toEqual([
    200,
    expect.objectContaining({ url: masked, description: 'CRM v2' }),
  ]);
  expect((await WebhookEndpointModel.findById(id).lean())?.url).toBe(realUrl);
  const urlOnly = await call(app, {
    method: 'PATCH',
    url: webhooksUrl(form.id, `/${id}`),
    key: owner.key,
    payload: { url: masked },
  });
  expect([urlOnly.statusCode, urlOnly.json()]).toEqual([200, expect.objectContaining({ url: masked })]);
  expect((await WebhookEndpointModel.findById(id).lean())?.url).toBe(realUrl);

  // The delivery goes to the real URL; its attempt is listed and stored with the masked one.
  await sendTestEvent({ app, key: owner.key, formId: form.id, id, masked, bodies });
  expect(receiver.received[0]?.headers.authorization).toBe(
    `Basic ${Buffer.from(`hook-user:${PASSWORD}`).toString('base64')}`,
  );
  expect(receiver.received[0]?.path).toBe(`/hook?access_token=${TOKEN}&topic=forms`);
  const deliveries = await call(app, {
    method: 'GET',
    url: webhooksUrl(form.id, `/${id}/deliveries`),
    key: owner.key,
  });
  bodies.push(deliveries.body);
  expect(deliveries.json()).toMatchObject({ deliveries: [{ url: masked }] });
  bodies.push(JSON.stringify(await WebhookDeliveryModel.find({ endpointId: id }).lean()));

  // A new URL replaces the stored one, credentials and all.
  const replaced = await call(app, {
    method: 'PATCH',
    url: webhooksUrl(form.id, `/${id}`),
    key: owner.key,
    payload: { url: 'https://hooks.example.com/plain?topic=forms' },
  });
  expect(replaced.json()).toMatchObject({ url: 'https://hooks.example.com/plain/…' });
  expect((await WebhookEndpointModel.findById(id).lean())?.url).toBe(
    'https://hooks.example.com/plain?topic=forms',
  );

  expect(logLines.length).toBeGreaterThan(0);
  for (const text of [...bodies, logLines.join('\n')]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
  }
});

test('secrets in the path, the fragment, jwt and code parameters and credential headers are masked in answers, and delivered as stored', async () => {
  const { app, logLines, receiver, owner, form, port } = await setUp();
  const pathToken = 'Xq7kP2mZ9rT4vB8nL3wY6cHd';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.e30.sig-Jt42';
  const bearer = 'bearer-Kd93-secret';
  const realUrl = `http://127.0.0.1:${port}/hooks/${pathToken}?jwt=${jwt}&code=c0de-77&topic=forms#frag-token-55`;
  const masked = `http://127.0.0.1:${port}/hooks/…`;
  const headers = [
    { name: 'Authorization', value: `Bearer ${bearer}` },
    { name: 'X-Source', value: 'formwell' },
  ];
  const shownHeaders = [
    { name: 'Authorization', value: 'Bearer ***' },
    { name: 'X-Source', value: 'formwell' },
  ];
  const bodies: string[] = [];

  const created = await call(app, {
    method: 'POST',
    url: webhooksUrl(form.id),
    key: owner.key,
    payload: { url: realUrl, headers },
  });
  bodies.push(created.body);
  expect([created.statusCode, created.json()]).toEqual([
    201,
    expect.objectContaining({ url: masked, headers: shownHeaders }),
  ]);
  const { id } = created.json<{ id: string }>();
  const one = await call(app, { method: 'GET', url: webhooksUrl(form.id, `/${id}`), key: owner.key });
  bodies.push(one.body);
  expect(one.json()).toMatchObject({ url: masked, headers: shownHeaders });

  // An edit form saving what it read keeps the stored header value; a new value replaces it.
  const edited = await call(app, {
    method: 'PATCH',
    url: webhooksUrl(form.id, `/${id}`),
    key: owner.key,
    payload: { url: masked, headers: shownHeaders },
  });
  bodies.push(edited.body);
  expect([edited.statusCode, edited.json()]).toEqual([
    200,
    expect.objectContaining({ url: masked, headers: shownHeaders }),
  ]);
  const stored = await WebhookEndpointModel.findById(id).lean();
  expect([stored?.url, stored?.headers.map(({ name, value }) => ({ name, value }))]).toEqual([
    realUrl,
    headers,
  ]);

  await sendTestEvent({ app, key: owner.key, formId: form.id, id, masked, bodies });
  expect(receiver.received[0]?.path).toBe(`/hooks/${pathToken}?jwt=${jwt}&code=c0de-77&topic=forms`);
  expect(receiver.received[0]?.headers.authorization).toBe(`Bearer ${bearer}`);
  expect(receiver.received[0]?.headers['x-source']).toBe('formwell');

  const replaced = await call(app, {
    method: 'PATCH',
    url: webhooksUrl(form.id, `/${id}`),
    key: owner.key,
    payload: {
      headers: [
        { name: 'Authorization', value: 'Bearer ***' },
        { name: 'X-Api-Key', value: 'new' },
      ],
    },
  });
  expect(replaced.json()).toMatchObject({
    headers: [
      { name: 'Authorization', value: 'Bearer ***' },
      { name: 'X-Api-Key', value: '***' },
    ],
  });
  expect((await WebhookEndpointModel.findById(id).lean())?.headers.map(({ value }) => value)).toEqual([
    `Bearer ${bearer}`,
    'new',
  ]);

  for (const text of [...bodies, logLines.join('\n')]) {
    for (const secret of [pathToken, jwt, bearer, 'c0de-77', 'frag-token-55']) {
      expect(text).not.toContain(secret);
    }
  }
});
