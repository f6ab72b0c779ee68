import {
  type TEmailOutcome,
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
  SUBMISSION_EMAIL_FIRST_RETRY_MS,
  submissionEmailJob,
  submissionEmailRetryJob,
  submissionEmailsJob,
  type TJobProducer,
  type TSubmissionEmailJob,
} from '@formwell/jobs';
import { DelayedError } from 'bullmq';
import type { Logger } from 'pino';

import type { TOutboxClaims } from '../email/outbox-claims.js';
import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import type { JobProcessor } from './job-processor.js';
import { isLastAttempt, settleEmailJob } from './settle-email-job.js';

const HOUR_MS = 3_600_000;
/** How soon an email's job looks again at an entry another job was sending. */
const CLAIMED_ENTRY_RECHECK_MS = 30_000;

export type EmailProcessorOptions = {
  config: TCoreConfig;
  mailer: TMailer;
  /** Where a capped hour's summary is scheduled. */
  producer: TJobProducer;
  /** The time the hourly cap is judged at (a test's clock; the system clock otherwise). */
  now: () => Date;
  metrics: WorkerJobMetrics;
  confirmationCap: TConfirmationCap;
  /** Keeps two jobs from sending one outbox entry at once. */
  outboxClaims: TOutboxClaims;
};

/**
 * One email per job: a submission's confirmation or notification, or the summary of an hour in which
 * the notification cap was reached (scheduled for the end of that hour); and the first try of the
 * emails the server handed off within one window, in one job.
 */
export function emailProcessors({
  config,
  mailer,
  producer,
  now,
  metrics,
  confirmationCap,
  outboxClaims,
}: EmailProcessorOptions): Record<string, JobProcessor> {
  const send = (data: TSubmissionEmailJob, lastAttempt: boolean) => {
    const at = now();

    return sendSubmissionEmail({
      job: data,
      mailer,
      config,
      lastAttempt,
      confirmationCap,
      now: at,
      scheduleSummary: (hourStart) =>
        producer.enqueue(
          developerSummaryJob,
          { userId: data.userId, formId: data.formId, hourStart: hourStart.getTime() },
          { delayMs: hourStart.getTime() + HOUR_MS - at.getTime() },
        ),
    });
  };

  /**
   * One email's first try inside a window's job, claimed just for its own send. Held by another
   * job: that one sends it. Failed and worth retrying (a throw included): its own job takes over,
   * its first retry's wait later. A permanent failure is recorded by the send, as in its own job.
   */
  const firstTry = async (item: TSubmissionEmailJob, holder: string, logger: Logger) => {
    if (!(await outboxClaims.take(item.entryId, holder))) {
      logger.info({ kind: item.kind }, 'email entry held by another job; left to it');

      return;
    }
    try {
      const outcome = await send(item, false).catch((error: unknown): TEmailOutcome => ({
        status: 'failed',
        retry: true,
        error: String(error),
      }));
      metrics.email(outcome);
      logger.info({ kind: item.kind, outcome }, 'email of a window done');
      if (outcome.status === 'failed' && outcome.retry) {
        await producer.enqueue(submissionEmailRetryJob, item, { delayMs: SUBMISSION_EMAIL_FIRST_RETRY_MS });
      }
    } finally {
      await outboxClaims.release(item.entryId, holder);
    }
  };

  return {
    [submissionEmailJob.name]: async (job, logger, token) => {
      const data = parseJobData(submissionEmailJob, job.data);
      const holder = holderOf(job.id);
      if (!(await outboxClaims.take(data.entryId, holder))) {
        // Another job is sending it right now: this one looks again later, without spending one of
        // its tries (a claim left by a worker that died lasts longer than all of them).
        await job.moveToDelayed(Date.now() + CLAIMED_ENTRY_RECHECK_MS, token);
        throw new DelayedError();
      }
      try {
        return settleEmailJob(await send(data, isLastAttempt(job)), { logger, metrics }, { kind: data.kind });
      } finally {
        await outboxClaims.release(data.entryId, holder);
      }
    },
    [submissionEmailsJob.name]: async (job, logger) => {
      const { items } = parseJobData(submissionEmailsJob, job.data);
      const holder = holderOf(job.id);
      // One after the other: a window's job is one of the worker's concurrent jobs, as each of its
      // emails was when it had a job of its own.
      for (const item of items) {
        // Each email's lines carry its own submission's request id: the window's job has none.
        const itemLogger = logger.child({
          entryId: item.entryId,
          ...(item.requestId === undefined ? {} : { requestId: item.requestId }),
        });
        await firstTry(item, holder, itemLogger);
      }

      return { emails: items.length };
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

/** Claims are held in a job's name: a stalled job, run again, finds its own claims its own. */
const holderOf = (jobId: string | undefined) => `job:${jobId ?? ''}`;
