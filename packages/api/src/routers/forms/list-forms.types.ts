import { ZFormListItemSchema } from '@formwell/core';
import { z } from 'zod';

import { ZListPageRequestSchema } from '../../schemas/z-query.js';

export const ZListFormsRequestSchema = ZListPageRequestSchema;

export const ZListFormsResponseSchema = z.object({
  forms: z.array(ZFormListItemSchema),
  nextCursor: z.string().nullable(),
});
