import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';

/**
 * After the hourly cap of developer notifications was reached for a form: at the end of that hour,
 * send its owner one email saying how many notifications were skipped. `hourStart` is the start of
 * the clock hour (epoch milliseconds), so each form and hour has one job.
 */
const ZDeveloperSummaryJobSchema = z.strictObject({
  userId: ZObjectIdString,
  formId: ZObjectIdString,
  hourStart: z
    .number()
    .int()
    .refine((value) => value % 3_600_000 === 0, 'must be the start of an hour'),
});

export type TDeveloperSummaryJob = z.infer<typeof ZDeveloperSummaryJobSchema>;

export const developerSummaryJob = defineJob({
  queue: QueueName.email,
  name: 'send-developer-summary',
  schema: ZDeveloperSummaryJobSchema,
  jobId: (data) => `email-summary-${data.formId}-${data.hourStart}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
