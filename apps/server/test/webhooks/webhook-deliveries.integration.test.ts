import { createHmac } from 'node:crypto';

import { createWebhookEndpoint } from '@formwell/core';
import { TRPCClientError } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, test } from 'vitest';

import { createKey, createOwner, createTestForm, uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver, type TReceivedRequest } from '../helpers/recording-receiver.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, signUpAndLogIn } from '../trpc/dashboard-client.js';

type TDelivery = {
  id: string;
  webhookId: string;
  status: string;
  httpStatus: number | null;
  error: string | null;
};

/** Deliveries reach private targets only where the test says so; the default app refuses them. */
const PRIVATE_TARGETS = { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' };
const UNKNOWN_ID = '0123456789abcdef01234567';
const FOREIGN_FORM_BODY = {
  message: 'Unauthorized',
  error: 'Form does not belong to this user',
  code: 'FORBIDDEN',
};

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** The recording receiver, closed after the test. */
async function startReceiver(status = 200) {
  const receiver = await startRecordingReceiver(status);
  cleanups.push(receiver.close);

  return receiver;
}

async function ownerWithEndpoint(url: string) {
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId);
  const endpoint = await createWebhookEndpoint({
    config: testCoreConfig,
    userId: owner.userId,
    formId: form.id,
    url,
  });

  return { owner, form, endpoint };
}

function hookUrl(formId: string, webhookId: string, rest: string) {
  return `/api/v1/forms/${formId}/webhooks/${webhookId}${rest}`;
}

function post(app: FastifyInstance, key: string, url: string) {
  return call(app, { method: 'POST', url, key, payload: {} });
}

