import { buildCoreConfig, ZCoreEnvSchema } from '@formwell/core';
import { QueueName, ZRedisEnvSchema } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

/** The sender of every email when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Formwell <no-reply@formwell.local>';

/** Where the data is; read by the worker and the local mail catcher alike. */
export const ZMongoUri = z
  .string()
  .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI');

export const ZLogLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/** Jobs one worker process runs at once on a queue. */
const ZConcurrency = z.coerce.number().int().min(1).max(100);

/** Every variable the worker reads, validated at boot; core's settings included. */

export function parseWorkerEnv(source: Record<string, string | undefined> = process.env) {
  const env = createEnv({
    server: {
      ...ZCoreEnvSchema.shape,
      MONGODB_URI: ZMongoUri,
      ...ZRedisEnvSchema.shape,
      LOG_LEVEL: ZLogLevel,
      WORKER_CONCURRENCY: ZConcurrency.default(10),
      // Per-queue overrides of WORKER_CONCURRENCY: slow receivers should not hold up emails.
      WORKER_CONCURRENCY_WEBHOOKS: ZConcurrency.optional(),
      WORKER_CONCURRENCY_EMAILS: ZConcurrency.optional(),
      // How often the outbox sweep runs and how old an unattempted entry must be before it is swept.
      OUTBOX_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(15_000),
      OUTBOX_SWEEP_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
      // A job whose worker died is taken up again after about this long.
      WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1_000).default(30_000),
      // Outgoing mail (smtp:// or smtps://); unset, emails are captured in the email log instead.
      SMTP_URL: z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
      MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
  });

  return {
    ...env,
    coreConfig: buildCoreConfig(env),
    // Queues without an override run WORKER_CONCURRENCY jobs at once.
    concurrencyByQueue: {
      [QueueName.webhook]: env.WORKER_CONCURRENCY_WEBHOOKS ?? env.WORKER_CONCURRENCY,
      [QueueName.email]: env.WORKER_CONCURRENCY_EMAILS ?? env.WORKER_CONCURRENCY,
    },
  };
}
