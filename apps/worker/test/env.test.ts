import { QueueName } from '@formwell/jobs';
import { expect, test } from 'vitest';

import { parseWorkerEnv } from '../src/env.js';

const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017/formwell', REDIS_URL: 'redis://127.0.0.1:6379' };

test('each queue runs WORKER_CONCURRENCY jobs at once unless its own setting says otherwise', () => {
  expect(parseWorkerEnv(base).concurrencyByQueue).toEqual({
    [QueueName.webhook]: 10,
    [QueueName.email]: 10,
  });
  expect(
    parseWorkerEnv({ ...base, WORKER_CONCURRENCY: '4', WORKER_CONCURRENCY_WEBHOOKS: '25' })
      .concurrencyByQueue,
  ).toEqual({ [QueueName.webhook]: 25, [QueueName.email]: 4 });
  expect(parseWorkerEnv({ ...base, WORKER_CONCURRENCY_EMAILS: '2' }).concurrencyByQueue).toEqual({
    [QueueName.webhook]: 10,
    [QueueName.email]: 2,
  });
  expect(() => parseWorkerEnv({ ...base, WORKER_CONCURRENCY_WEBHOOKS: '0' })).toThrow();
});
