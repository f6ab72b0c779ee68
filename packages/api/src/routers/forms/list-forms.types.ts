import { ZFormListItemSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListFormsRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListFormsResponseSchema = z.object({
  forms: z.array(ZFormListItemSchema),
  nextCursor: z.string().nullable(),
});
