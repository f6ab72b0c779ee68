import { accountOutboxRepository } from '@formwell/db';
import type { TJobProducer } from '@formwell/jobs';

import { enqueueWelcomeEmail } from './enqueue-welcome-email.js';

/**
 * The worker's sweep of new accounts: hands over the welcome emails whose enqueue after sign-up
 * was lost (a crash, a Redis outage) or never tried (accounts made by the CLI, which has no Redis).
 * The job id is the account's, so handing one over again adds nothing. Answers how many.
 */
export async function sweepWelcomeEmails({
  producer,
  olderThanMs = 30_000,
  limit = 100,
  now = new Date(),
}: {
  producer: TJobProducer;
  olderThanMs?: number;
  limit?: number;
  now?: Date;
}): Promise<number> {
  const userIds = await accountOutboxRepository.findPendingWelcome({
    createdBefore: new Date(now.getTime() - olderThanMs),
    limit,
  });
  await Promise.all(userIds.map((userId) => enqueueWelcomeEmail({ producer, userId })));

  return userIds.length;
}
