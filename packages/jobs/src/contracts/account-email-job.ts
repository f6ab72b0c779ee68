import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';

/** Send one account email (invitation, verification, reset): its stored message's id only. */
const ZAccountEmailJobSchema = z.strictObject({
  emailId: ZObjectIdString,
});

export type TAccountEmailJob = z.infer<typeof ZAccountEmailJobSchema>;

export const accountEmailJob = defineJob({
  queue: QueueName.email,
  name: 'send-account-email',
  schema: ZAccountEmailJobSchema,
  jobId: (data) => `account-email-${data.emailId}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
