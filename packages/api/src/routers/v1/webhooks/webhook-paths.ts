import { z } from 'zod';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../../schemas/z-query.js';

export const ZFormPathSchema = z.object({ formId: ZPathIdParamSchema, apiKey: ZApiKeyQuerySchema });
export const ZWebhookPathSchema = ZFormPathSchema.extend({ webhookId: ZPathIdParamSchema });
export const ZDeliveryPathSchema = ZWebhookPathSchema.extend({ deliveryId: ZPathIdParamSchema });

/**
 * Every endpoint-management route: scope `webhooks:manage`, one rate limit per key. The owner is the
 * key's; the path names the form and endpoint, and core answers 403 for another user's form.
 */
export const webhooksProcedure = apiKeyProcedure(apiKeyPolicies.webhooksManage);
