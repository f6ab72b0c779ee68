import { z } from 'zod';

import { ZIdSchema } from '../z-id.js';
import { SUBMISSION_CREATED_EVENT } from '../webhooks/delivery/webhook-payload.js';
import { ZWebhookUrlSchema } from '../webhooks/z-webhook-endpoint-input.js';

/** A REST hook subscription as Zapier, Make and n8n send it. */
export const ZCreateRestHookInputSchema = z.object({
  targetUrl: ZWebhookUrlSchema.meta({ description: 'Where each event is POSTed (the platform’s hook URL).' }),
  event: z.literal(SUBMISSION_CREATED_EVENT),
  formId: ZIdSchema.optional().meta({
    description: 'The form to follow; without it, every form of the workspace.',
  }),
});

export type TCreateRestHookInput = z.input<typeof ZCreateRestHookInputSchema>;
