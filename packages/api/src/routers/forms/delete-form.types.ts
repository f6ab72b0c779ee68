import { z } from 'zod';

import { apiKeyErrorResponses, bodyErrorResponsesOf } from '../../rest/api-key-error-responses.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';

export const deleteFormMeta = {
  openapi: {
    method: 'DELETE',
    path: '/forms/{formId}',
    operationId: 'v1-deleteForm',
    tags: ['forms'],
    summary: 'Delete a form',
    description:
      "Deletes the form with its submissions, counters and webhook endpoints; its slot of the plan's form limit is free again. Another user's form is 404, as on get-form. Scope `forms:write`; rate-limited per key.",
    successDescription: 'Deleted (no body)',
    errorResponses: {
      ...apiKeyErrorResponses,
      404: 'Form or user not found',
      ...bodyErrorResponsesOf('DELETE'),
    },
  },
  successStatus: 204,
} satisfies ApiMeta;

export const ZDeleteFormRequestSchema = z.object({ formId: ZPathIdParamSchema, apiKey: ZApiKeyQuerySchema });

export const ZDeleteFormResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
