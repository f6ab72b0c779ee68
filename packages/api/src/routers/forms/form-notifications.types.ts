import {
  ZEmailPreviewSchema,
  ZNotificationModeSchema,
  ZNotificationPreferenceViewSchema,
  ZPreviewEmailInputSchema,
} from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZListNotificationsRequestSchema = z.object({ formId: ZIdParamSchema });

export const ZListNotificationsResponseSchema = z.object({
  members: z.array(ZNotificationPreferenceViewSchema),
});

export const ZSetNotificationModeRequestSchema = z.object({
  formId: ZIdParamSchema,
  mode: ZNotificationModeSchema,
});

export const ZSetNotificationModeResponseSchema = ZNotificationPreferenceViewSchema;

export const ZPreviewEmailRequestSchema = ZPreviewEmailInputSchema.extend({ formId: ZIdParamSchema });

export const ZPreviewEmailResponseSchema = ZEmailPreviewSchema;
