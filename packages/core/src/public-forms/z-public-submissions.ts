import { z } from 'zod';

import { ZCaptchaProviderSchema } from './captcha-providers.js';

const MAX_ALLOWED_ORIGINS = 20;

/**
 * What API documents promise about an origin the check below accepts. Narrower than the check (IP
 * literals, IDNs and other ports pass it too, though not described): every origin it matches
 * passes, since its last host label starts with a letter (never read as an IPv4 number) and its
 * port has 4 digits (never a scheme's default port, which browsers leave out of `Origin`).
 */
const ORIGIN_PATTERN =
  '^[hH][tT][tT][pP][sS]?://([A-Za-z0-9-]{1,20}\\.){0,4}[A-Za-z][A-Za-z0-9-]{0,20}(:[1-9][0-9]{3})?$';

/**
 * An origin as browsers send it in `Origin`: http(s), host, optional port, nothing after. Anything
 * else could never match, so it is refused when set rather than silently locking the form.
 */
const ZOriginSchema = z
  .string()
  .trim()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);

      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.toLowerCase();
    } catch {
      return false;
    }
  }, 'Must be an origin such as https://example.com (scheme, host and port only)')
  .meta({ pattern: ORIGIN_PATTERN })
  .transform((value) => value.toLowerCase());

/** The owner's changes; absent parts stay as they are, `captcha: null` turns CAPTCHA off. */
export const ZPublicSubmissionsInputSchema = z.object({
  enabled: z.boolean().optional(),
  /** Empty: any page may post. */
  allowedOrigins: z.array(ZOriginSchema).max(MAX_ALLOWED_ORIGINS).optional(),
  captcha: z
    .object({ provider: ZCaptchaProviderSchema, secret: z.string().trim().min(1).max(500) })
    .nullable()
    .optional(),
});

/** What views show: the CAPTCHA provider, never its secret. */
export const ZPublicSubmissionsViewSchema = z.object({
  enabled: z.boolean(),
  allowedOrigins: z.array(z.string()),
  captcha: z.object({ provider: z.string() }).nullable(),
});

export type TPublicSubmissionsView = z.infer<typeof ZPublicSubmissionsViewSchema>;

export function toPublicSubmissionsView(settings: {
  enabled: boolean;
  allowedOrigins: string[];
  captcha: { provider: string } | null;
}): TPublicSubmissionsView {
  return {
    enabled: settings.enabled,
    allowedOrigins: [...settings.allowedOrigins],
    captcha: settings.captcha ? { provider: settings.captcha.provider } : null,
  };
}
