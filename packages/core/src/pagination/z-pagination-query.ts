import { z } from 'zod';

import { ErrorMessages } from '../errors/error-messages.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './resolve-page-request.js';

/**
 * `limit` of every list: an integer 1..100 written in decimal digits, default 50; any
 * other value is a 400 with the INVALID_LIMIT text. A query string is read only when it is digits
 * alone, so `1e1`, `0x10`, ` 5`, `5.0` and `` are refused where `z.coerce.number()` would take
 * them; a number (a JSON/RPC caller) is taken as is and range-checked.
 */
export const ZPageLimitQuerySchema = z
  .union([z.number(), z.string().regex(/^[0-9]+$/, ErrorMessages.INVALID_LIMIT)], {
    error: ErrorMessages.INVALID_LIMIT,
  })
  .optional()
  .transform((value) => (value === undefined ? DEFAULT_PAGE_LIMIT : Number(value)))
  .pipe(
    z
      .number()
      .int(ErrorMessages.INVALID_LIMIT)
      .min(1, ErrorMessages.INVALID_LIMIT)
      .max(MAX_PAGE_LIMIT, ErrorMessages.INVALID_LIMIT),
  );

/** Query shape of every list endpoint (flat, so it works as a GET query in trpc-to-openapi). */
export const ZPaginationQuerySchema = z.object({
  limit: ZPageLimitQuerySchema,
  cursor: z.string().min(1).optional(),
});

export type TPaginationQuery = z.infer<typeof ZPaginationQuerySchema>;
