import { ZFormReadSchema, ZFormSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import { apiKeyErrorResponses } from '../../rest/api-key-error-responses.js';

export const getFormMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}',
    operationId: 'v1-getForm',
    tags: ['forms'],
    summary: 'Get a form',
    description:
      "One form of the key owner, with its fields and settings. Another user's form is 404. Scope `forms:read`; rate-limited per key and form.",
    errorResponses: { ...apiKeyErrorResponses, 404: 'Form or user not found' },
  },
  restOutput: ZFormSchema,
} satisfies ApiMeta;

export const ZGetFormRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

/**
 * A key's holder gets the Form of the contract; a session the editor's read (every stored setting
 * and the spam count), which the actor decides (seesFormSettings). The fuller read is tried first,
 * so it is not cut down to the Form; the document states the Form alone (`restOutput`).
 */
export const ZGetFormResponseSchema = z.union([ZFormReadSchema, ZFormSchema]);
