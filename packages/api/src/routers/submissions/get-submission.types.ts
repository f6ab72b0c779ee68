import { ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import { apiKeyErrorResponses, KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';
import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';

export const submissionErrorResponses = {
  ...apiKeyErrorResponses,
  403: `Form of another user, insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
  404: 'Form, submission or user not found',
} as const;

export const getSubmissionMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/submissions/{submissionId}',
    operationId: 'v1-getSubmission',
    tags: ['submissions'],
    summary: 'Get one submission',
    description:
      "One submission, in the listing's element shape. Another user's form is 403 as on the listing. Scope `submissions:read`; counts in the listing's rate limit.",
    errorResponses: submissionErrorResponses,
  },
} satisfies ApiMeta;

export const ZGetSubmissionRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  submissionId: ZPathIdParamSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZGetSubmissionResponseSchema = ZSubmissionViewSchema;