describe('REST deliveries, redelivery and test events', () => {
  test('a test event reaches the receiver signed, is listed, and redelivers with the same webhook-id', async () => {
    const { app, logLines } = await buildTestApp(PRIVATE_TARGETS);
    const receiver = await startReceiver();
    const { owner, form, endpoint } = await ownerWithEndpoint(receiver.url);

    const sent = await post(app, owner.key, hookUrl(form.id, endpoint.id, '/test'));
    expect(sent.statusCode).toBe(200);
    const attempt = sent.json<TDelivery>();
    expect(attempt).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      endpointId: endpoint.id,
      submissionId: null,
      webhookId: expect.stringMatching(/^msg_test_[0-9a-f]{24}$/) as unknown,
      event: 'form.submission.created',
      attempt: 1,
      status: 'success',
      httpStatus: 200,
      durationMs: expect.any(Number) as unknown,
      responseBody: 'thanks',
      error: null,
      test: true,
      url: receiver.url,
      createdAt: expect.any(String) as unknown,
    });

    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received as [TReceivedRequest];
    // The hex HMAC-SHA256 of the raw body, keyed with the secret string as shown, computed here by hand.
    expect(first.headers['x-service-signature']).toBe(
      createHmac('sha256', endpoint.secret).update(first.body).digest('hex'),
    );
    expect(first.headers['webhook-id']).toBe(attempt.webhookId);
    const standardHeaders = {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    };
    expect(new Webhook(endpoint.secret).verify(first.body, standardHeaders)).toMatchObject({
      event: 'form.submission.created',
      data: { formId: form.id, submissionId: 'test_submission' },
    });

    const listed = await call(app, {
      method: 'GET',
      url: hookUrl(form.id, endpoint.id, '/deliveries'),
      key: owner.key,
    });
    expect([listed.statusCode, listed.json()]).toEqual([200, { deliveries: [attempt], nextCursor: null }]);

    const again = await post(
      app,
      owner.key,
      hookUrl(form.id, endpoint.id, `/deliveries/${attempt.id}/redeliver`),
    );
    expect(again.statusCode).toBe(200);
    const redelivered = again.json<TDelivery>();
    expect(redelivered).toMatchObject({ webhookId: attempt.webhookId, status: 'success', test: true });
    expect(redelivered.id).not.toBe(attempt.id);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      attempt.webhookId,
      attempt.webhookId,
    ]);

    // Newest first, one per page, then the end.
    const page1 = await call(app, {
      method: 'GET',
      url: `${hookUrl(form.id, endpoint.id, '/deliveries')}?limit=1`,
      key: owner.key,
    });
    const firstPage = page1.json<{ deliveries: TDelivery[]; nextCursor: string | null }>();
    expect(firstPage.deliveries.map((delivery) => delivery.id)).toEqual([redelivered.id]);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const page2 = await call(app, {
      method: 'GET',
      url: `${hookUrl(form.id, endpoint.id, '/deliveries')}?limit=1&cursor=${firstPage.nextCursor ?? ''}`,
      key: owner.key,
    });
    const secondPage = page2.json<{ deliveries: TDelivery[]; nextCursor: string | null }>();
    expect([secondPage.deliveries.map((delivery) => delivery.id), secondPage.nextCursor]).toEqual([
      [attempt.id],
      null,
    ]);

    const logs = logLines.join('\n');
    expect(logs).toContain('webhook test event sent');
    expect(logs).toContain('webhook redelivered');
    expect(logs).not.toContain(endpoint.secret);
  });

  test('with private targets refused (the default) the attempt is logged as failed and nothing is sent', async () => {
    const { app } = await buildTestApp();
    const receiver = await startReceiver();
    const { owner, form, endpoint } = await ownerWithEndpoint(receiver.url);

    const sent = await post(app, owner.key, hookUrl(form.id, endpoint.id, '/test'));
    expect(sent.statusCode).toBe(200);
    expect(sent.json<TDelivery>()).toMatchObject({
      status: 'failed',
      httpStatus: null,
      error: expect.stringContaining('refused') as unknown,
    });
    expect(receiver.received).toEqual([]);
  });

  test('refusals: no key 401, scope 403, bad limit 400, foreign form 403, unknown endpoint or delivery 404', async () => {
    const { app } = await buildTestApp(PRIVATE_TARGETS);
    const receiver = await startReceiver();
    const { owner, form, endpoint } = await ownerWithEndpoint(receiver.url);
    const other = await ownerWithEndpoint(receiver.url);
    const theirDelivery = (
      await post(app, other.owner.key, hookUrl(other.form.id, other.endpoint.id, '/test'))
    ).json<TDelivery>();
    expect(receiver.received).toHaveLength(1);
    const readOnly = await createKey({ userId: owner.userId, scopes: ['forms:read'] });

    const routes = (formId: string, webhookId: string, deliveryId: string) =>
      [
        ['GET', hookUrl(formId, webhookId, '/deliveries')],
        ['POST', hookUrl(formId, webhookId, `/deliveries/${deliveryId}/redeliver`)],
        ['POST', hookUrl(formId, webhookId, '/test')],
      ] as const;
    const send = (key: string | undefined, method: 'GET' | 'POST', url: string) =>
      call(app, { method, url, key, ...(method === 'POST' ? { payload: {} } : {}) });

    for (const [method, url] of routes(form.id, endpoint.id, theirDelivery.id)) {
      const anonymous = await send(undefined, method, url);
      expect([url, anonymous.statusCode, errorBody(anonymous).message]).toEqual([
        url,
        401,
        'API key is required',
      ]);
      const scoped = await send(readOnly.key, method, url);
      expect([url, scoped.statusCode, errorBody(scoped).message]).toEqual([
        url,
        403,
        'Insufficient scope: webhooks:manage',
      ]);
    }
    // Redelivery resends a stored submission's data to a URL the same scope can change, so it also
    // needs the submissions read scope; a webhooks-only key keeps the log and the test event.
    const webhooksOnly = await createKey({ userId: owner.userId, scopes: ['webhooks:manage'] });
    const ownDelivery = (
      await post(app, owner.key, hookUrl(form.id, endpoint.id, '/test'))
    ).json<TDelivery>();
    const redeliver = await send(
      webhooksOnly.key,
      'POST',
      hookUrl(form.id, endpoint.id, `/deliveries/${ownDelivery.id}/redeliver`),
    );
    expect([redeliver.statusCode, errorBody(redeliver).message]).toEqual([
      403,
      'Insufficient scope: submissions:read',
    ]);
    expect(
      (await send(webhooksOnly.key, 'GET', hookUrl(form.id, endpoint.id, '/deliveries'))).statusCode,
    ).toBe(200);
    expect(receiver.received).toHaveLength(2);
    for (const [method, url] of routes(other.form.id, other.endpoint.id, theirDelivery.id)) {
      const foreign = await send(owner.key, method, url);
      expect([url, foreign.statusCode, errorBody(foreign)]).toEqual([url, 403, FOREIGN_FORM_BODY]);
    }
    for (const [method, url] of routes(form.id, other.endpoint.id, theirDelivery.id)) {
      const notMine = await send(owner.key, method, url);
      expect([url, notMine.statusCode, errorBody(notMine)]).toEqual([
        url,
        404,
        { error: 'Webhook endpoint not found', message: 'Webhook endpoint not found', code: 'NOT_FOUND' },
      ]);
    }
    const deliveryNotFound = {
      error: 'Webhook delivery not found',
      message: 'Webhook delivery not found',
      code: 'NOT_FOUND',
    };
    for (const deliveryId of [UNKNOWN_ID, theirDelivery.id]) {
      const missing = await post(
        app,
        owner.key,
        hookUrl(form.id, endpoint.id, `/deliveries/${deliveryId}/redeliver`),
      );
      expect([missing.statusCode, errorBody(missing)]).toEqual([404, deliveryNotFound]);
    }
    const badLimit = await call(app, {
      method: 'GET',
      url: `${hookUrl(form.id, endpoint.id, '/deliveries')}?limit=101`,
      key: owner.key,
    });
    expect([badLimit.statusCode, errorBody(badLimit).code]).toEqual([400, 'BAD_REQUEST']);
    // None of the refused calls sent anything.
    expect(receiver.received).toHaveLength(2);
  });
});

