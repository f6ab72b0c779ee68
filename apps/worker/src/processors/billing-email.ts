import { sendBillingEmail, type TMailer } from '@formwell/core';
import { billingEmailJob, parseJobData } from '@formwell/jobs';
import { UnrecoverableError } from 'bullmq';

import type { JobProcessor } from './registry.js';

/**
 * Sends one billing email per job (payment failed, canceled, reactivated, welcome). A failure worth
 * retrying throws so BullMQ retries with backoff; a permanent one or the last attempt throws an
 * UnrecoverableError.
 */
export function billingEmailProcessors(mailer: TMailer): Record<string, JobProcessor> {
  return {
    [billingEmailJob.name]: async (job, logger) => {
      const data = parseJobData(billingEmailJob, job.data);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const outcome = await sendBillingEmail({ job: data, mailer, lastAttempt });
      if (outcome.status !== 'failed') {
        logger.info({ outcome }, 'billing email job done');

        return outcome;
      }
      throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
    },
  };
}
