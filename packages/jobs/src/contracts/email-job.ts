import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';
import { ZRequestId } from './request-id.js';

export const EMAIL_JOB_KINDS = ['email.confirmation', 'email.developer'] as const;

/** Send one submission email (the submitter's confirmation or the owner's notification). */
export const ZSubmissionEmailJobSchema = z.strictObject({
  kind: z.enum(EMAIL_JOB_KINDS),
  userId: ZObjectIdString,
  formId: ZObjectIdString,
  submissionId: ZObjectIdString,
  entryId: ZObjectIdString,
  requestId: ZRequestId.optional(),
});

export type TSubmissionEmailJob = z.infer<typeof ZSubmissionEmailJobSchema>;

export const submissionEmailJob = defineJob({
  queue: QueueName.email,
  name: 'send-submission-email',
  schema: ZSubmissionEmailJobSchema,
  jobId: (data) => `email-${data.entryId}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
