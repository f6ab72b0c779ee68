import {
  checkSchemaVersion,
  loadConfig,
  MIGRATIONS,
  webhookRetryDelay,
  type TCoreConfig,
} from '@formwell/core';
import { connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import {
  QUEUE_PREFIX,
  WEBHOOK_BACKOFF_TYPE,
  createJobProducer,
  createWorkerConnection,
  type TQueueName,
} from '@formwell/jobs';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

import { createConfirmationCap } from './email/confirmation-cap.js';
import { createOutboxClaims } from './email/outbox-claims.js';
import { DEFAULT_MAIL_FROM } from './env.js';
import { startHeartbeat } from './heartbeat.js';
import { startMetricsListener, type MetricsListener } from './metrics/metrics-listener.js';
import { createWorkerMetrics } from './metrics/worker-metrics.js';
import { createMailer } from './mailer.js';
import { MaintenanceJob, maintenanceSchedule } from './processors/maintenance.js';
import { dispatchJob } from './processors/dispatch.js';
import { buildProcessorRegistry, type ProcessorRegistry } from './processors/registry.js';
import { scheduleMaintenance } from './schedule-maintenance.js';

export type StartWorkerRuntimeOptions = {
  mongoUri: string;
  redisUrl: string;
  /** Cluster mode even when redisUrl names one node (several comma-separated nodes always are). */
  redisCluster?: boolean;
  logger: Logger;
  /** Jobs run at once per queue, unless `concurrencyByQueue` names the queue. */
  concurrency?: number;
  concurrencyByQueue?: Partial<Record<TQueueName, number>>;
  /** Plans and webhook delivery settings; the defaults when absent. */
  config?: TCoreConfig;
  registry?: ProcessorRegistry;
  /** Register the periodic sweeps (off in tests that run their own registry). */
  scheduleSweeps?: boolean;
  /** How often the outbox sweep runs, and how old a never-attempted entry must be to be swept. */
  outboxSweepEveryMs?: number;
  outboxSweepAfterMs?: number;
  /**
   * How long a job's lock lasts without renewal; a job whose worker died is taken up again by
   * another worker (or this one after a restart) within about this long.
   */
  lockDurationMs?: number;
  /** Outgoing mail server; without one, emails are captured in the email log. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The clock of time-based rules (the hourly notification cap); tests bring their own. */
  now?: () => Date;
  /** Serve `GET /metrics` on this address (port 0: any free one); no listener when absent. */
  metrics?: { port: number; host: string; token?: string };
};

export type WorkerRuntime = {
  workers: Worker[];
  /** The metrics listener's base URL (`http://host:port`), when one was asked for. */
  metricsUrl: string | null;
  stop(): Promise<void>;
};

/**
 * Connects to MongoDB and Redis and starts one BullMQ worker per queue of the registry.
 * `stop()` closes in the order BullMQ recommends: workers (finishing their current jobs), then the
 * heartbeat, then the Redis and MongoDB connections.
 */
export async function startWorkerRuntime(options: StartWorkerRuntimeOptions): Promise<WorkerRuntime> {
  const {
    mongoUri,
    redisUrl,
    redisCluster = false,
    logger,
    concurrency = 10,
    concurrencyByQueue = {},
    config = loadConfig({ env: {} }),
    scheduleSweeps = true,
    outboxSweepEveryMs = maintenanceSchedule[MaintenanceJob.sweepOutbox] ?? 15_000,
    outboxSweepAfterMs = 30_000,
    lockDurationMs = 30_000,
    smtpUrl,
    mailFrom = DEFAULT_MAIL_FROM,
  } = options;
  await connectDatabase({ uri: mongoUri });
  try {
    // Like the server, a worker refuses a database that a newer release has migrated.
    await checkSchemaVersion(MIGRATIONS);
  } catch (error) {
    await disconnectDatabase();
    throw error;
  }
  await ensureIndexes();
  const connection = createWorkerConnection(redisUrl, { cluster: redisCluster });
  connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const producer = createJobProducer(connection);
  const mailer = createMailer({ smtpUrl, from: mailFrom });
  const metrics = createWorkerMetrics(connection);
  const registry =
    options.registry ??
    buildProcessorRegistry({
      config,
      producer,
      mailer,
      outboxSweepAfterMs,
      metrics: metrics.jobs,
      confirmationCap: createConfirmationCap(connection as Redis),
      outboxClaims: createOutboxClaims(connection),
      ...(options.now ? { now: options.now } : {}),
    });

  const workers = Object.entries(registry).map(([queueName, handlers]) => {
    const worker = new Worker(queueName, (job, token) => dispatchJob(handlers, job, logger, token), {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency: concurrencyByQueue[queueName as TQueueName] ?? concurrency,
      lockDuration: lockDurationMs,
      stalledInterval: lockDurationMs,
      settings: {
        // The webhook retry schedule; other jobs use BullMQ's built-in backoffs.
        backoffStrategy: (attemptsMade, type) =>
          type === WEBHOOK_BACKOFF_TYPE ? webhookRetryDelay(config.webhooks, attemptsMade) : 0,
      },
    });
    worker.on('error', (error) => logger.error({ err: error, queue: queueName }, 'worker error'));
    worker.on('failed', (job, error) =>
      logger.warn({ err: error, queue: queueName, jobId: job?.id }, 'job attempt failed'),
    );

    return worker;
  });
  if (scheduleSweeps) {
    await scheduleMaintenance(connection, {
      ...maintenanceSchedule,
      [MaintenanceJob.sweepOutbox]: outboxSweepEveryMs,
    });
  }
  const heartbeat = await startHeartbeat(connection, logger);
  const listener: MetricsListener | null = options.metrics
    ? await startMetricsListener({ registry: metrics.registry, logger, ...options.metrics })
    : null;
  logger.info({ queues: workers.map((worker) => worker.name) }, 'worker started');

  return {
    workers,
    metricsUrl: listener?.url ?? null,
    async stop() {
      await listener?.close();
      await Promise.all(workers.map((worker) => worker.close()));
      await producer.close();
      await metrics.close();
      mailer.close();
      await heartbeat.stop();
      connection.disconnect();
      await disconnectDatabase();
      logger.info('worker stopped');
    },
  };
}
