import { ZFormViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../../schemas/z-query.js';
import type { ApiMeta } from '../../../trpc.js';
import { apiKeyErrorResponses } from '../api-key-error-responses.js';

export const getFormMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}',
    tags: ['forms'],
    summary: 'Get a form',
    description:
      "One form of the key owner, with its fields and settings. Another user's form is 404. Scope `forms:read`; rate-limited per key and form.",
    errorResponses: { ...apiKeyErrorResponses, 404: 'Form or user not found' },
  },
} satisfies ApiMeta;

export const ZGetFormRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZGetFormResponseSchema = ZFormViewSchema;
