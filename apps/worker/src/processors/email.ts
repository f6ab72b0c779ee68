import {
  sendDeveloperSummary,
  sendSubmissionEmail,
  sendWelcomeEmail,
  type TCoreConfig,
  type TEmailOutcome,
  type TMailer,
} from '@formwell/core';
import {
  developerSummaryJob,
  parseJobData,
  submissionEmailJob,
  welcomeEmailJob,
  type TJobProducer,
} from '@formwell/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';

import type { JobProcessor } from './registry.js';

const HOUR_MS = 3_600_000;

/** True on the job's last attempt: a failure then is final. */
const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * A failure worth retrying throws so BullMQ retries with backoff; a permanent one (5xx) or the
 * last attempt throws an UnrecoverableError.
 */
function settle(outcome: TEmailOutcome, logger: Logger, details: object): TEmailOutcome {
  if (outcome.status !== 'failed') {
    logger.info({ ...details, outcome }, 'email job done');

    return outcome;
  }
  throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
}

export type EmailProcessorOptions = {
  config: TCoreConfig;
  mailer: TMailer;
  /** Where a capped hour's summary is scheduled. */
  producer: TJobProducer;
  /** The time the hourly cap is judged at (a test's clock; the system clock otherwise). */
  now: () => Date;
};

/**
 * One email per job: a submission's confirmation or notification, the summary of an hour in which
 * the notification cap was reached (scheduled for the end of that hour), or a new account's welcome.
 */
export function emailProcessors({
  config,
  mailer,
  producer,
  now,
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
        now: at,
        scheduleSummary: (hourStart) =>
          producer.enqueue(
            developerSummaryJob,
            { userId: data.userId, formId: data.formId, hourStart: hourStart.getTime() },
            { delayMs: hourStart.getTime() + HOUR_MS - at.getTime() },
          ),
      });

      return settle(outcome, logger, { kind: data.kind });
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

      return settle(outcome, logger, { kind: 'developer-summary', formId: data.formId });
    },
    [welcomeEmailJob.name]: async (job, logger) => {
      const data = parseJobData(welcomeEmailJob, job.data);
      const outcome = await sendWelcomeEmail({
        job: data,
        mailer,
        config,
        lastAttempt: isLastAttempt(job),
        now: now(),
      });

      return settle(outcome, logger, { kind: 'welcome', userId: data.userId });
    },
  };
}
