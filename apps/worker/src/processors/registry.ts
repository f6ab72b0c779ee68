import { QueueName, type TQueueName } from '@formwell/jobs';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';

import { maintenanceProcessors } from './maintenance.js';

/** A job handler: gets the job and a logger bound to it; throws to have BullMQ retry. */
export type JobProcessor = (job: Job, logger: Logger) => Promise<unknown>;

/** Handlers by queue, then by job name. Later issues register theirs here. */
export type ProcessorRegistry = Partial<Record<TQueueName, Record<string, JobProcessor>>>;

export const processorRegistry: ProcessorRegistry = {
  [QueueName.maintenance]: maintenanceProcessors,
};
