import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, ZIdSchema, ZPaginationQuerySchema } from '@formwell/core';
import { z } from 'zod';

/** Ids in procedure inputs: core's rule (a path's is checked after percent-decoding). */
export const ZIdParamSchema = ZIdSchema;

/**
 * An id in a REST path. Clients percent-encode path parameters and trpc-to-openapi hands them on
 * encoded, so the text is decoded first (`%36b04…` is `6b04…`). Text that does not decode is kept as
 * it is: it names no stored id either.
 *
 * A path names a resource, so any id that names none is that resource's 404 (`Form not found`),
 * however it is spelt: longer than an id can be too. Users-joined, whose only documented errors are
 * 401, 404 and 500, answers so; every other path id answers alike. Such an id reaches no query: the
 * repositories turn anything but a stored id's spelling into "no such document" before one.
 */
export const ZPathIdParamSchema = z
  .string()
  .transform(decodePathParameter)
  .pipe(z.string().min(1))
  // The document shows the rule on the text the client means, as a plain string parameter.
  .meta({ override: { type: 'string', minLength: 1 } });

/** The legacy `?apiKey=`, read by the auth middleware; declared so the document shows it. */
export const ZApiKeyQuerySchema = z
  .string()
  .optional()
  .meta({ description: 'Legacy key passing (deprecated; prefer the X-API-Key header).' });

/**
 * `limit` of every list, an integer 1..100 in decimal digits, default 50: core's one definition. Its
 * zod shape (digits or a number, then range-checked) renders as a union, so the document is told
 * the rule in the form clients know: an integer with its bounds and default.
 */
export const ZLimitQuerySchema = ZPaginationQuerySchema.shape.limit.meta({
  override: ({ jsonSchema }) => {
    for (const key of Object.keys(jsonSchema)) {
      delete jsonSchema[key];
    }
    Object.assign(jsonSchema, {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      default: DEFAULT_PAGE_LIMIT,
    });
  },
});

/** A previous `nextCursor` (opaque). */
export const ZCursorQuerySchema = z.string().max(200).optional();

function decodePathParameter(value: string): string {
  // Almost every id comes unencoded, and without a `%` there is nothing to decode: no call, no try.
  if (!value.includes('%')) {
    return value;
  }
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The input of the dashboard's plain lists: a page size and the previous page's cursor, both optional. */
export const ZListPageRequestSchema = z
  .object({ limit: ZLimitQuerySchema, cursor: ZCursorQuerySchema })
  .default({ limit: DEFAULT_PAGE_LIMIT });
