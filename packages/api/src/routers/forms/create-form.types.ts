import { ZCreateFormInputSchema, ZFormDetailSchema, ZFormSchema } from '@formwell/core';
import { z } from 'zod';

import { apiKeyErrorResponses, bodyErrorResponses } from '../../rest/api-key-error-responses.js';
import type { ApiMeta } from '../../trpc.js';

export const createFormMeta = {
  openapi: {
    method: 'POST',
    path: '/forms',
    operationId: 'v1-createForm',
    tags: ['forms'],
    summary: 'Create a form',
    description:
      "Answers the new Form as the get-form endpoint does. `emailSettings.enabled` (the submitter's confirmation) needs STANDARD or PRO, `emailSettings.developerNotificationsEnabled` (the owner's notification) PRO. Scope `forms:write`. Sending `emailSettings.developerEmail`, `replyTo`, `notificationTemplate` or `confirmationTemplate` also needs scope `submissions:read` (they decide where and what submissions are mailed), else 403 `Insufficient scope: submissions:read`. Rate-limited per key.",
    successDescription: 'Created',
    errorResponses: {
      ...apiKeyErrorResponses,
      403: 'Insufficient scope, the form limit of the plan (`Form limit reached (N/N) for your plan`), or an email setting the plan does not include',
      ...bodyErrorResponses,
    },
  },
  successStatus: 201,
  restOutput: ZFormSchema,
} satisfies ApiMeta;

/** Core's own input schema: one definition of what a form may contain. */
export const ZCreateFormRequestSchema = ZCreateFormInputSchema;

/** A session gets the editor's read of the new form, a key the Form of the contract (as get-form). */
export const ZCreateFormResponseSchema = z.union([ZFormDetailSchema, ZFormSchema]);
