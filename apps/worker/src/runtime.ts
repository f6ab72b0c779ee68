import { connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import { QUEUE_PREFIX, createWorkerConnection } from '@formwell/jobs';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';

import { startHeartbeat } from './heartbeat.js';
import { scheduleMaintenance } from './schedule-maintenance.js';
import { dispatchJob } from './processors/dispatch.js';
import { processorRegistry, type ProcessorRegistry } from './processors/registry.js';

export type StartWorkerRuntimeOptions = {
  mongoUri: string;
  redisUrl: string;
  logger: Logger;
  concurrency?: number;
  registry?: ProcessorRegistry;
  /** Register the periodic sweeps (off in tests that run their own registry). */
  scheduleSweeps?: boolean;
};

export type WorkerRuntime = { workers: Worker[]; stop(): Promise<void> };

/**
 * Connects to MongoDB and Redis and starts one BullMQ worker per queue of the registry.
 * `stop()` closes in the order BullMQ recommends: workers (finishing their current jobs), then the
 * heartbeat, then the Redis and MongoDB connections.
 */
export async function startWorkerRuntime(options: StartWorkerRuntimeOptions): Promise<WorkerRuntime> {
  const {
    mongoUri,
    redisUrl,
    logger,
    concurrency = 10,
    registry = processorRegistry,
    scheduleSweeps = true,
  } = options;
  await connectDatabase({ uri: mongoUri });
  await ensureIndexes();
  const connection = createWorkerConnection(redisUrl);
  connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));

  const workers = Object.entries(registry).map(([queueName, handlers]) => {
    const worker = new Worker(queueName, (job) => dispatchJob(handlers, job, logger), {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency,
    });
    worker.on('error', (error) => logger.error({ err: error, queue: queueName }, 'worker error'));
    worker.on('failed', (job, error) =>
      logger.warn({ err: error, queue: queueName, jobId: job?.id }, 'job attempt failed'),
    );

    return worker;
  });
  if (scheduleSweeps) {
    await scheduleMaintenance(connection);
  }
  const heartbeat = await startHeartbeat(connection, logger);
  logger.info({ queues: workers.map((worker) => worker.name) }, 'worker started');

  return {
    workers,
    async stop() {
      await Promise.all(workers.map((worker) => worker.close()));
      await heartbeat.stop();
      connection.disconnect();
      await disconnectDatabase();
      logger.info('worker stopped');
    },
  };
}
