import { ZFormDetailSchema, ZFormSchema, ZUpdateFormInputSchema } from '@formwell/core';
import { z } from 'zod';

import { apiKeyErrorResponses, bodyErrorResponses } from '../../rest/api-key-error-responses.js';
import { ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';

export const updateFormMeta = {
  openapi: {
    method: 'PATCH',
    path: '/forms/{formId}',
    operationId: 'v1-updateForm',
    tags: ['forms'],
    summary: 'Change a form',
    description:
      "Changes any of the form's writable properties; those left out keep their value, `fields` replaces the whole list, `emailSettings` and `publicSubmissions` change only the keys sent. Answers the Form as the get-form endpoint does. Turning `emailSettings.enabled` (the submitter's confirmation) on needs STANDARD or PRO, `emailSettings.developerNotificationsEnabled` (the owner's notification) PRO; a switch already on may stay on after a downgrade. Another user's form is 404, as on get-form. Scope `forms:write`. Sending `emailSettings.developerEmail`, `replyTo`, `notificationTemplate` or `confirmationTemplate` also needs scope `submissions:read` (they decide where and what submissions are mailed), else 403 `Insufficient scope: submissions:read`. Rate-limited per key.",
    errorResponses: {
      ...apiKeyErrorResponses,
      403: 'Insufficient scope, a key restricted to other forms or origins, an email setting or a file field the plan does not include',
      404: 'Form or user not found',
      ...bodyErrorResponses,
    },
  },
  restOutput: ZFormSchema,
} satisfies ApiMeta;

/**
 * The path's form id beside the changes: the id names the form and is never one of its writable
 * properties, so an update cannot move or re-own a form.
 */
export const ZUpdateFormRequestSchema = ZUpdateFormInputSchema.extend({ formId: ZPathIdParamSchema });

/** A session gets the editor's read of the form, a key the Form of the contract (as get-form). */
export const ZUpdateFormResponseSchema = z.union([ZFormDetailSchema, ZFormSchema]);
