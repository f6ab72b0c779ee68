import { testRedisUrl } from '@formwell/vitest-config/services';
import { Queue, UnrecoverableError } from 'bullmq';
import { expect, test } from 'vitest';

import { submissionEmailJob } from './contracts/email-job.js';
import { parseJobData } from './contracts/parse-job-data.js';
import { webhookDeliveryJob } from './contracts/webhook-delivery-job.js';
import { createJobProducer } from './job-producer.js';
import { QUEUE_PREFIX, QueueName } from './queue-names.js';
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
