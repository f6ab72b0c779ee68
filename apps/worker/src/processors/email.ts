import {
  sendDigest,
  sendDeveloperSummary,
  sendSubmissionEmail,
  type TConfirmationCap,
  type TCoreConfig,
  type TMailer,
} from '@formwell/core';
import {
  developerSummaryJob,
  digestJob,
  parseJobData,
  submissionEmailJob,
  type TJobProducer,
} from '@formwell/jobs';

import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import type { JobProcessor } from './job-processor.js';
import { isLastAttempt, settleEmailJob } from './settle-email-job.js';

const HOUR_MS = 3_600_000;

export type EmailProcessorOptions = {
  config: TCoreConfig;
  mailer: TMailer;
  /** Where a capped hour's summary is scheduled. */
  producer: TJobProducer;
  /** The time the hourly cap is judged at (a test's clock; the system clock otherwise). */
  now: () => Date;
  metrics: WorkerJobMetrics;
  confirmationCap: TConfirmationCap;
};

/**
 * One email per job: a submission's confirmation or notification, or the summary of an hour in which
 * the notification cap was reached (scheduled for the end of that hour).
 */
export function emailProcessors({
  config,
  mailer,
  producer,
  now,
  metrics,
  confirmationCap,
}: EmailProcessorOptions): Record<string, JobProcessor> {
  return {
    [submissionEmailJob.name]: async (job, logger) => {
      const data = parseJobData(submissionEmailJob, job.data);
      const at = now();
      const outcome = await sendSubmissionEmail({
        job: data,
        mailer,
        config,
        lastAttempt: isLastAttempt(job),
        confirmationCap,
        now: at,
        scheduleSummary: (hourStart) =>
          producer.enqueue(
            developerSummaryJob,
            { userId: data.userId, formId: data.formId, hourStart: hourStart.getTime() },
            { delayMs: hourStart.getTime() + HOUR_MS - at.getTime() },
          ),
      });

      return settleEmailJob(outcome, { logger, metrics }, { kind: data.kind });
    },
    [developerSummaryJob.name]: async (job, logger) => {
      const data = parseJobData(developerSummaryJob, job.data);
      const outcome = await sendDeveloperSummary({
        job: data,
        mailer,
        config,
        lastAttempt: isLastAttempt(job),
        now: now(),
      });

      return settleEmailJob(outcome, { logger, metrics }, { kind: 'developer-summary', formId: data.formId });
    },
    [digestJob.name]: async (job, logger) => {
      const data = parseJobData(digestJob, job.data);
      const outcome = await sendDigest({
        job: data,
        mailer,
        config,
        lastAttempt: isLastAttempt(job),
        now: now(),
      });

      return settleEmailJob(
        outcome,
        { logger, metrics },
        { kind: `digest-${data.cadence}`, formId: data.formId },
      );
    },
  };
}
