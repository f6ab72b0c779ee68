import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';

/** Send one billing email (payment failed, canceled, reactivated, welcome): its outbox id only. */
const ZBillingEmailJobSchema = z.strictObject({
  emailId: ZObjectIdString,
});

export type TBillingEmailJob = z.infer<typeof ZBillingEmailJobSchema>;

export const billingEmailJob = defineJob({
  queue: QueueName.email,
  name: 'send-billing-email',
  schema: ZBillingEmailJobSchema,
  jobId: (data) => `billing-email-${data.emailId}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
