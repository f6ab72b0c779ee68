import { ZSubmissionStatusSchema, ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZApiKeyQuerySchema, ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import {
  apiKeyErrorResponses,
  bodyErrorResponses,
  KEY_RESTRICTION_REFUSAL,
} from '../../rest/api-key-error-responses.js';

export const setSubmissionStatusMeta = {
  openapi: {
    method: 'PATCH',
    path: '/forms/{formId}/submissions/{submissionId}',
    operationId: 'v1-setSubmissionStatus',
    tags: ['submissions'],
    summary: 'Mark a submission spam or not spam',
    description:
      '`{status: "spam"}` files the submission in the spam folder; `{status: "inbox"}` ("not spam") moves it back. Releasing spam the classifier held back counts, charges, mails and delivers it once, like a new submission (403 when the month quota is used up). The workspace\'s spam model learns from each mark. Scope `submissions:write`; rate-limited per key and form.',
    errorResponses: {
      ...apiKeyErrorResponses,
      ...bodyErrorResponses,
      403: `Form of another user, insufficient scope, monthly quota reached, or ${KEY_RESTRICTION_REFUSAL}`,
      404: 'Submission or user not found',
      409: 'Released to a uniqueEmail form that already holds its address',
    },
  },
} satisfies ApiMeta;

export const ZSetSubmissionStatusRequestSchema = z.object({
  formId: ZPathIdParamSchema,
  submissionId: ZPathIdParamSchema,
  status: ZSubmissionStatusSchema,
  apiKey: ZApiKeyQuerySchema,
});

export const ZSetSubmissionStatusResponseSchema = ZSubmissionViewSchema;
