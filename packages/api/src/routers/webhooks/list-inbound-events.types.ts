import { ZInboundEventViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZListPageRequestSchema } from '../../schemas/z-query.js';

export const ZListInboundEventsRequestSchema = ZListPageRequestSchema;

export const ZListInboundEventsResponseSchema = z.object({
  events: z.array(ZInboundEventViewSchema),
  nextCursor: z.string().nullable(),
});
