import { z } from 'zod';

/** The one event a form submission notification carries. */
export const SUBMISSION_CREATED_EVENT = 'form.submission.created';

/**
 * The submission notification, as our outbound webhooks send it and the custom receiver accepts it.
 * Ids are the sender's (possibly another deployment), so only their length is bounded.
 */
export const ZCustomWebhookPayloadSchema = z.object({
  event: z.literal(SUBMISSION_CREATED_EVENT),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.object({
    formId: z.string().min(1).max(64),
    submissionId: z.string().min(1).max(64),
    fields: z.record(z.string(), z.unknown()),
  }),
});

export type TCustomWebhookPayload = z.infer<typeof ZCustomWebhookPayloadSchema>;
