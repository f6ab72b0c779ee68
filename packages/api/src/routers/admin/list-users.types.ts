import { z } from 'zod';

import { ZUserSchema } from '../../schemas/z-user.js';
import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListUsersRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListUsersResponseSchema = z.object({
  users: z.array(ZUserSchema),
  nextCursor: z.string().nullable(),
});
