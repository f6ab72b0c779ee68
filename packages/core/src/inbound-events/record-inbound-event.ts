import { inboundEventRepository } from '@formwell/db';

import { parseInput } from '../errors/parse-input.js';
import { ZWebhookPayloadSchema } from '../webhooks/delivery/webhook-payload.js';

/**
 * Validates a notification whose signature the caller has verified, and records it once per
 * receiver, form and submission: senders retry, so a repeat is accepted and changes nothing
 * (`recorded: false`). `receiverUserId` is the owner whose own receiver took it (see
 * inbound-receiver.ts); absent for the shared receiver of CUSTOM_WEBHOOK_SECRET.
 */
export async function recordInboundEvent({
  payload,
  receiverUserId = null,
}: {
  payload: unknown;
  receiverUserId?: string | null;
}): Promise<{ recorded: boolean }> {
  const { event, timestamp, data } = parseInput(ZWebhookPayloadSchema, payload);
  const recorded = await inboundEventRepository.recordOnce({
    submissionId: data.submissionId,
    formId: data.formId,
    event,
    occurredAt: new Date(timestamp),
    fieldsJson: JSON.stringify(data.fields),
    receiverUserId,
  });

  return { recorded };
}
