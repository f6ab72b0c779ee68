import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

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
const mongoUri = testMongoUri('worker_shutdown');
let worker: SpawnedWorker | undefined;
let receiver: Receiver | undefined;

beforeAll(async () => {
  await connectDatabase({ uri: mongoUri });
  await ensureIndexes();
});

afterAll(async () => {
  if (worker) {
    await crash(worker);
  }
  await receiver?.close();
  await disconnectDatabase();
});

test('SIGTERM during a delivery: the delivery completes once, one success is logged, the worker exits 0', async () => {
  const running = spawnWorker({
    MONGODB_URI: mongoUri,
    REDIS_URL: testRedisUrl(),
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  });
  worker = running;
  // A slow receiver: it holds its answer until the test lets it go.
  let held: (res: ServerResponse) => void = () => undefined;
  const arrived = new Promise<ServerResponse>((resolve) => (held = resolve));
  receiver = await startReceiver((_index, res) => held(res));
  const owner = await ownerWithEndpoint(config, receiver.url);
  await running.started;
  const { response, outbox } = await submit(config, owner);
  const enqueuing = workerHarness();
  await enqueueOutbox({ producer: enqueuing.producer, items: outbox });
  await enqueuing.stop();

  // The delivery is in flight: the receiver has the request and has not answered.
  const pending = await arrived;
  const exited = once(running.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  running.child.kill('SIGTERM');
  await waitFor(() => (running.output().includes('"msg":"shutting down"') ? true : undefined));
  expect(running.child.exitCode).toBeNull();
  // Only now does the receiver answer: the stopping worker still takes the answer in.
  pending.end('ok');

  expect(await exited).toEqual([0, null]);
  expect(
    await WebhookDeliveryModel.find({ endpointId: owner.endpoint.id }, { status: 1, _id: 0 }).lean(),
  ).toEqual([{ status: 'success' }]);
  const stored = await SubmissionModel.findById(response.submissionId).lean();
  expect(stored?.outbox.map((entry) => entry.status)).toEqual(['done']);
  expect(receiver.requests).toHaveLength(1);
  expect(running.output().match(/"msg":"webhook job done"/g)).toHaveLength(1);
  expect(running.output()).toContain('"msg":"worker stopped"');
}, 120_000);
