import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';

import { maskUrlCredentials } from '@formwell/local-services';

import { parseWorkerEnv } from './env.js';
import { startWorkerRuntime } from './runtime.js';

/** Entry point of the worker process. */
async function main() {
  const env = parseWorkerEnv();
  const logger = pino({ level: env.LOG_LEVEL, name: 'worker' });
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  const starting = startWorkerRuntime({
    mongoUri: env.MONGODB_URI,
    redisUrl: env.REDIS_URL,
    redisCluster: env.REDIS_CLUSTER,
    logger,
    concurrency: env.WORKER_CONCURRENCY,
    concurrencyByQueue: env.concurrencyByQueue,
    config: env.coreConfig,
    outboxSweepEveryMs: env.OUTBOX_SWEEP_EVERY_MS,
    outboxSweepAfterMs: env.OUTBOX_SWEEP_AFTER_MS,
    lockDurationMs: env.WORKER_LOCK_DURATION_MS,
    mailFrom: env.MAIL_FROM,
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.WORKER_METRICS_PORT === undefined
      ? {}
      : {
          metrics: {
            port: env.WORKER_METRICS_PORT,
            host: env.WORKER_METRICS_HOST,
            ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
          },
        }),
  });

  // Installed before the runtime says it started, so a signal at any moment stops it cleanly.
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) {
      logger.error({ err }, 'closing after an unexpected error');
    } else {
      logger.info({ signal }, 'shutting down');
    }
    await (await starting).stop();
  });
  await starting;
}

main().catch((error: unknown) => {
  // A bad connection string can end up in the message; its password must not reach the logs.
  const reason = error instanceof Error ? error.message : String(error);
  console.error('formwell worker failed to start:', maskUrlCredentials(reason));
  process.exit(1);
});
