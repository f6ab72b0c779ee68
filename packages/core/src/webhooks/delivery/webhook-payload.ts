import { z } from 'zod';
import { ZIdSchema } from '../../z-id.js';

/** The one event outbound webhooks carry. */
export const SUBMISSION_CREATED_EVENT = 'form.submission.created';

/**
 * The body of every outbound webhook, and what the custom receiver accepts. A received one may come
 * from another deployment or the owner's own tooling, so its ids are only bounded in length and its
 * timestamp may carry an offset.
 */
export const ZWebhookPayloadSchema = z.object({
  event: z.literal(SUBMISSION_CREATED_EVENT),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.object({
    formId: ZIdSchema,
    submissionId: ZIdSchema,
    fields: z.record(z.string(), z.unknown()),
  }),
});

export type TWebhookPayload = z.infer<typeof ZWebhookPayloadSchema>;

/** The payload of a submission; `timestamp` is when it was received, the same on every retry. */
export function submissionCreatedPayload({
  formId,
  submissionId,
  fields,
  createdAt,
}: {
  formId: string;
  submissionId: string;
  fields: Record<string, unknown>;
  createdAt: Date;
}): TWebhookPayload {
  return {
    event: SUBMISSION_CREATED_EVENT,
    timestamp: createdAt.toISOString(),
    data: { formId, submissionId, fields },
  };
}
