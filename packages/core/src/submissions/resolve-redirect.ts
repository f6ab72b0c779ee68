import type { TPlanLimits } from '../config/plans.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';
import { isAbsoluteHttpUrl } from './is-absolute-http-url.js';
import type { TRedirect } from './z-submit-response.js';

/**
 * Where the submitter goes next: the requested URL on plans with custom redirects,
 * else the default thank-you page with `allowed: false` and the reason. Only `null`/absent means "no
 * redirect requested"; anything else must be an absolute http(s) URL (400), the empty string included.
 */
export function resolveRedirect({
  redirectUrl,
  limits,
  publicUrl,
  thankYouUrl,
}: {
  redirectUrl: string | null | undefined;
  limits: Pick<TPlanLimits, 'customRedirect'>;
  publicUrl: string;
  /** The default landing when not the install's generic page (a public form's own thank-you page). */
  thankYouUrl?: string;
}): TRedirect {
  const thankYou = thankYouUrl ?? `${publicUrl.replace(/\/+$/, '')}/thank-you`;
  if (redirectUrl === null || redirectUrl === undefined) {
    return { url: thankYou, allowed: true };
  }
  if (!isAbsoluteHttpUrl(redirectUrl)) {
    throw invalidParameter('redirectUrl', ErrorMessages.INVALID_REDIRECT_URL);
  }
  if (!limits.customRedirect) {
    return { url: thankYou, allowed: false, reason: ErrorMessages.CUSTOM_REDIRECT_PLAN };
  }

  return { url: redirectUrl, allowed: true };
}
