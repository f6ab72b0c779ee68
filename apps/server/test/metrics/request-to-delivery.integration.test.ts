import { SubmissionModel } from '@formwell/db';
import { parsePrometheusText } from '@formwell/vitest-config/prometheus';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { afterEach, expect, test } from 'vitest';

import { createOwnerWithWebhook } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';
import { spawnEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

type TLogLine = Record<string, unknown>;

function jsonLines(text: string): TLogLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as TLogLine);
}

test('one submission followed by its request id from the server log to the worker process log; the worker scrape counts it', async () => {
  // A private Redis: the worker's counters and queue depths see this test's jobs only.
  const redis = await startRedisServer();
  cleanups.push(() => redis.stop());
  const { app, env, logLines } = await buildTestApp({ REDIS_URL: redis.url });
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);
  // The worker's real entry point, metrics on a free loopback port; the sweep stays out of the way.
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: env.MONGODB_URI,
    REDIS_URL: env.REDIS_URL,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    OUTBOX_SWEEP_AFTER_MS: '600000',
    WORKER_METRICS_PORT: '0',
  });
  cleanups.push(async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  });
  await worker.waitForOutput(/"msg":"worker started"/, 60_000);
  const metricsUrl = jsonLines(worker.output()).find((line) => line.msg === 'metrics listening')?.url;
  expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

  const { owner, form } = await createOwnerWithWebhook(receiver.url);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/forms/submit',
    headers: { 'x-api-key': owner.key },
    payload: { formId: form.id, data: { note: 'hello' } },
  });
  expect(response.statusCode).toBe(201);
  const { submissionId } = response.json<{ submissionId: string }>();

  // The server's line for this submission names its request; the stored submission keeps the id.
  const submitted = logLines
    .map((line) => JSON.parse(line) as TLogLine)
    .find((line) => line.msg === 'form submitted' && line.submissionId === submissionId);
  const requestId = submitted?.reqId;
  expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect((await SubmissionModel.findById(submissionId).lean())?.requestId).toBe(requestId);

  // The worker's job line for the delivery carries the same id.
  const done = await waitFor(
    async () =>
      Promise.resolve(
        jsonLines(worker.output()).find(
          (line) => line.msg === 'webhook job done' && line.requestId === requestId,
        ),
      ),
    60_000,
    worker.output,
  );
  expect(done).toMatchObject({ queue: 'webhook', requestId });
  expect(receiver.received).toHaveLength(1);

  // Every entry of the outbox done (a PRO form may owe an email too) before the backlog is read.
  await waitFor(
    async () => ((await SubmissionModel.findById(submissionId).lean())?.hasPendingOutbox ? undefined : true),
    60_000,
    worker.output,
  );
  const scrape = await fetch(String(metricsUrl));
  expect(scrape.status).toBe(200);
  const metrics = parsePrometheusText(await scrape.text());
  expect(metrics.value('formwell_webhook_deliveries_total', { outcome: 'success' })).toBe(1);
  expect(metrics.value('formwell_queue_jobs', { queue: 'webhook', state: 'failed' })).toBe(0);
  expect(metrics.value('formwell_outbox_pending_submissions')).toBe(0);
}, 180_000);
