import { ZUserViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZListPageRequestSchema } from '../../schemas/z-query.js';

export const ZListUsersRequestSchema = ZListPageRequestSchema;

export const ZListUsersResponseSchema = z.object({
  users: z.array(ZUserViewSchema),
  nextCursor: z.string().nullable(),
});
