import { ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import {
  ZApiKeyQuerySchema,
  ZCursorQuerySchema,
  ZIdParamSchema,
  ZLimitQuerySchema,
} from '../../../schemas/z-query.js';
import type { ApiMeta } from '../../../trpc.js';

export const listSubmissionsMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/submissions',
    tags: ['submissions'],
    summary: 'List submissions',
    description:
      'Newest first, with optional inclusive `startDate`/`endDate` (ISO dates) and exact `email` filters. Scope `submissions:read`; rate-limited per key and form.',
    errorResponses: {
      400: 'Invalid parameters',
      401: 'Missing or invalid key',
      403: 'Form of another user, or insufficient scope',
      404: 'Form or user not found',
      429: 'Rate limit exceeded',
    },
  },
} satisfies ApiMeta;

export const ZListSubmissionsRequestSchema = z.object({
  formId: ZIdParamSchema,
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
  startDate: z.string().max(40).optional().meta({ description: 'ISO 8601 date or timestamp, inclusive' }),
  endDate: z.string().max(40).optional().meta({ description: 'ISO 8601 date or timestamp, inclusive' }),
  email: z.string().max(320).optional(),
  apiKey: ZApiKeyQuerySchema,
});

export const ZListSubmissionsResponseSchema = z.object({
  submissions: z.array(ZSubmissionViewSchema),
  nextCursor: z.string().nullable(),
});
