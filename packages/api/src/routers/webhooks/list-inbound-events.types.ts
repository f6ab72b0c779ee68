import { ZInboundEventViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZCursorQuerySchema, ZLimitQuerySchema } from '../../schemas/z-query.js';

export const ZListInboundEventsRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: 50 });

export const ZListInboundEventsResponseSchema = z.object({
  events: z.array(ZInboundEventViewSchema),
  nextCursor: z.string().nullable(),
});
