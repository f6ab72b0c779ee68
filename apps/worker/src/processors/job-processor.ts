import type { Job } from 'bullmq';
import type { Logger } from 'pino';

/**
 * A job handler: gets the job, a logger bound to it and the worker's lock token (to move the job
 * itself, e.g. back to delayed); throws to have BullMQ retry.
 */
export type JobProcessor = (job: Job, logger: Logger, token?: string) => Promise<unknown>;
