import { listNotificationPreferences, previewEmailTemplate, setNotificationPreference } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import {
  ZListNotificationsRequestSchema,
  ZListNotificationsResponseSchema,
  ZPreviewEmailRequestSchema,
  ZPreviewEmailResponseSchema,
  ZSetNotificationModeRequestSchema,
  ZSetNotificationModeResponseSchema,
} from './form-notifications.types.js';

/** The workspace's members and how each hears of this form's submissions (dashboard). */
export const listNotificationsRoute = sessionProcedure
  .input(ZListNotificationsRequestSchema)
  .output(ZListNotificationsResponseSchema)
  .query(async ({ ctx, input }) => ({
    members: await listNotificationPreferences({ workspaceId: ctx.actor.workspaceId, formId: input.formId }),
  }));

/**
 * The signed-in member's own choice for this form: instant, hourly or daily digest, or off. It is
 * their own mail, so any role may choose it (a viewer too); nobody sets another member's here.
 */
export const setNotificationModeRoute = sessionProcedure
  .meta({ workspaceAbility: 'read' })
  .input(ZSetNotificationModeRequestSchema)
  .output(ZSetNotificationModeResponseSchema)
  .mutation(({ ctx, input }) =>
    setNotificationPreference({
      workspaceId: ctx.actor.workspaceId,
      formId: input.formId,
      userId: ctx.user.id,
      mode: input.mode,
    }),
  );

/** The template being edited, rendered with sample data (a mutation: a body can be long). */
export const previewEmailRoute = sessionProcedure
  .meta({ workspaceAbility: 'read' })
  .input(ZPreviewEmailRequestSchema)
  .output(ZPreviewEmailResponseSchema)
  .mutation(({ ctx, input }) => {
    const { formId, ...preview } = input;

    return previewEmailTemplate({
      config: ctx.services.config,
      workspaceId: ctx.actor.workspaceId,
      formId,
      input: preview,
    });
  });
