import type { TPlanLimits } from '../config/plans.js';
import { ErrorMessages } from '../errors/error-messages.js';

export type TRedirect = { url: string; allowed: boolean; reason?: string };

/**
 * Where the submitter goes next (decisions §8): the requested URL on plans with custom redirects,
 * else the default thank-you page with `allowed: false` and the reason.
 */
export function resolveRedirect({
  redirectUrl,
  limits,
  publicUrl,
}: {
  redirectUrl: string | null | undefined;
  limits: Pick<TPlanLimits, 'customRedirect'>;
  publicUrl: string;
}): TRedirect {
  const thankYou = `${publicUrl.replace(/\/+$/, '')}/thank-you`;
  if (!redirectUrl) {
    return { url: thankYou, allowed: true };
  }
  if (!limits.customRedirect) {
    return { url: thankYou, allowed: false, reason: ErrorMessages.CUSTOM_REDIRECT_PLAN };
  }

  return { url: redirectUrl, allowed: true };
}
