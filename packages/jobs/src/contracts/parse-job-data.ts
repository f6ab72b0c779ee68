import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';

import type { TJobContract } from './define-job.js';

/**
 * The consumer's side of a contract: data that does not match can only come from a foreign or
 * outdated producer, and retrying would not fix it, so the job fails at once.
 */
export function parseJobData<TSchema extends z.ZodType>(
  contract: TJobContract<TSchema>,
  data: unknown,
): z.infer<TSchema> {
  const parsed = contract.schema.safeParse(data);
  if (!parsed.success) {
    throw new UnrecoverableError(`job data does not match ${contract.name}: ${parsed.error.message}`);
  }

  return parsed.data;
}
