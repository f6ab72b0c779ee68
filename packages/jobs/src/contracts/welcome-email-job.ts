import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';

/** Send a new account its welcome email. The id only: the worker reads the address itself. */
const ZWelcomeEmailJobSchema = z.strictObject({ userId: ZObjectIdString });

export type TWelcomeEmailJob = z.infer<typeof ZWelcomeEmailJobSchema>;

export const welcomeEmailJob = defineJob({
  queue: QueueName.email,
  name: 'send-welcome-email',
  schema: ZWelcomeEmailJobSchema,
  // One welcome per account.
  jobId: (data) => `email-welcome-${data.userId}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
