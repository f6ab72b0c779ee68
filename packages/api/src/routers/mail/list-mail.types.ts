import { ZEmailSummaryViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListMailRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListMailResponseSchema = z.object({
  emails: z.array(ZEmailSummaryViewSchema),
  nextCursor: z.string().nullable(),
});
