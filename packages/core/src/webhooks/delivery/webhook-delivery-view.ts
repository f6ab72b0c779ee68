import type { TWebhookDeliveryRecord } from '@formwell/db';
import { z } from 'zod';

import { displayWebhookUrl } from '../display-webhook-url.js';

/** One logged attempt as owners see it (dashboard and REST). */
export const ZWebhookDeliveryViewSchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  submissionId: z.string().nullable(),
  webhookId: z.string(),
  event: z.string(),
  attempt: z.number().int(),
  status: z.enum(['success', 'failed']),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  test: z.boolean(),
  url: z.string(),
  createdAt: z.string(),
});

export type TWebhookDeliveryView = z.infer<typeof ZWebhookDeliveryViewSchema>;

export function toWebhookDeliveryView(record: TWebhookDeliveryRecord): TWebhookDeliveryView {
  return {
    id: record.id,
    endpointId: record.endpointId,
    submissionId: record.submissionId,
    webhookId: record.webhookId,
    event: record.event,
    attempt: record.attempt,
    status: record.status,
    httpStatus: record.httpStatus,
    durationMs: record.durationMs,
    responseBody: record.responseBody,
    error: record.error,
    test: record.test,
    // Attempts are stored masked; ones logged before masking existed are masked on the way out.
    url: displayWebhookUrl(record.url),
    createdAt: record.createdAt.toISOString(),
  };
}
