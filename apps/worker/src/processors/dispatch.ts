import { ZRequestId } from '@formwell/jobs';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';

import type { JobProcessor } from './job-processor.js';

/**
 * Runs the handler registered for a job's name. An unknown name is dropped with a warning rather
 * than retried forever (it can only come from a newer or older producer).
 */
export async function dispatchJob(
  handlers: Record<string, JobProcessor>,
  job: Job,
  logger: Logger,
  token?: string,
) {
  const jobLogger = logger.child({
    queue: job.queueName,
    jobId: job.id,
    jobName: job.name,
    // The server request behind the job, when it carries one.
    ...requestIdOf(job),
  });
  const handler = handlers[job.name];
  if (!handler) {
    jobLogger.warn('no processor for this job name; dropped');

    return { dropped: true };
  }

  return handler(job, jobLogger, token);
}

/**
 * The job's `requestId` as a log field, read before the processor checks the rest of the data (so
 * even a refused job's lines carry it); absent for jobs no request made (sweeps, billing).
 */
function requestIdOf(job: Job): { requestId?: string } {
  const data: unknown = job.data;
  const parsed = ZRequestId.safeParse(
    typeof data === 'object' && data !== null && 'requestId' in data ? data.requestId : undefined,
  );

  return parsed.success ? { requestId: parsed.data } : {};
}
