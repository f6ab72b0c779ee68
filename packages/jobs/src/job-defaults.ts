import type { DefaultJobOptions } from 'bullmq';

/** Defaults for every job: retried with exponential backoff, history bounded by age and count. */
export const defaultJobOptions: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};
