import { ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZListPageRequestSchema } from '../../schemas/z-query.js';

export const ZListApiKeysRequestSchema = ZListPageRequestSchema;

export const ZListApiKeysResponseSchema = z.object({
  apiKeys: z.array(ZApiKeyViewSchema),
  nextCursor: z.string().nullable(),
});
