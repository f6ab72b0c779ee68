import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SubmissionModel, webhookEndpointRepository } from '@formwell/db';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, test } from 'vitest';

import { appErrorOf } from '../../../test/app-error-of.js';
import { testEmail } from '../../../test/test-emails.js';
import { useTestDatabase } from '../../../test/use-test-database.js';
import { loadConfig } from '../../config/load-config.js';
import { createForm } from '../../forms/create-form.js';
import { completeOutboxEntry } from '../../submissions/complete-outbox-entry.js';
import { findPendingOutbox } from '../../submissions/find-pending-outbox.js';
import { submitForm } from '../../submissions/submit-form.js';
import { createUser } from '../../users/create-user.js';
import { createWebhookEndpoint } from '../create-webhook-endpoint.js';
import { generateWebhookSecret } from '../generate-webhook-secret.js';
import { deliverOutboxWebhook } from './deliver-outbox-webhook.js';
import { deliverWebhookEvent } from './deliver-webhook-event.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { postWebhook } from './post-webhook.js';
import { redeliverWebhook } from './redeliver-webhook.js';
import { sendTestWebhook } from './send-test-webhook.js';
import { submissionCreatedPayload } from './webhook-payload.js';

useTestDatabase('core_webhook_delivery');

const config = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
const guarded = loadConfig({ env: {} });

