import { ZFormListItemSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import { apiKeyErrorResponses } from '../../rest/api-key-error-responses.js';

export const listFormsMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/list',
    operationId: 'v1-listForms',
    tags: ['forms'],
    summary: 'List forms',
    description:
      "The key owner's forms, newest first. Pass `nextCursor` back as `cursor` for the next page. Scope `forms:read`; rate-limited per key.",
    errorResponses: apiKeyErrorResponses,
  },
} satisfies ApiMeta;

/** Every field is optional, so the dashboard may send no input at all. */
export const ZListFormsRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema, apiKey: ZApiKeyQuerySchema })
  .prefault({});

export const ZListFormsResponseSchema = z.object({
  forms: z.array(ZFormListItemSchema),
  nextCursor: z.string().nullable(),
});
