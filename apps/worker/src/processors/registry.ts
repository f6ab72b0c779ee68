import type { TConfirmationCap, TCoreConfig, TMailer } from '@formwell/core';
import { QueueName, type TJobProducer, type TQueueName } from '@formwell/jobs';

import type { TOutboxClaims } from '../email/outbox-claims.js';
import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import { accountEmailProcessors } from './account-email.js';
import { billingEmailProcessors } from './billing-email.js';
import { emailProcessors } from './email.js';
import type { JobProcessor } from './job-processor.js';
import { maintenanceProcessors } from './maintenance.js';
import { webhookProcessors } from './webhook.js';

/** Handlers by queue, then by job name. */
export type ProcessorRegistry = Partial<Record<TQueueName, Record<string, JobProcessor>>>;

export type ProcessorRegistryOptions = {
  config: TCoreConfig;
  producer: TJobProducer;
  mailer: TMailer;
  outboxSweepAfterMs: number;
  /** The clock of time-based rules (the hourly notification cap); the system clock by default. */
  now?: () => Date;
  /** Where job outcomes are counted. */
  metrics: WorkerJobMetrics;
  /** The per-recipient caps of submitter confirmations (Redis). */
  confirmationCap: TConfirmationCap;
  /** Keeps two jobs from sending one outbox entry at once (Redis). */
  outboxClaims: TOutboxClaims;
};

/** Every queue this worker consumes and the processors of its job names. */
export function buildProcessorRegistry({
  config,
  producer,
  mailer,
  outboxSweepAfterMs,
  now = () => new Date(),
  metrics,
  confirmationCap,
  outboxClaims,
}: ProcessorRegistryOptions): ProcessorRegistry {
  return {
    [QueueName.maintenance]: maintenanceProcessors({ producer, outboxSweepAfterMs, now }),
    [QueueName.webhook]: webhookProcessors(config, mailer, metrics),
    [QueueName.email]: {
      ...emailProcessors({ config, mailer, producer, now, metrics, confirmationCap, outboxClaims }),
      ...billingEmailProcessors(mailer, metrics),
      ...accountEmailProcessors(mailer, metrics),
    },
  };
}
