import { sendAccountEmail, type TMailer } from '@formwell/core';
import { accountEmailJob, parseJobData } from '@formwell/jobs';

import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import type { JobProcessor } from './job-processor.js';
import { isLastAttempt, settleEmailJob } from './settle-email-job.js';

/** Sends one account email per job (invitation, address verification, password reset). */
export function accountEmailProcessors(
  mailer: TMailer,
  metrics: WorkerJobMetrics,
): Record<string, JobProcessor> {
  return {
    [accountEmailJob.name]: async (job, logger) => {
      const data = parseJobData(accountEmailJob, job.data);
      const outcome = await sendAccountEmail({ job: data, mailer, lastAttempt: isLastAttempt(job) });

      return settleEmailJob(outcome, { logger, metrics }, { kind: 'account', emailId: data.emailId });
    },
  };
}
