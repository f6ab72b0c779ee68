import { ZEmailSummaryViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZListPageRequestSchema } from '../../schemas/z-query.js';

export const ZListMailRequestSchema = ZListPageRequestSchema;

export const ZListMailResponseSchema = z.object({
  emails: z.array(ZEmailSummaryViewSchema),
  nextCursor: z.string().nullable(),
});
