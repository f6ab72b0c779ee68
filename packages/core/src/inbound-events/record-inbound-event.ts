import { inboundEventRepository } from '@formwell/db';

import { parseInput } from '../errors/parse-input.js';
import { ZWebhookPayloadSchema } from '../webhooks/delivery/webhook-payload.js';

/**
 * Validates a notification whose signature the caller has verified, and records it once per
 * submission: senders retry, so a repeat is accepted and changes nothing (`recorded: false`).
 */
export async function recordInboundEvent({ payload }: { payload: unknown }): Promise<{ recorded: boolean }> {
  const { event, timestamp, data } = parseInput(ZWebhookPayloadSchema, payload);
  const recorded = await inboundEventRepository.recordOnce({
    submissionId: data.submissionId,
    formId: data.formId,
    event,
    occurredAt: new Date(timestamp),
    fieldsJson: JSON.stringify(data.fields),
  });

  return { recorded };
}
