import { ZUserViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListUsersRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListUsersResponseSchema = z.object({
  users: z.array(ZUserViewSchema),
  nextCursor: z.string().nullable(),
});
