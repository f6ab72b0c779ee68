import { deliverOutboxWebhook, notifyEndpointDisabled, type TCoreConfig, type TMailer } from '@formwell/core';
import { parseJobData, webhookDeliveryJob } from '@formwell/jobs';
import { UnrecoverableError } from 'bullmq';

import type { WorkerJobMetrics } from '../metrics/worker-metrics.js';
import type { JobProcessor } from './job-processor.js';

/**
 * Delivers one outbox webhook per job. A failed attempt throws so BullMQ schedules the next one
 * (the `webhook-schedule` backoff); a failure that must not be retried (410, endpoint disabled,
 * last attempt) throws an UnrecoverableError. Errors carry the HTTP outcome, never the secret.
 */
export function webhookProcessors(
  config: TCoreConfig,
  mailer: TMailer,
  metrics: WorkerJobMetrics,
): Record<string, JobProcessor> {
  return {
    [webhookDeliveryJob.name]: async (job, logger) => {
      const ids = parseJobData(webhookDeliveryJob, job.data);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const outcome = await deliverOutboxWebhook({ ids, lastAttempt, config: config.webhooks });
      metrics.webhookDelivery(outcome);
      if (outcome.status !== 'failed') {
        logger.info({ endpointId: ids.endpointId, outcome }, 'webhook job done');

        return outcome;
      }
      if (outcome.disabled) {
        logger.warn({ endpointId: ids.endpointId, reason: outcome.disabled }, 'webhook endpoint disabled');
        await notifyEndpointDisabled({ ...ids, reason: outcome.disabled, mailer, config });
      }
      throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
    },
  };
}
