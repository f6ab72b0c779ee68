import { randomBytes } from 'node:crypto';

import { BillingEmailModel, billingEmailRepository, SubmissionModel } from '@formwell/db';
import { QUEUE_PREFIX, QueueName, billingEmailJob } from '@formwell/jobs';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { expect, test } from 'vitest';

import { MaintenanceJob, maintenanceProcessors, maintenanceSchedule } from '../src/processors/maintenance.js';
import { startWorkerRuntime } from '../src/runtime.js';
import { workerHarness } from './helpers/worker-harness.js';

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
  const worker = workerHarness();
  const { producer } = worker;
  try {
    await worker.start({ mongoUri: testMongoUri('sweeps_run'), registry: {} });
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
    await worker.stop();
  }
});

test('the billing emails are swept even when the submissions outbox cannot be', async () => {
  const worker = workerHarness();
  const { producer } = worker;
  const emailQueue = worker.queue(QueueName.email);
  const objectId = () => randomBytes(12).toString('hex');
  const minuteAgo = new Date(Date.now() - 60_000);
  try {
    await worker.start({ mongoUri: testMongoUri('sweeps_apart'), registry: {} });
    // A side effect whose job the contract refuses (its request id is none): its sweep fails each run.
    await SubmissionModel.create({
      formId: objectId(),
      userId: objectId(),
      data: {},
      outbox: [{ kind: 'email.developer' }],
      hasPendingOutbox: true,
      requestId: 'not a request id',
      createdAt: minuteAgo,
    });
    const eventId = `evt_${objectId()}`;
    const emailId = await billingEmailRepository.plan({
      eventId,
      kind: 'billing.canceled',
      userId: objectId(),
      plan: 'PRO',
      attemptNumber: null,
      nextRetryAt: null,
      actionUrl: 'https://formwell.example/billing',
    });
    // Its hand-over was lost a minute ago (through the driver: the model never rewrites `createdAt`).
    await BillingEmailModel.collection.updateOne({ eventId }, { $set: { createdAt: minuteAgo } });
    const sweep = maintenanceProcessors({ producer, outboxSweepAfterMs: 30_000 })[MaintenanceJob.sweepOutbox];

    await expect(sweep?.({} as never, pino({ level: 'silent' }))).rejects.toThrow('must be a request id');
    const job = await emailQueue.getJob(billingEmailJob.jobId({ emailId }));
    expect(job?.data).toEqual({ emailId });
    await job?.remove();
  } finally {
    await worker.stop();
  }
});