type Received = { headers: IncomingHttpHeaders; body: string };
const servers: Server[] = [];

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on 127.0.0.1 answering `status`, or never answering when `status` is null. */
async function receiver(status: number | null = 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (status !== null) {
        res.statusCode = status;
        res.end('ok');
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

async function ownerWithEndpoint(url: string) {
  const user = await createUser({ config, input: { email: testEmail(), plan: 'PRO' } });
  const form = await createForm({ config, userId: user.id, input: { name: 'F', formType: 'contact' } });
  const created = await createWebhookEndpoint({ config, userId: user.id, formId: form.id, url });
  const endpoint = await webhookEndpointRepository.findById({ userId: user.id, endpointId: created.id });
  if (!endpoint) {
    throw new Error('endpoint not stored');
  }

  return { user, form, endpoint, ids: { userId: user.id, formId: form.id, endpointId: created.id } };
}

/** A submission to the owner's form, with its webhook outbox entry (endpoint id included). */
async function submitWithWebhook(owner: Awaited<ReturnType<typeof ownerWithEndpoint>>) {
  const { outbox, response } = await submitForm({
    config,
    user: { id: owner.user.id, plan: 'PRO', quotaLimit: 100 },
    input: { formId: owner.form.id, data: { email: 'a@example.com' } },
  });
  const found = outbox.find((item) => item.kind === 'webhook');
  if (!found?.endpointId) {
    throw new Error('no webhook entry');
  }

  return { outbox, response, entry: { ...found, endpointId: found.endpointId } };
}

const payload = submissionCreatedPayload({
  formId: 'f',
  submissionId: 's',
  fields: { a: 1 },
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

test('with the guard on, private, loopback, link-local, CGNAT and metadata targets are refused unsent', async () => {
  const target = await receiver();
  const port = new URL(target.url).port;
  for (const url of [
    target.url,
    `http://localhost:${port}/hook`,
    `http://[::1]:${port}/hook`,
    `http://[::ffff:127.0.0.1]:${port}/hook`,
    'http://10.0.0.1/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
  ]) {
    const result = await postWebhook({
      url,
      body: '{}',
      headers: {},
      timeoutMs: 5_000,
      allowPrivateTargets: false,
    });
    expect(result.ok, url).toBe(false);
    expect(result.error, url).toMatch(/^refused: /);
  }
  expect(target.received).toHaveLength(0);
  // The same loopback target is reached once private targets are allowed.
  const allowed = await postWebhook({
    url: target.url,
    body: '{}',
    headers: {},
    timeoutMs: 5_000,
    allowPrivateTargets: true,
  });
  expect(allowed).toMatchObject({ ok: true, httpStatus: 200, responseBody: 'ok' });
});

test('a receiver that never answers times out and counts as a failed attempt', async () => {
  const target = await receiver(null);
  const owner = await ownerWithEndpoint(target.url);
  const { delivery } = await deliverWebhookEvent({
    endpoint: owner.endpoint,
    payload,
    webhookId: 'msg_timeout',
    submissionId: null,
    config: { ...config.webhooks, timeoutMs: 300 },
  });
  expect(delivery).toMatchObject({ status: 'failed', httpStatus: null, error: 'timed out after 300 ms' });
  expect(target.received).toHaveLength(1);
});

test('custom headers of the endpoint are sent; reserved names and invalid values are not', async () => {
  const target = await receiver();
  const owner = await ownerWithEndpoint(target.url);
  const { delivery } = await deliverWebhookEvent({
    endpoint: Object.assign({}, owner.endpoint, {
      headers: [
        { name: 'Authorization', value: 'Bearer receiver-token' },
        { name: 'X-Tenant', value: 'acme' },
        { name: 'Host', value: 'evil.example' },
        { name: 'webhook-id', value: 'forged' },
        { name: 'X-Bad', value: 'a\r\nInjected: yes' },
      ],
    }),
    payload,
    webhookId: 'msg_headers',
    submissionId: null,
    config: config.webhooks,
  });
  const headers = target.received[0]?.headers;
  expect(delivery.status).toBe('success');
  expect(headers?.authorization).toBe('Bearer receiver-token');
  expect(headers?.['x-tenant']).toBe('acme');
  expect(headers?.host).toMatch(/^127\.0\.0\.1:/);
  expect(headers?.['webhook-id']).toBe('msg_headers');
  expect(headers?.['x-bad']).toBeUndefined();
  expect(headers?.injected).toBeUndefined();
  expect(JSON.stringify(delivery)).not.toContain('receiver-token');
});

test('during a rotation both secrets sign webhook-signature; x-service-signature uses the current one', async () => {
  const target = await receiver();
  const owner = await ownerWithEndpoint(target.url);
  const previousSecret = generateWebhookSecret();
  const now = new Date();
  await deliverWebhookEvent({
    endpoint: Object.assign({}, owner.endpoint, {
      previousSecret,
      previousSecretExpiresAt: new Date(now.getTime() + 24 * 3600_000),
    }),
    payload,
    webhookId: 'msg_rotation',
    submissionId: null,
    config: config.webhooks,
    now,
  });
  const [request] = target.received;
  const headers = request?.headers as Record<string, string>;
  const body = request?.body ?? '';
  expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
  expect(new Webhook(owner.endpoint.secret).verify(body, headers)).toEqual(payload);
  expect(new Webhook(previousSecret).verify(body, headers)).toEqual(payload);
  expect(headers['x-service-signature']).toBe(
    createHmac('sha256', owner.endpoint.secret).update(body).digest('hex'),
  );
});

test('an endpoint failing every attempt for the whole window is disabled (clock controlled)', async () => {
  const target = await receiver(500);
  const owner = await ownerWithEndpoint(target.url);
  const start = new Date('2026-03-01T00:00:00Z');
  const at = (hours: number) => new Date(start.getTime() + hours * 3600_000);
  const attempt = (now: Date) =>
    deliverWebhookEvent({
      endpoint: owner.endpoint,
      payload,
      webhookId: 'msg_window',
      submissionId: null,
      config: config.webhooks,
      now,
    });

  expect((await attempt(at(0))).disabled).toBeNull();
  expect((await attempt(at(24 * 4))).disabled).toBeNull();
  expect((await attempt(at(24 * 5))).disabled).toBe('failing');
  expect(
    (await webhookEndpointRepository.findById({ userId: owner.user.id, endpointId: owner.endpoint.id }))
      ?.enabled,
  ).toBe(false);
});

test('a success restarts the failure window', async () => {
  const failing = await receiver(500);
  const owner = await ownerWithEndpoint(failing.url);
  const ok = await receiver(200);
  const start = new Date('2026-04-01T00:00:00Z');
  const at = (hours: number) => new Date(start.getTime() + hours * 3600_000);
  const send = (url: string, now: Date) =>
    deliverWebhookEvent({
      endpoint: { ...owner.endpoint, url },
      payload,
      webhookId: 'msg_w2',
      submissionId: null,
      config: config.webhooks,
      now,
    });

  await send(failing.url, at(0));
  await send(ok.url, at(24 * 3));
  expect((await send(failing.url, at(24 * 4))).disabled).toBeNull();
  expect((await send(failing.url, at(24 * 8))).disabled).toBeNull();
  expect((await send(failing.url, at(24 * 9))).disabled).toBe('failing');
});

test('owners list deliveries, redeliver one with the same webhook-id, and send a test event', async () => {
  const target = await receiver();
  const owner = await ownerWithEndpoint(target.url);
  const other = await createUser({ config, input: { email: testEmail(), plan: 'PRO' } });
  const { response, entry } = await submitWithWebhook(owner);
  const ids = entry;
  expect(await deliverOutboxWebhook({ ids, lastAttempt: false, config: config.webhooks })).toEqual({
    status: 'delivered',
    httpStatus: 200,
  });
  // Done entries are never redone.
  expect(await deliverOutboxWebhook({ ids, lastAttempt: false, config: config.webhooks })).toEqual({
    status: 'skipped',
    reason: 'already delivered',
  });

  const listed = await listWebhookDeliveries({ ...owner.ids, limit: 10 });
  expect(listed.items).toHaveLength(1);
  expect(listed.items[0]).toMatchObject({
    submissionId: response.submissionId,
    attempt: 1,
    status: 'success',
  });
  expect(listed.nextCursor).toBeNull();
  // Another user's form is refused as on every form-scoped write: 403, not a 404 that hides it.
  expect((await appErrorOf(listWebhookDeliveries({ ...owner.ids, userId: other.id }))).httpStatus).toBe(403);
  expect((await appErrorOf(listWebhookDeliveries({ ...owner.ids, limit: 0 }))).httpStatus).toBe(400);

  const deliveryId = listed.items[0]?.id ?? '';
  const again = await redeliverWebhook({ ...owner.ids, deliveryId, config: config.webhooks });
  expect(again).toMatchObject({ attempt: 2, status: 'success', webhookId: listed.items[0]?.webhookId });
  expect(target.received.map((r) => r.headers['webhook-id'])).toEqual([
    `msg_${entry.entryId}`,
    `msg_${entry.entryId}`,
  ]);
  expect(
    (
      await appErrorOf(
        redeliverWebhook({ ...owner.ids, userId: other.id, deliveryId, config: config.webhooks }),
      )
    ).httpStatus,
  ).toBe(403);
  expect(
    (await appErrorOf(redeliverWebhook({ ...owner.ids, deliveryId: 'nope', config: config.webhooks })))
      .message,
  ).toBe('Webhook delivery not found');

  const testEvent = await sendTestWebhook({ ...owner.ids, config: config.webhooks });
  expect(testEvent).toMatchObject({ test: true, status: 'success', submissionId: null });
  const testBody = JSON.parse(target.received.at(-1)?.body ?? '{}') as { data?: { submissionId?: string } };
  expect(testBody.data?.submissionId).toBe('test_submission');
  expect(
    new Webhook(owner.endpoint.secret).verify(
      target.received.at(-1)?.body ?? '',
      target.received.at(-1)?.headers as Record<string, string>,
    ),
  ).toBeTruthy();

  // With the guard on, a test event to a loopback endpoint is refused and logged as failed.
  const refused = await sendTestWebhook({ ...owner.ids, config: guarded.webhooks });
  expect(refused).toMatchObject({ status: 'failed', httpStatus: null });
  expect(refused.error).toMatch(/^refused: /);
  expect((await listWebhookDeliveries({ ...owner.ids })).items).toHaveLength(4);
});

test('re-running an entry already done still clears the pending flag a run that died half-way left', async () => {
  const target = await receiver();
  const owner = await ownerWithEndpoint(target.url);
  const { outbox, response, entry } = await submitWithWebhook(owner);
  for (const other of outbox.filter((item) => item.entryId !== entry.entryId)) {
    await completeOutboxEntry({ submissionId: other.submissionId, entryId: other.entryId });
  }
  const ids = entry;
  expect(await deliverOutboxWebhook({ ids, lastAttempt: false, config: config.webhooks })).toMatchObject({
    status: 'delivered',
  });
  const pending = async () =>
    (await SubmissionModel.findById(response.submissionId, { hasPendingOutbox: 1 }).lean())?.hasPendingOutbox;
  expect(await pending()).toBe(false);

  // The worker died after marking the entry done and before clearing the flag; the job runs again.
  await SubmissionModel.updateOne({ _id: response.submissionId }, { $set: { hasPendingOutbox: true } });
  expect(await deliverOutboxWebhook({ ids, lastAttempt: false, config: config.webhooks })).toEqual({
    status: 'skipped',
    reason: 'already delivered',
  });
  expect(await pending()).toBe(false);
  // Nothing was sent twice, and the sweep has nothing left of it.
  expect(target.received).toHaveLength(1);
  const sweepable = await findPendingOutbox({ olderThanMs: 0, abandonedAfterMs: 0 });
  expect(sweepable.filter((item) => item.submissionId === response.submissionId)).toEqual([]);
});
