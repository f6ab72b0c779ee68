import { ZPaginationQuerySchema } from '@formwell/core';
import { z } from 'zod';

/** Path ids: any string the router accepts; one that is no stored id is a 404, not a 400. */
export const ZIdParamSchema = z.string().min(1).max(64);

/** The legacy `?apiKey=`, read by the auth middleware; declared so the document shows it. */
export const ZApiKeyQuerySchema = z
  .string()
  .optional()
  .meta({ description: 'Legacy key passing (deprecated; prefer the X-API-Key header).' });

/** `limit` of every list, an integer 1..100 in decimal digits, default 50: core's one definition. */
export const ZLimitQuerySchema = ZPaginationQuerySchema.shape.limit;

/** A previous `nextCursor` (opaque). */
export const ZCursorQuerySchema = z.string().max(200).optional();
