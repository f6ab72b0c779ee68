import { sendBillingEmail, type TMailer } from '@formwell/core';
import { billingEmailJob, parseJobData } from '@formwell/jobs';

import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import type { JobProcessor } from './job-processor.js';
import { isLastAttempt, settleEmailJob } from './settle-email-job.js';

/** Sends one billing email per job (payment failed, canceled, reactivated, welcome after checkout). */
export function billingEmailProcessors(
  mailer: TMailer,
  metrics: WorkerJobMetrics,
): Record<string, JobProcessor> {
  return {
    [billingEmailJob.name]: async (job, logger) => {
      const data = parseJobData(billingEmailJob, job.data);
      const outcome = await sendBillingEmail({ job: data, mailer, lastAttempt: isLastAttempt(job) });

      return settleEmailJob(outcome, { logger, metrics }, { kind: 'billing', emailId: data.emailId });
    },
  };
}
