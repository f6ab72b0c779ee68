import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';

/** The digest cadences a member may choose for a form. */
export const DIGEST_CADENCES = ['hourly', 'daily'] as const;

/**
 * One member's digest of one form for one period (`periodStart`, epoch milliseconds, the start of a
 * UTC hour or day). The job id is derived from all four, so the same digest is enqueued once.
 */
const ZDigestJobSchema = z.strictObject({
  workspaceId: ZObjectIdString,
  formId: ZObjectIdString,
  userId: ZObjectIdString,
  cadence: z.enum(DIGEST_CADENCES),
  periodStart: z.number().int().nonnegative(),
});

export type TDigestJob = z.infer<typeof ZDigestJobSchema>;

export const digestJob = defineJob({
  queue: QueueName.email,
  name: 'send-digest',
  schema: ZDigestJobSchema,
  jobId: (data) => `digest-${data.cadence}-${data.formId}-${data.userId}-${data.periodStart}`,
  options: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
});
