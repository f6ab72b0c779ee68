import { enqueueOutbox, loadConfig } from '@formwell/core';
import {
  connectDatabase,
  disconnectDatabase,
  ensureIndexes,
  SubmissionModel,
  WebhookDeliveryModel,
} from '@formwell/db';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { ownerWithEndpoint, submit } from './helpers/fixtures.js';
import { startReceiver, waitFor, type Receiver } from './helpers/receiver.js';
import { crash, spawnWorker, type SpawnedWorker } from './helpers/spawn-worker.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
const mongoUri = testMongoUri('worker_faults');
const workerEnv = {
  MONGODB_URI: mongoUri,
  REDIS_URL: testRedisUrl(),
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  // A dead worker's job is taken up again within a few seconds, not the default 30.
  WORKER_LOCK_DURATION_MS: '2000',
  OUTBOX_SWEEP_EVERY_MS: '500',
  OUTBOX_SWEEP_AFTER_MS: '1000',
};
const workers: SpawnedWorker[] = [];
const receivers: Receiver[] = [];

beforeAll(async () => {
  await connectDatabase({ uri: mongoUri });
  await ensureIndexes();
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => crash(worker)));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await disconnectDatabase();
});

function startWorker() {
  const worker = spawnWorker(workerEnv);
  workers.push(worker);

  return worker;
}

async function delivered(submissionId: string) {
  const doc = await SubmissionModel.findById(submissionId).lean();

  return doc?.outbox.every((entry) => entry.status === 'done') ? true : undefined;
}

test('a worker killed in the middle of a delivery: delivered after the restart, one success logged', async () => {
  const first = startWorker();
  // The first request is left unanswered; the worker is killed while it waits for the answer.
  const target = await startReceiver((index, res) => {
    if (index === 0) {
      void crash(first);

      return;
    }
    res.end('ok');
  });
  receivers.push(target);
  const owner = await ownerWithEndpoint(config, target.url);
  await first.started;
  const { response, outbox } = await submit(config, owner);
  const enqueuing = workerHarness();
  await enqueueOutbox({ producer: enqueuing.producer, items: outbox });
  await enqueuing.stop();

  await waitFor(() => (first.child.signalCode === 'SIGKILL' ? true : undefined));
  await startWorker().started;
  await waitFor(() => delivered(response.submissionId), 60_000);

  const attempts = await WebhookDeliveryModel.find({ endpointId: owner.endpoint.id }).lean();
  expect(attempts.map((a) => a.status)).toEqual(['success']);
  expect(target.requests).toHaveLength(2);
  expect(new Set(target.requests.map((r) => r.headers['webhook-id']))).toEqual(
    new Set([`msg_${outbox[0]?.entryId}`]),
  );
}, 120_000);

test('a crash between the insert and the enqueue: the sweep delivers, once', async () => {
  const target = await startReceiver();
  receivers.push(target);
  const owner = await ownerWithEndpoint(config, target.url);
  // Stored with its outbox, as the submit route does, and never handed to the queue.
  const { response } = await submit(config, owner);
  if (!workers.some((worker) => worker.child.exitCode === null && worker.child.signalCode === null)) {
    await startWorker().started;
  }

  await waitFor(() => delivered(response.submissionId), 60_000);
  expect(target.requests).toHaveLength(1);
  expect(
    await WebhookDeliveryModel.countDocuments({ endpointId: owner.endpoint.id, status: 'success' }),
  ).toBe(1);
}, 120_000);
