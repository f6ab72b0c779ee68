import { z } from 'zod';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import { ZApiKeyQuerySchema, ZIdParamSchema } from '../../../schemas/z-query.js';

export const ZFormPathSchema = z.object({ formId: ZIdParamSchema, apiKey: ZApiKeyQuerySchema });
export const ZWebhookPathSchema = ZFormPathSchema.extend({ webhookId: ZIdParamSchema });
export const ZDeliveryPathSchema = ZWebhookPathSchema.extend({ deliveryId: ZIdParamSchema });

/**
 * Every endpoint-management route: scope `webhooks:manage`, one rate limit per key. The owner is the
 * key's; the path names the form and endpoint, and core answers 403 for another user's form.
 */
export const webhooksProcedure = apiKeyProcedure(apiKeyPolicies.webhooksManage);
