import { QUEUE_PREFIX, QueueName } from '@formwell/jobs';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

test('sign-up owes the account a welcome email and hands it to the email queue at once, ids only', async () => {
  const { app } = await buildTestApp();
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signUp',
    headers: { 'content-type': 'application/json' },
    payload: { email: uniqueEmail('welcome'), password: 'correct horse battery' },
  });
  expect(response.statusCode).toBe(200);
  const userId = response.json<{ result: { data: { user: { id: string } } } }>().result.data.user.id;

  // The job as BullMQ stores it (a hash under the queue's prefix). The enqueue is not awaited by
  // the request, so it may land just after the answer: polled until there.
  const key = `${QUEUE_PREFIX}:${QueueName.email}:email-welcome-${userId}`;
  let job = await app.redis.hgetall(key);
  for (let tries = 0; !job.name && tries < 200; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = await app.redis.hgetall(key);
  }
  expect(job.name).toBe('send-welcome-email');
  expect(JSON.parse(job.data ?? 'null')).toEqual({ userId });
});
