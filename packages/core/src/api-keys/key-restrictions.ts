import { z } from 'zod';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { ZIdSchema } from '../z-id.js';

/** How many forms and origins one key may be restricted to. */
export const MAX_KEY_FORM_IDS = 20;
export const MAX_KEY_ORIGINS = 20;

/**
 * A browser origin as a page sends it in `Origin`: http(s) scheme, host and optional port, nothing
 * else. Stored in the serialised form browsers send (lower-case host, default port dropped), so the
 * check is a plain comparison. A trailing slash is tolerated on input; a path, query or credentials are not.
 */
export const ZKeyOriginSchema = z
  .string()
  .trim()
  .max(300)
  .transform((value, ctx) => {
    const origin = parseOrigin(value);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: ErrorMessages.INVALID_ORIGIN });

      return z.NEVER;
    }

    return origin;
  });

function parseOrigin(value: string): string | null {
  if (!URL.canParse(value)) {
    return null;
  }
  const url = new URL(value);
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !url.username && !url.password;
  if (!bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return null;
  }

  return url.origin;
}

/** What a key may be narrowed to besides its scopes; empty or absent lists mean "any". */
export const ZKeyRestrictionsInputSchema = z.object({
  formIds: z.array(ZIdSchema).max(MAX_KEY_FORM_IDS).optional(),
  allowedOrigins: z.array(ZKeyOriginSchema).max(MAX_KEY_ORIGINS).optional(),
});

export type TKeyRestrictions = { formIds: string[]; allowedOrigins: string[] };

export type EnforceKeyRestrictionsOptions = {
  restrictions: TKeyRestrictions;
  /** The request's `Origin` header, if any. */
  origin: string | undefined;
  /**
   * Whether the endpoint acts on one form, and which (as sent; not validated yet). List endpoints
   * are not form-scoped: they narrow their results to the key's forms instead.
   */
  form: { scoped: false } | { scoped: true; formId: unknown };
};

/**
 * 403 when a restricted key is used outside its restrictions. An origin-restricted key needs an
 * `Origin` header naming one of its origins: browsers always send it on cross-origin requests, and
 * a request without one (a server, curl, a same-origin page) cannot prove where it comes from, so
 * it is refused rather than trusted. A form-restricted key may only name one of its forms.
 */
export function enforceKeyRestrictions({ restrictions, origin, form }: EnforceKeyRestrictionsOptions): void {
  const { allowedOrigins, formIds } = restrictions;
  if (allowedOrigins.length > 0 && (origin === undefined || !allowedOrigins.includes(origin))) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.API_KEY_ORIGIN_NOT_ALLOWED });
  }
  if (form.scoped && formIds.length > 0) {
    const formId = typeof form.formId === 'string' ? form.formId.toLowerCase() : null;
    if (formId === null || !formIds.includes(formId)) {
      throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.API_KEY_FORM_NOT_ALLOWED });
    }
  }
}
