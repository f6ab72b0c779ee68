import type { Job } from 'bullmq';
import type { Logger } from 'pino';

/** A job handler: gets the job and a logger bound to it; throws to have BullMQ retry. */
export type JobProcessor = (job: Job, logger: Logger) => Promise<unknown>;
