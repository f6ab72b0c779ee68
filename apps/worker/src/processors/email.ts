import { sendSubmissionEmail, type TCoreConfig, type TMailer } from '@formwell/core';
import { parseJobData, submissionEmailJob } from '@formwell/jobs';
import { UnrecoverableError } from 'bullmq';

import type { JobProcessor } from './registry.js';

/**
 * Sends one submission email per job. A failure worth retrying throws so BullMQ retries with
 * backoff; a permanent one (5xx) or the last attempt throws an UnrecoverableError.
 */
export function emailProcessors(config: TCoreConfig, mailer: TMailer): Record<string, JobProcessor> {
  return {
    [submissionEmailJob.name]: async (job, logger) => {
      const data = parseJobData(submissionEmailJob, job.data);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const outcome = await sendSubmissionEmail({ job: data, mailer, config, lastAttempt });
      if (outcome.status !== 'failed') {
        logger.info({ kind: data.kind, outcome }, 'email job done');

        return outcome;
      }
      throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
    },
  };
}
