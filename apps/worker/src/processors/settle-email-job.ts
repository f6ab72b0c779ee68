import type { TEmailOutcome } from '@formwell/core';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';

/** True on the job's last attempt: a failure then is final. */
export const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Ends an email job from its outcome. A failure worth retrying throws so BullMQ retries with
 * backoff; a permanent one (5xx) or the last attempt throws an UnrecoverableError.
 */
export function settleEmailJob(outcome: TEmailOutcome, logger: Logger, details: object): TEmailOutcome {
  if (outcome.status !== 'failed') {
    logger.info({ ...details, outcome }, 'email job done');

    return outcome;
  }
  throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
}
