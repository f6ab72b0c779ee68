import { z } from 'zod';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';

export const ZFormPathSchema = z.object({ formId: ZPathIdParamSchema, apiKey: ZApiKeyQuerySchema });
export const ZWebhookPathSchema = ZFormPathSchema.extend({ webhookId: ZPathIdParamSchema });
export const ZDeliveryPathSchema = ZWebhookPathSchema.extend({ deliveryId: ZPathIdParamSchema });

/**
 * Every endpoint-management operation, for the dashboard and for keys (scope `webhooks:manage`, one
 * rate limit per key). The tenant is the actor's; the path names the form and endpoint.
 */
export const webhooksProcedure = actorProcedure({ apiKey: apiKeyPolicies.webhooksManage, session: true });
