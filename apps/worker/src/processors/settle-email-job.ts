import type { TEmailOutcome } from '@formwell/core';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';

import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';

/** True on the job's last attempt: a failure then is final. */
export const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Ends an email job from its outcome. A failure worth retrying throws so BullMQ retries with
 * backoff; a permanent one (5xx) or the last attempt throws an UnrecoverableError. Every email job
 * ends here, so its outcome is counted here.
 */
export function settleEmailJob(
  outcome: TEmailOutcome,
  { logger, metrics }: { logger: Logger; metrics: WorkerJobMetrics },
  details: object,
): TEmailOutcome {
  metrics.email(outcome);
  if (outcome.status !== 'failed') {
    logger.info({ ...details, outcome }, 'email job done');

    return outcome;
  }
  throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
}
