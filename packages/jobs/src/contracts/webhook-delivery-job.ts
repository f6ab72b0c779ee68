import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';
import { ZRequestId } from './request-id.js';

/**
 * Attempts of one webhook delivery: the first try and seven retries. The delay before each retry
 * is chosen by the worker's `webhook` backoff strategy (the retry schedule lives in its config).
 */
export const WEBHOOK_DELIVERY_ATTEMPTS = 8;

/** The backoff type whose delays the worker computes (a BullMQ custom backoff). */
export const WEBHOOK_BACKOFF_TYPE = 'webhook-schedule';

/** Deliver one outbox entry (one submission to one endpoint). Ids only: the worker loads the rest. */
export const ZWebhookDeliveryJobSchema = z.strictObject({
  userId: ZObjectIdString,
  formId: ZObjectIdString,
  submissionId: ZObjectIdString,
  entryId: ZObjectIdString,
  endpointId: ZObjectIdString,
  requestId: ZRequestId.optional(),
});

export type TWebhookDeliveryJob = z.infer<typeof ZWebhookDeliveryJobSchema>;

export const webhookDeliveryJob = defineJob({
  queue: QueueName.webhook,
  name: 'deliver-webhook',
  schema: ZWebhookDeliveryJobSchema,
  // One outbox entry is one event for one endpoint, so its id names the delivery.
  jobId: (data) => `webhook-${data.entryId}`,
  options: {
    attempts: WEBHOOK_DELIVERY_ATTEMPTS,
    backoff: { type: WEBHOOK_BACKOFF_TYPE },
  },
});
