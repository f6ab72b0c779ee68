import { Queue } from 'bullmq';
import type { z } from 'zod';

import type { TJobContract } from './contracts/define-job.js';
import { defaultJobOptions } from './job-defaults.js';
import { QUEUE_PREFIX, type TQueueName } from './queue-names.js';
import type { TRedisClient } from './redis-connection.js';

export type TJobProducer = {
  /**
   * Validates `data` with the contract, then adds the job under its deterministic id: adding the
   * same job again while it exists (waiting, delayed, active, finished) is a no-op. `delayMs` holds
   * the job back that long (a job due at a given time, such as the end of an hour).
   */
  enqueue<TSchema extends z.ZodType>(
    contract: TJobContract<TSchema>,
    data: z.input<TSchema>,
    timing?: { delayMs?: number },
  ): Promise<void>;
  close(): Promise<void>;
};

/**
 * Producers for every queue on one Redis connection. The caller owns the connection, closes it
 * and logs its errors; the queues repeat those errors, so they are only handed to `onError`
 * (unheard, a queue prints them to stderr).
 */
export function createJobProducer(
  connection: TRedisClient,
  { onError = () => undefined }: { onError?: (error: Error) => void } = {},
): TJobProducer {
  const queues = new Map<TQueueName, Queue>();
  const queueOf = (name: TQueueName) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix: QUEUE_PREFIX, defaultJobOptions });
      queue.on('error', onError);
      queues.set(name, queue);
    }

    return queue;
  };

  return {
    async enqueue(contract, input, { delayMs } = {}) {
      const data = contract.schema.parse(input);
      await queueOf(contract.queue).add(contract.name, data, {
        ...contract.options,
        ...(delayMs !== undefined && delayMs > 0 ? { delay: delayMs } : {}),
        jobId: contract.jobId(data),
      });
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}
