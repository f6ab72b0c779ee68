import { ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZIdParamSchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListSubmissionsRequestSchema = z.object({
  formId: ZIdParamSchema,
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
  email: z.string().max(320).optional(),
});

export const ZListSubmissionsResponseSchema = z.object({
  submissions: z.array(ZSubmissionViewSchema),
  nextCursor: z.string().nullable(),
});
