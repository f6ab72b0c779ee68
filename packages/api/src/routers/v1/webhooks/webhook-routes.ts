import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import {
  createWebhookMeta,
  deleteWebhookMeta,
  getWebhookMeta,
  listWebhooksMeta,
  rotateWebhookSecretMeta,
  updateWebhookMeta,
  ZCreateWebhookRequestSchema,
  ZCreateWebhookResponseSchema,
  ZDeleteWebhookRequestSchema,
  ZDeleteWebhookResponseSchema,
  ZGetWebhookRequestSchema,
  ZListWebhooksRequestSchema,
  ZListWebhooksResponseSchema,
  ZRotateWebhookSecretRequestSchema,
  ZRotateWebhookSecretResponseSchema,
  ZUpdateWebhookRequestSchema,
  ZWebhookResponseSchema,
} from './webhook-routes.types.js';

// Endpoint management under /api/v1/forms/{formId}/webhooks. The owner is the key's; the path names
// the form and endpoint, and core answers 403 for another user's form, 404 for an unknown one.
const webhooksProcedure = apiKeyProcedure(apiKeyPolicies.webhooksManage);

export const listWebhooksRoute = webhooksProcedure
  .meta(listWebhooksMeta)
  .input(ZListWebhooksRequestSchema)
  .output(ZListWebhooksResponseSchema)
  .query(async ({ ctx, input }) => ({
    webhooks: await listWebhookEndpoints({ userId: ctx.actor.userId, formId: input.formId }),
  }));

/** 201; the only answer (with rotation) that carries the secret. */
export const createWebhookRoute = webhooksProcedure
  .meta(createWebhookMeta)
  .input(ZCreateWebhookRequestSchema)
  .output(ZCreateWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, url, description, enabled, events, headers } = input;
    const created = await createWebhookEndpoint({
      config: ctx.services.config,
      userId: ctx.actor.userId,
      formId,
      url,
      description,
      enabled,
      events,
      headers,
    });
    ctx.logger.info({ formId, webhookId: created.id }, 'webhook endpoint created');

    return created;
  });

export const getWebhookRoute = webhooksProcedure
  .meta(getWebhookMeta)
  .input(ZGetWebhookRequestSchema)
  .output(ZWebhookResponseSchema)
  .query(({ ctx, input }) =>
    getWebhookEndpoint({ userId: ctx.actor.userId, formId: input.formId, endpointId: input.webhookId }),
  );

export const updateWebhookRoute = webhooksProcedure
  .meta(updateWebhookMeta)
  .input(ZUpdateWebhookRequestSchema)
  .output(ZWebhookResponseSchema)
  .mutation(({ ctx, input }) => {
    const { formId, webhookId, url, description, enabled, events, headers } = input;

    return updateWebhookEndpoint({
      userId: ctx.actor.userId,
      formId,
      endpointId: webhookId,
      data: { url, description, enabled, events, headers },
    });
  });

export const deleteWebhookRoute = webhooksProcedure
  .meta(deleteWebhookMeta)
  .input(ZDeleteWebhookRequestSchema)
  .output(ZDeleteWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId } = input;
    const deleted = await deleteWebhookEndpoint({ userId: ctx.actor.userId, formId, endpointId: webhookId });
    ctx.logger.info({ formId, webhookId }, 'webhook endpoint deleted');

    return deleted;
  });

export const rotateWebhookSecretRoute = webhooksProcedure
  .meta(rotateWebhookSecretMeta)
  .input(ZRotateWebhookSecretRequestSchema)
  .output(ZRotateWebhookSecretResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, webhookId } = input;
    const rotated = await rotateWebhookSecret({ userId: ctx.actor.userId, formId, endpointId: webhookId });
    ctx.logger.info({ formId, webhookId }, 'webhook secret rotated');

    return rotated;
  });
