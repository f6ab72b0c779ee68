import type { Job } from 'bullmq';
import type { Logger } from 'pino';

import type { JobProcessor } from './registry.js';

/**
 * Runs the handler registered for a job's name. An unknown name is dropped with a warning rather
 * than retried forever (it can only come from a newer or older producer).
 */
export async function dispatchJob(handlers: Record<string, JobProcessor>, job: Job, logger: Logger) {
  const jobLogger = logger.child({ queue: job.queueName, jobId: job.id, jobName: job.name });
  const handler = handlers[job.name];
  if (!handler) {
    jobLogger.warn('no processor for this job name; dropped');

    return { dropped: true };
  }

  return handler(job, jobLogger);
}
