import { enqueueOutbox, loadConfig, updateForm } from '@formwell/core';
import { SubmissionModel } from '@formwell/db';
import {
  createJobProducer,
  createWorkerConnection,
  developerSummaryJob,
  type TRedisClient,
} from '@formwell/jobs';
import { parsePrometheusText, type TScrape } from '@formwell/vitest-config/prometheus';
import { startRedisServer, type RedisServerHandle } from '@formwell/vitest-config/redis-server';
import { testMongoUri } from '@formwell/vitest-config/services';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startWorkerRuntime, type WorkerRuntime } from '../src/runtime.js';
import { ownerWithEndpoint, submit } from './helpers/fixtures.js';
import { startReceiver, waitFor, type Receiver } from './helpers/receiver.js';

const TOKEN = 'worker-metrics-token-0123456789';
const HOUR_MS = 3_600_000;
// Short retry delays: a failing endpoint reaches its last attempt within the test.
const config = loadConfig({
  env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50,50,50,50' },
});

// A private Redis: queue depths are exact, whatever other test files enqueue.
let redis: RedisServerHandle;
let connection: TRedisClient;
let runtime: WorkerRuntime;
const receivers: Receiver[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  connection = createWorkerConnection(redis.url);
  runtime = await startWorkerRuntime({
    mongoUri: testMongoUri('worker_metrics'),
    redisUrl: redis.url,
    logger: pino({ level: 'silent' }),
    config,
    scheduleSweeps: false,
    metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
  });
}, 60_000);

afterAll(async () => {
  await runtime.stop();
  connection.disconnect();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await redis.stop();
});

async function scrape(): Promise<TScrape> {
  const response = await fetch(`${runtime.metricsUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);

  return parsePrometheusText(await response.text());
}

describe('the worker GET /metrics', () => {
  test('listens on loopback and asks for the token like the server does', async () => {
    expect(runtime.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}-`]) {
      const response = await fetch(`${runtime.metricsUrl}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        error: 'A valid metrics token is required',
        message: 'A valid metrics token is required',
        code: 'UNAUTHORIZED',
      });
    }
    expect((await fetch(`${runtime.metricsUrl}/other`)).status).toBe(404);
  });

  test('process metrics, and queue depths per queue and state read at scrape time', async () => {
    const producer = createJobProducer(connection);
    const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    // Due at the end of the hour: it sits in the email queue's delayed set during the test.
    await producer.enqueue(
      developerSummaryJob,
      { userId: '65a000000000000000000001', formId: '65a000000000000000000002', hourStart },
      { delayMs: HOUR_MS },
    );
    await producer.close();

    const metrics = await scrape();
    expect(metrics.typeOf('nodejs_eventloop_lag_seconds')).toBe('GAUGE');
    expect(metrics.typeOf('formwell_queue_jobs')).toBe('GAUGE');
    expect(metrics.value('formwell_queue_jobs', { queue: 'email', state: 'delayed' })).toBe(1);
    expect(metrics.value('formwell_queue_jobs', { queue: 'webhook', state: 'waiting' })).toBe(0);
    const series = metrics.labelSets('formwell_queue_jobs').map(({ queue, state }) => `${queue}/${state}`);
    expect(series).toEqual(expect.arrayContaining(['webhook/failed', 'email/active', 'maintenance/waiting']));
  });

  test('a real delivery counts success; an endpoint that keeps failing counts its attempts and gives up', async () => {
    const good = await startReceiver();
    const bad = await startReceiver((_, res) => res.writeHead(500).end('down'));
    receivers.push(good, bad);
    const producer = createJobProducer(connection);
    const delivered = await ownerWithEndpoint(config, good.url);
    const failing = await ownerWithEndpoint(config, bad.url);
    // A PRO owner who asked for notifications: the first submission owes an email too.
    await updateForm({
      config,
      userId: delivered.user.id,
      formId: delivered.form.id,
      data: { emailSettings: { developerNotificationsEnabled: true } },
    });
    const first = await submit(config, delivered);
    const second = await submit(config, failing);

    // Stored with pending entries and not yet handed over: the backlog shows them.
    const before = await scrape();
    expect(before.value('formwell_outbox_pending_submissions')).toBeGreaterThanOrEqual(2);
    expect(before.value('formwell_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    await enqueueOutbox({ producer, items: [...first.outbox, ...second.outbox] });
    await producer.close();
    const settled = async (submissionId: string) => {
      const doc = await SubmissionModel.findById(submissionId).lean();

      return doc?.outbox.every((entry) => entry.status === 'done' || entry.attempts >= 8) ? true : undefined;
    };
    await waitFor(() => settled(first.response.submissionId), 60_000);
    await waitFor(() => settled(second.response.submissionId), 60_000);
    await waitFor(
      async () =>
        (await scrape()).value('formwell_webhook_deliveries_total', { outcome: 'gave_up' })
          ? true
          : undefined,
      60_000,
    );

    const after = await scrape();
    expect(after.typeOf('formwell_webhook_deliveries_total')).toBe('COUNTER');
    expect(after.value('formwell_webhook_deliveries_total', { outcome: 'success' })).toBe(1);
    expect(after.value('formwell_webhook_deliveries_total', { outcome: 'failed_attempt' })).toBe(7);
    expect(after.value('formwell_webhook_deliveries_total', { outcome: 'gave_up' })).toBe(1);
    expect(bad.requests).toHaveLength(8);
    // No SMTP_URL: each owed email (a PRO owner's notification) is captured in the email log.
    const owedEmails = [...first.outbox, ...second.outbox].filter((item) => item.kind !== 'webhook');
    expect(owedEmails.length).toBeGreaterThan(0);
    expect(after.typeOf('formwell_emails_total')).toBe('COUNTER');
    expect(after.value('formwell_emails_total', { outcome: 'captured' })).toBe(owedEmails.length);
    expect(after.value('formwell_outbox_pending_submissions')).toBeLessThan(
      before.value('formwell_outbox_pending_submissions'),
    );
  }, 120_000);
});
