import { testRedisUrl } from '@formwell/vitest-config/services';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { expect, test } from 'vitest';

import { billingEmailJob } from './contracts/billing-email-job.js';
import { submissionEmailJob } from './contracts/email-job.js';
import { parseJobData } from './contracts/parse-job-data.js';
import { webhookDeliveryJob } from './contracts/webhook-delivery-job.js';
import { createJobProducer } from './job-producer.js';
import { QUEUE_PREFIX, QueueName, type TQueueName } from './queue-names.js';
import { createWorkerConnection } from './redis-connection.js';

const id = (n: number) => n.toString(16).padStart(24, 'a');

test('a producer validates, then adds each job once under the id derived from its data', async () => {
  const connection = createWorkerConnection(testRedisUrl());
  const producer = createJobProducer(connection);
  const queue = new Queue(QueueName.webhook, { connection, prefix: QUEUE_PREFIX });
  try {
    const entryId = id(Date.now());
    const data = { userId: id(1), formId: id(2), submissionId: id(3), entryId, endpointId: id(4) };
    await producer.enqueue(webhookDeliveryJob, data);
    await producer.enqueue(webhookDeliveryJob, data);
    await producer.enqueue(webhookDeliveryJob, { ...data });

    const job = await queue.getJob(`webhook-${entryId}`);
    expect(job?.data).toEqual(data);
    expect(job?.opts.attempts).toBe(8);
    expect(job?.opts.backoff).toEqual({ type: 'webhook-schedule' });
    const all = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(
      all.filter((found) => found.data && (found.data as { entryId?: string }).entryId === entryId),
    ).toHaveLength(1);

    // Invalid data never reaches Redis: extra keys (a secret, an email), or ids that are not ids.
    await expect(
      producer.enqueue(webhookDeliveryJob, { ...data, secret: 'whsec_x' } as never),
    ).rejects.toThrow();
    await expect(
      producer.enqueue(submissionEmailJob, { ...data, kind: 'email.confirmation', email: 'a@b.c' } as never),
    ).rejects.toThrow();
    await expect(producer.enqueue(webhookDeliveryJob, { ...data, entryId: 'x' })).rejects.toThrow();
    expect(await queue.getJob('webhook-x')).toBeUndefined();
  } finally {
    await queue.close();
    await producer.close();
    connection.disconnect();
  }
});

test('a consumer parses with the same contract and fails bad data without retrying', () => {
  const data = { kind: 'email.developer', userId: id(1), formId: id(2), submissionId: id(3), entryId: id(5) };
  expect(parseJobData(submissionEmailJob, data)).toEqual(data);
  expect(() => parseJobData(submissionEmailJob, { ...data, kind: 'sms' })).toThrow(UnrecoverableError);
});

test('requeue runs a job that already ended again under its id, and leaves a live one alone', async () => {
  const connection = createWorkerConnection(testRedisUrl());
  const producer = createJobProducer(connection);
  // A queue of its own, so no other consumer takes the job; one attempt, so a failure is final.
  const contract = {
    ...billingEmailJob,
    queue: `requeue-${Date.now().toString(36)}` as TQueueName,
    options: { attempts: 1 },
  };
  const data = { emailId: id(Date.now()) };
  const queue = new Queue(contract.queue, { connection, prefix: QUEUE_PREFIX });
  let runs = 0;
  const worker = new Worker(
    contract.queue,
    () => {
      runs += 1;
      if (runs === 1) {
        return Promise.reject(new UnrecoverableError('the first run fails for good'));
      }

      return Promise.resolve(runs);
    },
    { connection, prefix: QUEUE_PREFIX, autorun: false },
  );
  const job = () => queue.getJob(contract.jobId(data));
  // How the worker's next run of the job ends.
  const nextEnd = () =>
    new Promise<string>((resolve) => {
      worker.once('completed', () => resolve('completed'));
      worker.once('failed', () => resolve('failed'));
    });
  try {
    // Waiting: a requeue adds nothing beside it.
    await producer.enqueue(contract, data);
    await producer.requeue(contract, data);
    expect(await queue.getJobCounts('waiting', 'failed', 'completed')).toEqual({
      waiting: 1,
      failed: 0,
      completed: 0,
    });

    let ended = nextEnd();
    void worker.run();
    expect(await ended).toBe('failed');
    // What a sweep's plain enqueue did: the ended job keeps its id, and nothing runs again.
    await producer.enqueue(contract, data);
    expect(await (await job())?.getState()).toBe('failed');

    ended = nextEnd();
    await producer.requeue(contract, data);
    expect(await ended).toBe('completed');
    ended = nextEnd();
    await producer.requeue(contract, data);
    expect(await ended).toBe('completed');
    expect(runs).toBe(3);
    // Each run again starts from the first attempt.
    expect((await job())?.attemptsMade).toBe(1);
  } finally {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await producer.close();
    connection.disconnect();
  }
});
