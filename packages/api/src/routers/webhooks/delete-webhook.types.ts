import { z } from 'zod';

export { ZEndpointRequestSchema as ZDeleteWebhookRequestSchema } from './webhook-ids.js';

export const ZDeleteWebhookResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
