import { ZSubmissionStatusSchema, ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import {
  ZApiKeyQuerySchema,
  ZCursorQuerySchema,
  ZPathIdParamSchema,
  ZLimitQuerySchema,
} from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import { apiKeyErrorResponses, KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';

/**
 * An inclusive date bound. Core checks it (a real calendar day, optionally followed by a time);
 * the document states the date form clients are meant to send.
 */
const ZDateQuerySchema = z
  .string()
  .max(40)
  .meta({ format: 'date', description: 'ISO 8601 date (a full timestamp is also accepted), inclusive' })
  .optional();

export const listSubmissionsMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/submissions',
    operationId: 'v1-listSubmissions',
    tags: ['submissions'],
    summary: 'List submissions',
    description:
      'Newest first, with optional inclusive `startDate`/`endDate` (ISO dates) and exact `email` filters; `status=spam` lists the spam folder instead of the inbox. Scope `submissions:read`; rate-limited per key and form.',
    errorResponses: {
      ...apiKeyErrorResponses,
      403: `Form of another user, insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
      404: 'Form or user not found',
    },
  },
} satisfies ApiMeta;

export const ZListSubmissionsRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
  startDate: ZDateQuerySchema,
  endDate: ZDateQuerySchema,
  email: z.string().max(320).optional(),
  status: ZSubmissionStatusSchema.optional().meta({
    description: 'The folder: `inbox` (default) or `spam` (held back by the spam filter or marked spam)',
  }),
  apiKey: ZApiKeyQuerySchema,
});

export const ZListSubmissionsResponseSchema = z.object({
  submissions: z.array(ZSubmissionViewSchema),
  nextCursor: z.string().nullable(),
});
