import { z } from 'zod';

import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './resolve-page-request.js';

/** Query shape of every list endpoint (flat, so it works as a GET query in trpc-to-openapi). */
export const ZPaginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  cursor: z.string().min(1).optional(),
});

export type TPaginationQuery = z.infer<typeof ZPaginationQuerySchema>;
