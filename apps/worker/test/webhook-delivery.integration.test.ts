import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';

import { enqueueOutbox, loadConfig } from '@formwell/core';
import { EmailLogModel, SubmissionModel, WebhookDeliveryModel, WebhookEndpointModel } from '@formwell/db';
import { QUEUE_PREFIX, webhookDeliveryJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { ownerWithEndpoint, submit } from './helpers/fixtures.js';
import { startReceiver, waitFor, type Receiver } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

// Short retry delays so a test sees every retry without waiting minutes; the schedule itself is
// the same code path (the `webhook-schedule` backoff).
const config = loadConfig({
  env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50,50,50,50' },
});
const worker = workerHarness();
const { connection, producer } = worker;
const receivers: Receiver[] = [];
// Every line the worker logs, at every level, so a test can say what never appears in them.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString('utf8'));
    callback();
  },
});

beforeAll(async () => {
  await worker.start({
    mongoUri: testMongoUri('webhook_delivery'),
    logger: pino({ level: 'trace' }, logStream),
    config,
  });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);

  return started;
}

function attemptsOf(endpointId: string) {
  return WebhookDeliveryModel.find({ endpointId }).sort({ createdAt: 1, attempt: 1 }).lean();
}

async function outboxStatus(submissionId: string) {
  const doc = await SubmissionModel.findById(submissionId).lean();

  return doc?.outbox.map((entry) => entry.status);
}

test('a delivery carries the payload, the hex HMAC and Standard Webhooks signatures', async () => {
  const target = await receiver();
  const owner = await ownerWithEndpoint(config, target.url);
  const { response, outbox } = await submit(config, owner, { message: '<script>x</script>', n: 1 });
  await enqueueOutbox({ producer, items: outbox });

  const request = await waitFor(() => target.requests[0]);
  const entryId = outbox[0]?.entryId;
  const body = request.body;
  expect(JSON.parse(body)).toEqual({
    event: 'form.submission.created',
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    data: {
      formId: owner.form.id,
      submissionId: response.submissionId,
      fields: { message: '<script>x</script>', n: 1 },
    },
  });
  const headers = request.headers as Record<string, string>;
  expect(headers['x-service-signature']).toBe(
    createHmac('sha256', owner.endpoint.secret).update(body).digest('hex'),
  );
  expect(headers['webhook-id']).toBe(`msg_${entryId}`);
  expect(new Webhook(owner.endpoint.secret).verify(body, headers)).toEqual(JSON.parse(body));
  expect(() =>
    new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(body, headers),
  ).toThrow();

  await waitFor(async () => ((await outboxStatus(response.submissionId))?.[0] === 'done' ? true : undefined));
  const attempts = await attemptsOf(owner.endpoint.id);
  expect(attempts.map((a) => [a.status, a.httpStatus, a.attempt])).toEqual([['success', 200, 1]]);
  // The log keeps neither the secret nor a signature.
  expect(JSON.stringify(attempts)).not.toContain(owner.endpoint.secret.slice(6));
  expect(JSON.stringify(attempts)).not.toContain(headers['x-service-signature']);

  // Enqueueing the same entry again delivers nothing more.
  await enqueueOutbox({ producer, items: outbox });
  await enqueueOutbox({ producer, items: outbox });
  expect(target.requests).toHaveLength(1);
});

test('failing twice then answering 200: three attempts, one webhook-id, one success', async () => {
  const target = await receiver((index, res) => {
    res.statusCode = index < 2 ? 503 : 200;
    res.end(index < 2 ? 'busy'.repeat(600) : 'thanks');
  });
  const owner = await ownerWithEndpoint(config, target.url);
  const { response, outbox } = await submit(config, owner);
  await enqueueOutbox({ producer, items: outbox });

  await waitFor(async () => ((await outboxStatus(response.submissionId))?.[0] === 'done' ? true : undefined));
  const attempts = await attemptsOf(owner.endpoint.id);
  expect(attempts.map((a) => [a.attempt, a.status, a.httpStatus])).toEqual([
    [1, 'failed', 503],
    [2, 'failed', 503],
    [3, 'success', 200],
  ]);
  expect(attempts[0]?.responseBody).toHaveLength(1024);
  expect(new Set(target.requests.map((r) => r.headers['webhook-id']))).toEqual(
    new Set([`msg_${outbox[0]?.entryId}`]),
  );
  expect(target.requests).toHaveLength(3);
});

