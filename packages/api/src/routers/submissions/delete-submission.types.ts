import { z } from 'zod';

import { bodyErrorResponsesOf } from '../../rest/api-key-error-responses.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import { submissionErrorResponses } from './get-submission.types.js';

export const deleteSubmissionMeta = {
  openapi: {
    method: 'DELETE',
    path: '/forms/{formId}/submissions/{submissionId}',
    operationId: 'v1-deleteSubmission',
    tags: ['submissions'],
    summary: 'Delete one submission',
    description:
      "Deletes the submission and its files. Another user's form is 403 as on the listing. Scope `submissions:delete` (keys made before it existed do not hold it); rate-limited per key and form.",
    successDescription: 'Deleted (no body)',
    errorResponses: { ...submissionErrorResponses, ...bodyErrorResponsesOf('DELETE') },
  },
  successStatus: 204,
} satisfies ApiMeta;

export const ZDeleteSubmissionRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  submissionId: ZPathIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZDeleteSubmissionResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
