import { ZSubmitResponseSchema } from '@formwell/core';
import { z } from 'zod';

import type { ApiMeta } from '../../trpc.js';
import {
  apiKeyErrorResponses,
  bodyErrorResponses,
  KEY_RESTRICTION_REFUSAL,
} from '../../rest/api-key-error-responses.js';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const submitFormMeta = {
  openapi: {
    method: 'POST',
    path: '/forms/submit',
    operationId: 'v1-submitForm',
    tags: ['submissions'],
    summary: 'Submit a form',
    description:
      "`data` is checked against the form's fields (400 with `fieldErrors`). Custom `redirectUrl` needs STANDARD or PRO. Scope `submissions:write`; rate-limited per key.",
    successDescription: 'Created',
    errorResponses: {
      ...apiKeyErrorResponses,
      400: 'Invalid parameters or submission data',
      403: `Form of another user, insufficient scope, ${KEY_RESTRICTION_REFUSAL}, or monthly quota reached`,
      404: 'Form or user not found',
      409: 'A submission with this email already exists for this form',
      ...bodyErrorResponses,
    },
  },
  successStatus: 201,
} satisfies ApiMeta;

export const ZSubmitFormRequestSchema = z.object({
  formId: ZIdParamSchema,
  data: z.record(z.string(), z.unknown()),
  // Core refuses anything but an absolute http(s) URL; the document says so.
  redirectUrl: z
    .string()
    .max(2048)
    .meta({ format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://[^/?#]+' })
    .nullable()
    .optional(),
});

export const ZSubmitFormResponseSchema = ZSubmitResponseSchema;