test('410 disables the endpoint at once and stops the retries', async () => {
  const target = await receiver((_, res) => {
    res.statusCode = 410;
    res.end();
  });
  const owner = await ownerWithEndpoint(config, target.url);
  const { response, outbox } = await submit(config, owner);
  await enqueueOutbox({ producer, items: outbox });

  await waitFor(async () => ((await outboxStatus(response.submissionId))?.[0] === 'done' ? true : undefined));
  expect((await WebhookEndpointModel.findById(owner.endpoint.id).lean())?.enabled).toBe(false);
  // The owner is told; with no SMTP server configured the message is captured in the email log.
  const notice = await waitFor(
    async () => (await EmailLogModel.findOne({ userId: owner.user.id }).lean()) ?? undefined,
  );
  expect(notice).toMatchObject({
    kind: 'webhook.endpoint-disabled',
    status: 'captured',
    subject: 'A webhook endpoint was disabled',
  });
  expect(notice.text).toContain(target.url);
  expect(notice.text).toContain('410 Gone');
  expect((await attemptsOf(owner.endpoint.id)).map((a) => [a.status, a.httpStatus])).toEqual([
    ['failed', 410],
  ]);
  expect(target.requests).toHaveLength(1);
});

test('a redirect is not followed: 302 counts as a failed attempt', async () => {
  const target = await receiver((_, res, request) => {
    if (request.path === '/hook') {
      res.writeHead(302, { location: '/elsewhere' });
    }
    res.end();
  });
  const owner = await ownerWithEndpoint(config, target.url);
  const { outbox } = await submit(config, owner);
  await enqueueOutbox({ producer, items: outbox });

  const attempts = await waitFor(async () => {
    const found = await attemptsOf(owner.endpoint.id);

    return found.length === 8 ? found : undefined;
  });
  expect(new Set(attempts.map((a) => `${a.status} ${a.httpStatus}`))).toEqual(new Set(['failed 302']));
  expect(target.requests.every((request) => request.path === '/hook')).toBe(true);
  // Every attempt used up, the entry is closed so the sweep never starts it over.
  await waitFor(async () =>
    (await outboxStatus(outbox[0]?.submissionId ?? ''))?.[0] === 'done' ? true : undefined,
  );
});

test('credentials in the URL reach the receiver but no log line, job payload, attempt log or email', async () => {
  const password = 'pw-7Q3x9-secret';
  const token = 'tok-Z81kq-secret';
  const target = await receiver((_, res) => {
    res.statusCode = 410;
    res.end();
  });
  const port = new URL(target.url).port;
  const url = `http://hook-user:${password}@127.0.0.1:${port}/hook?token=${token}&topic=forms`;
  const owner = await ownerWithEndpoint(config, url);
  const { response, outbox } = await submit(config, owner);
  await enqueueOutbox({ producer, items: outbox });

  // The delivery itself uses the real URL: basic auth from the userinfo, the token in the query.
  const request = await waitFor(() => target.requests[0]);
  expect(request.headers.authorization).toBe(
    `Basic ${Buffer.from(`hook-user:${password}`).toString('base64')}`,
  );
  expect(request.path).toBe(`/hook?token=${token}&topic=forms`);

  await waitFor(async () => ((await outboxStatus(response.submissionId))?.[0] === 'done' ? true : undefined));
  const notice = await waitFor(
    async () => (await EmailLogModel.findOne({ userId: owner.user.id }).lean()) ?? undefined,
  );
  const masked = `http://127.0.0.1:${port}/hook/…`;
  expect(notice.text).toContain(masked);
  const attempts = await attemptsOf(owner.endpoint.id);
  expect(attempts.map((attempt) => attempt.url)).toEqual([masked]);

  // The job as Redis keeps it once the 410 failed it for good: its data and its failure text.
  const queue = new Queue(webhookDeliveryJob.queue, { connection, prefix: QUEUE_PREFIX });
  const job = await waitFor(async () => {
    const found = await queue.getJob(`webhook-${outbox[0]?.entryId}`);

    return found?.failedReason ? found : undefined;
  });
  await queue.close();
  expect(job.data).toMatchObject({ endpointId: owner.endpoint.id });
  const stored = [
    JSON.stringify([job.data, job.failedReason, job.stacktrace]),
    JSON.stringify(attempts),
    JSON.stringify(notice),
    logLines.join(''),
  ];
  for (const text of stored) {
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
  }
  // The worker did log this delivery (so the check above had lines to look at).
  expect(logLines.join('')).toContain(owner.endpoint.id);
});
