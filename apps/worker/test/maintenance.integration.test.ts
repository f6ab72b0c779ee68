import { QUEUE_PREFIX, QueueName, createJobProducer, createWorkerConnection } from '@formwell/jobs';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { expect, test } from 'vitest';

import { MaintenanceJob, maintenanceProcessors, maintenanceSchedule } from '../src/processors/maintenance.js';
import { startWorkerRuntime } from '../src/runtime.js';

test('the worker registers each sweep once, however many replicas start', async () => {
  const redisUrl = testRedisUrl();
  const logger = pino({ level: 'silent' });
  const first = await startWorkerRuntime({
    mongoUri: testMongoUri('sweeps'),
    redisUrl,
    logger,
    registry: {},
  });
  await first.stop();
  const second = await startWorkerRuntime({
    mongoUri: testMongoUri('sweeps'),
    redisUrl,
    logger,
    registry: {},
  });
  await second.stop();

  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QueueName.maintenance, { connection, prefix: QUEUE_PREFIX });
  try {
    const schedulers = await queue.getJobSchedulers();
    expect(
      schedulers.map(({ key, every }) => ({ key, every })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual(
      Object.entries(maintenanceSchedule)
        .map(([key, every]) => ({ key, every }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  } finally {
    await queue.close();
    connection.disconnect();
  }
});

test('the sweeps run against the database and report what they did', async () => {
  const runtime = await startWorkerRuntime({
    mongoUri: testMongoUri('sweeps_run'),
    redisUrl: testRedisUrl(),
    logger: pino({ level: 'silent' }),
    registry: {},
    scheduleSweeps: false,
  });
  const connection = createWorkerConnection(testRedisUrl());
  const producer = createJobProducer(connection);
  try {
    const processors = maintenanceProcessors({ producer, outboxSweepAfterMs: 30_000 });
    const reconcile = processors[MaintenanceJob.reconcileSubmissionCounters];
    const purge = processors[MaintenanceJob.purgeExpiredSubmissions];
    const sweep = processors[MaintenanceJob.sweepOutbox];
    const orphans = processors[MaintenanceJob.sweepOrphanUploads];
    const logger = pino({ level: 'silent' });

    expect(await reconcile?.({} as never, logger)).toEqual({ reconciled: 0 });
    expect(await purge?.({} as never, logger)).toEqual({ deleted: 0, spamDeleted: 0 });
    expect(await sweep?.({} as never, logger)).toEqual({ enqueued: 0, billingEmails: 0 });
    expect(await orphans?.({} as never, logger)).toEqual({ removed: 0, attached: 0 });
  } finally {
    await producer.close();
    connection.disconnect();
    await runtime.stop();
  }
});
