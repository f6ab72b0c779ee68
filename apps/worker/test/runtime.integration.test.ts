import { QUEUE_PREFIX, QueueName, createProducerConnection } from '@formwell/jobs';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Queue, QueueEvents } from 'bullmq';
import { pino } from 'pino';
import { expect, test } from 'vitest';

import { startWorkerRuntime } from '../src/runtime.js';

test('the runtime runs registered processors and drops unknown job names without retrying', async () => {
  const redisUrl = testRedisUrl();
  const seen: unknown[] = [];
  const runtime = await startWorkerRuntime({
    mongoUri: testMongoUri('worker_runtime'),
    redisUrl,
    logger: pino({ level: 'silent' }),
    scheduleSweeps: false,
    registry: {
      [QueueName.maintenance]: {
        echo: (job) => {
          seen.push(job.data);

          return Promise.resolve({ echoed: true });
        },
      },
    },
  });
  const connection = createProducerConnection(redisUrl, { enableOfflineQueue: true });
  const queue = new Queue(QueueName.maintenance, { connection, prefix: QUEUE_PREFIX });
  const events = new QueueEvents(QueueName.maintenance, {
    connection: { url: redisUrl },
    prefix: QUEUE_PREFIX,
  });
  try {
    await events.waitUntilReady();
    const known = await queue.add('echo', { n: 1 }, { attempts: 3 });
    const unknown = await queue.add('no-such-job', { n: 2 }, { attempts: 3 });

    expect(await known.waitUntilFinished(events, 10_000)).toEqual({ echoed: true });
    expect(await unknown.waitUntilFinished(events, 10_000)).toEqual({ dropped: true });
    expect(seen).toEqual([{ n: 1 }]);
    const finished = await queue.getJob(String(unknown.id));
    expect(finished?.attemptsMade).toBe(1);
  } finally {
    await events.close();
    await queue.close();
    connection.disconnect();
    await runtime.stop();
  }
});

test('each queue gets its own concurrency, the default where none is given', async () => {
  const runtime = await startWorkerRuntime({
    mongoUri: testMongoUri('worker_runtime'),
    redisUrl: testRedisUrl(),
    logger: pino({ level: 'silent' }),
    scheduleSweeps: false,
    concurrency: 2,
    concurrencyByQueue: { [QueueName.webhook]: 7 },
  });
  try {
    expect(Object.fromEntries(runtime.workers.map((worker) => [worker.name, worker.concurrency]))).toEqual({
      [QueueName.maintenance]: 2,
      [QueueName.webhook]: 7,
      [QueueName.email]: 2,
    });
  } finally {
    await runtime.stop();
  }
});
