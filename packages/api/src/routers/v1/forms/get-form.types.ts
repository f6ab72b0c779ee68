import { ZFormViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZIdParamSchema } from '../../../schemas/z-query.js';
import type { ApiMeta } from '../../../trpc.js';

export const getFormMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}',
    tags: ['forms'],
    summary: 'Get a form',
    description:
      "One form of the key owner, with its fields and settings. Another user's form is 404. Scope `forms:read`; rate-limited per key and form.",
    errorResponses: {
      400: 'Invalid parameters',
      401: 'Missing or invalid key',
      403: 'Insufficient scope',
      404: 'Form or user not found',
      429: 'Rate limit exceeded',
    },
  },
} satisfies ApiMeta;

export const ZGetFormRequestSchema = z.object({
  formId: ZIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZGetFormResponseSchema = ZFormViewSchema;
