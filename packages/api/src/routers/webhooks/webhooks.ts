import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listInboundEvents,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  ZWebhookEndpointViewSchema,
  ZWebhookEndpointWithSecretSchema,
} from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import {
  ZCreateWebhookRequestSchema,
  ZDeleteWebhookResponseSchema,
  ZEndpointRequestSchema,
  ZFormRequestSchema,
  ZListInboundEventsRequestSchema,
  ZListInboundEventsResponseSchema,
  ZListWebhooksResponseSchema,
  ZUpdateWebhookRequestSchema,
} from './webhooks.types.js';

// The dashboard's webhook screens (session cookie): the same core functions as the REST routes,
// with the owner taken from the session.

export const listWebhooksRoute = authedProcedure
  .input(ZFormRequestSchema)
  .output(ZListWebhooksResponseSchema)
  .query(async ({ ctx, input }) => ({
    webhooks: await listWebhookEndpoints({ userId: ctx.user.id, formId: input.formId }),
  }));

export const createWebhookRoute = authedProcedure
  .input(ZCreateWebhookRequestSchema)
  .output(ZWebhookEndpointWithSecretSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, url, description, enabled, events, headers } = input;
    const created = await createWebhookEndpoint({
      config: ctx.services.config,
      userId: ctx.user.id,
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

export const getWebhookRoute = authedProcedure
  .input(ZEndpointRequestSchema)
  .output(ZWebhookEndpointViewSchema)
  .query(({ ctx, input }) =>
    getWebhookEndpoint({ userId: ctx.user.id, formId: input.formId, endpointId: input.id }),
  );

export const updateWebhookRoute = authedProcedure
  .input(ZUpdateWebhookRequestSchema)
  .output(ZWebhookEndpointViewSchema)
  .mutation(({ ctx, input }) =>
    updateWebhookEndpoint({
      userId: ctx.user.id,
      formId: input.formId,
      endpointId: input.id,
      data: input.data,
    }),
  );

export const deleteWebhookRoute = authedProcedure
  .input(ZEndpointRequestSchema)
  .output(ZDeleteWebhookResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const deleted = await deleteWebhookEndpoint({
      userId: ctx.user.id,
      formId: input.formId,
      endpointId: input.id,
    });
    ctx.logger.info({ formId: input.formId, webhookId: input.id }, 'webhook endpoint deleted');

    return deleted;
  });

export const rotateWebhookSecretRoute = authedProcedure
  .input(ZEndpointRequestSchema)
  .output(ZWebhookEndpointWithSecretSchema)
  .mutation(async ({ ctx, input }) => {
    const rotated = await rotateWebhookSecret({
      userId: ctx.user.id,
      formId: input.formId,
      endpointId: input.id,
    });
    ctx.logger.info({ formId: input.formId, webhookId: input.id }, 'webhook secret rotated');

    return rotated;
  });

/** Notifications received by POST /api/webhooks/custom: staff see all, owners those of their forms. */
export const listInboundEventsRoute = authedProcedure
  .input(ZListInboundEventsRequestSchema)
  .output(ZListInboundEventsResponseSchema)
  .query(({ ctx, input }) =>
    listInboundEvents({
      user: { id: ctx.user.id, role: ctx.user.role },
      limit: input.limit,
      cursor: input.cursor,
    }),
  );
