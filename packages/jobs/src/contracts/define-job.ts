import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';

import type { TQueueName } from '../queue-names.js';

/**
 * One job kind: where it goes, its name, the shape of its data (validated by the producer before
 * enqueueing and by the consumer before running) and its id, derived from the data so enqueueing
 * the same side effect twice adds one job.
 */
export type TJobContract<TSchema extends z.ZodType> = {
  queue: TQueueName;
  name: string;
  schema: TSchema;
  jobId: (data: z.infer<TSchema>) => string;
  options: JobsOptions;
};

export function defineJob<TSchema extends z.ZodType>(contract: TJobContract<TSchema>): TJobContract<TSchema> {
  return contract;
}