describe('dashboard procedures', () => {
  test('sendTest, listDeliveries and redeliver behave as the REST routes, for the owner only', async () => {
    const { app } = await buildTestApp(PRIVATE_TARGETS);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const receiver = await startReceiver();
    const { client } = dashboardClient(address);
    await signUpAndLogIn(client, { email: uniqueEmail('dash'), password: 'correct horse battery' });
    const form = await client.forms.create.mutate({ name: 'Hooks', formType: 'contact', fields: [] });
    const endpoint = await client.webhooks.create.mutate({ formId: form.id, url: receiver.url });

    const attempt = await client.webhooks.sendTest.mutate({ formId: form.id, webhookId: endpoint.id });
    expect(attempt).toMatchObject({
      status: 'success',
      httpStatus: 200,
      test: true,
      endpointId: endpoint.id,
    });
    expect(await client.webhooks.listDeliveries.query({ formId: form.id, webhookId: endpoint.id })).toEqual({
      deliveries: [attempt],
      nextCursor: null,
    });
    const again = await client.webhooks.redeliver.mutate({
      formId: form.id,
      webhookId: endpoint.id,
      deliveryId: attempt.id,
    });
    expect([again.webhookId, again.status]).toEqual([attempt.webhookId, 'success']);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      attempt.webhookId,
      attempt.webhookId,
    ]);
    const missing = await client.webhooks.redeliver
      .mutate({ formId: form.id, webhookId: endpoint.id, deliveryId: UNKNOWN_ID })
      .catch((error: unknown) => error);
    expect((missing as TRPCClientError<never>).message).toBe('Webhook delivery not found');

    const stranger = dashboardClient(address);
    await signUpAndLogIn(stranger.client, {
      email: uniqueEmail('dash'),
      password: 'correct horse battery',
    });
    for (const attemptCall of [
      () => stranger.client.webhooks.listDeliveries.query({ formId: form.id, webhookId: endpoint.id }),
      () => stranger.client.webhooks.sendTest.mutate({ formId: form.id, webhookId: endpoint.id }),
      () =>
        stranger.client.webhooks.redeliver.mutate({
          formId: form.id,
          webhookId: endpoint.id,
          deliveryId: attempt.id,
        }),
    ]) {
      const error = await attemptCall().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<never>).message).toBe('Form not found');
    }
    expect(receiver.received).toHaveLength(2);
  });
});
