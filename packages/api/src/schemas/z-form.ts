import { ZFormTypeSchema } from '@formwell/core';
import { z } from 'zod';

/** The nine form types: core's one definition. */
export { ZFormTypeSchema };

/** Element of Form.fields (service-interface "Field"). */
export const ZFormFieldSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    label: z.string(),
    type: z.string(),
    required: z.boolean(),
    placeholder: z.string().optional(),
    options: z.array(z.string()).optional(),
    products: z.array(z.unknown()).optional(),
    displayMode: z.string().optional(),
    productIds: z.array(z.unknown()).optional(),
  })
  .meta({ id: 'FormField' });

/** The Form object of GET /api/v1/forms/{formId} (service-interface "Form"). */
export const ZFormSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    formType: ZFormTypeSchema,
    formTypeDisplay: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    submissionCount: z.number(),
    fields: z.array(ZFormFieldSchema),
    emailSettings: z.object({ enabled: z.boolean(), developerNotificationsEnabled: z.boolean() }),
    usersJoinedSettings: z.object({ enabled: z.boolean(), count: z.number() }).nullable(),
    formTypeSpecific: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Form' });

/** Element of the forms list (decisions §6). */
export const ZFormListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    formType: ZFormTypeSchema,
    submissionCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FormListItem' });

/** The owner's full view of a form (dashboard): the Form plus every stored setting. */
export const ZFormDetailSchema = ZFormSchema.extend({
  settings: z.object({ usersJoined: z.object({ enabled: z.boolean() }).nullable() }),
  emailSettingsFull: z.object({
    enabled: z.boolean(),
    developerNotificationsEnabled: z.boolean(),
    developerEmail: z.string().nullable(),
    subject: z.string().nullable(),
    replyTo: z.string().nullable(),
  }),
  uniqueEmail: z.boolean(),
  retentionDays: z.number().nullable(),
});
