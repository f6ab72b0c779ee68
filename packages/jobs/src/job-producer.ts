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
  /**
   * For a sweep handing over work its own record still calls owed: like `enqueue`, except that a
   * job of that id which already ended (completed, or failed for good) runs again from its first
   * attempt. `enqueue` would leave such a job as it is (BullMQ keeps ended jobs for days under
   * their id), and the work would stay undone. A job waiting, delayed or running is left alone, so
   * one job at most works on it; the handler must do nothing for work already done.
   */
  requeue<TSchema extends z.ZodType>(contract: TJobContract<TSchema>, data: z.input<TSchema>): Promise<void>;
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

  const add = <TSchema extends z.ZodType>(
    contract: TJobContract<TSchema>,
    data: z.infer<TSchema>,
    delayMs?: number,
  ) =>
    queueOf(contract.queue).add(contract.name, data, {
      ...contract.options,
      ...(delayMs !== undefined && delayMs > 0 ? { delay: delayMs } : {}),
      jobId: contract.jobId(data),
    });

  return {
    async enqueue(contract, input, { delayMs } = {}) {
      await add(contract, contract.schema.parse(input), delayMs);
    },
    async requeue(contract, input) {
      const data = contract.schema.parse(input);
      const ended = await queueOf(contract.queue).getJob(contract.jobId(data));
      const state = ended ? await ended.getState() : null;
      if (ended && (state === 'completed' || state === 'failed')) {
        // Moves the job back to waiting only if it is still in that state (one Redis script):
        // another sweep that got there first, or the job's removal meanwhile, makes it throw, and
        // the add below then finds the job already waiting, or adds it anew.
        await ended
          .retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true })
          .catch(() => undefined);
      }
      await add(contract, data);
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}
