import { ZWebhookEndpointViewSchema } from '@formwell/core';
import { z } from 'zod';

export { ZFormRequestSchema as ZListWebhooksRequestSchema } from './webhook-ids.js';

/** The dashboard shows at most 10 per form (the plan limit), so its list comes whole, newest first. */
export const ZListWebhooksResponseSchema = z.object({ webhooks: z.array(ZWebhookEndpointViewSchema) });
