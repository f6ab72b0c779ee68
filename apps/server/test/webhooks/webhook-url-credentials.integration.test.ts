import { WebhookDeliveryModel, WebhookEndpointModel } from '@formwell/db';
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

test('credentials in a webhook URL are masked in every answer and log, kept for delivery, and survive an edit that sends the masked URL back', async () => {
  const { app, logLines } = await buildTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId);
  const port = new URL(receiver.url).port;
  const realUrl = `http://hook-user:${PASSWORD}@127.0.0.1:${port}/hook?access_token=${TOKEN}&topic=forms`;
  const masked = `http://hook-user:***@127.0.0.1:${port}/hook?access_token=***&topic=forms`;
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
  const sent = await call(app, {
    method: 'POST',
    url: webhooksUrl(form.id, `/${id}/test`),
    key: owner.key,
    payload: {},
  });
  bodies.push(sent.body);
  expect([sent.statusCode, sent.json()]).toEqual([
    200,
    expect.objectContaining({ status: 'success', url: masked }),
  ]);
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
  expect(replaced.json()).toMatchObject({ url: 'https://hooks.example.com/plain?topic=forms' });
  expect((await WebhookEndpointModel.findById(id).lean())?.url).toBe(
    'https://hooks.example.com/plain?topic=forms',
  );

  expect(logLines.length).toBeGreaterThan(0);
  for (const text of [...bodies, logLines.join('\n')]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
  }
});
