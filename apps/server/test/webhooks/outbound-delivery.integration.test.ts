import { createHmac } from 'node:crypto';

import { createWebhookEndpoint } from '@formwell/core';
import { SubmissionModel } from '@formwell/db';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';
import { spawnEntry, type SpawnedEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** The recording receiver, closed after the test. */
async function startReceiver() {
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);

  return receiver;
}

/** The worker's real entry point as its own process, on the server's database and Redis. */
async function startWorker(
  env: { MONGODB_URI: string; REDIS_URL: string },
  sweepAfterMs: number,
): Promise<SpawnedEntry> {
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    ...env,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    OUTBOX_SWEEP_EVERY_MS: '500',
    OUTBOX_SWEEP_AFTER_MS: String(sweepAfterMs),
  });
  cleanups.push(async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  });
  await worker.waitForOutput(/"msg":"worker started"/, 60_000);

  return worker;
}

async function ownerWithWebhook(url: string) {
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId, { fields: [] });
  const endpoint = await createWebhookEndpoint({
    config: testCoreConfig,
    userId: owner.userId,
    formId: form.id,
    url,
  });

  return { owner, form, endpoint };
}

test('submit over HTTP → the worker process delivers a correctly signed payload to the receiver', async () => {
  const { app, env } = await buildTestApp();
  const target = await startReceiver();
  // The sweep waits ten minutes here, so only the server's own hand-off can deliver in time.
  const worker = await startWorker({ MONGODB_URI: env.MONGODB_URI, REDIS_URL: env.REDIS_URL }, 600_000);
  const { owner, form, endpoint } = await ownerWithWebhook(target.url);

  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/forms/submit',
    headers: { 'x-api-key': owner.key },
    payload: { formId: form.id, data: { email: 'jane@example.com', note: '<script>alert(1)</script>' } },
  });
  expect(response.statusCode).toBe(201);
  const { submissionId } = response.json<{ submissionId: string }>();

  const request = await waitFor(async () => Promise.resolve(target.received[0]), 30_000, worker.output);
  const headers = request.headers as Record<string, string>;
  expect(JSON.parse(request.body)).toMatchObject({
    event: 'form.submission.created',
    data: {
      formId: form.id,
      submissionId,
      fields: { email: 'jane@example.com', note: '<script>alert(1)</script>' },
    },
  });
  expect(headers['x-service-signature']).toBe(
    createHmac('sha256', endpoint.secret).update(request.body).digest('hex'),
  );
  expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({
    data: { submissionId },
  });
  expect(worker.output()).not.toContain(endpoint.secret);
}, 120_000);

test('Redis down during submits: every submission still gets its 201, and each webhook arrives once Redis is back', async () => {
  const redis = await startRedisServer();
  const port = redis.port;
  const { app, env } = await buildTestApp({ REDIS_URL: redis.url });
  const target = await startReceiver();
  const { owner, form } = await ownerWithWebhook(target.url);
  await redis.stop();

  const ids: string[] = [];
  for (let n = 0; n < 5; n++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/forms/submit',
      headers: { 'x-api-key': owner.key },
      payload: { formId: form.id, data: { n } },
    });
    expect(response.statusCode).toBe(201);
    ids.push(response.json<{ submissionId: string }>().submissionId);
  }

  const restarted = await startRedisServer({ port });
  cleanups.push(() => restarted.stop());
  const worker = await startWorker({ MONGODB_URI: env.MONGODB_URI, REDIS_URL: restarted.url }, 1_000);
  await waitFor(
    async () => {
      const docs = await SubmissionModel.find({ _id: { $in: ids } }).lean();

      return docs.length === ids.length && docs.every((doc) => !doc.hasPendingOutbox) ? true : undefined;
    },
    60_000,
    worker.output,
  );
  const delivered = target.received.map(
    (request) => (JSON.parse(request.body) as { data: { submissionId: string } }).data.submissionId,
  );
  expect(delivered.sort()).toEqual([...ids].sort());
}, 120_000);
