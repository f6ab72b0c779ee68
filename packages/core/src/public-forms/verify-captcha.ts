import type { TCaptchaProvider } from './captcha-providers.js';
import type { TPublicFormConfig } from './public-form-config.js';

export type TCaptchaVerdict = 'passed' | 'failed' | 'unavailable';

/**
 * What the visitor is told to wait when the provider is down (`Retry-After` of the 503): long
 * enough for a blip to pass, short enough that a person is still there to resubmit.
 */
export const CAPTCHA_RETRY_AFTER_SECONDS = 30;

export type VerifyCaptchaOptions = {
  config: TPublicFormConfig;
  provider: TCaptchaProvider;
  secret: string;
  token: string;
  /** The client address, which all three providers take as an optional extra check. */
  remoteIp?: string | null;
};

/**
 * Asks the provider whether a widget token is genuine. All three providers take the same
 * form-encoded `secret`, `response`, `remoteip` and answer JSON with `success`. A provider that
 * cannot be reached (or answers nonsense, or an error status) is `unavailable`, not a failed
 * visitor: the answer is a 503 asking to retry (our dependency's outage, not the visitor's fault),
 * and the form's spam count is not charged for it. Nothing from
 * the call is logged or rethrown, since the request body carries the secret.
 */
export async function verifyCaptcha({
  config,
  provider,
  secret,
  token,
  remoteIp,
}: VerifyCaptchaOptions): Promise<TCaptchaVerdict> {
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) {
    body.set('remoteip', remoteIp);
  }
  try {
    const response = await fetch(config.captchaVerifyUrls[provider], {
      method: 'POST',
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(config.captchaTimeoutMs),
    });
    if (!response.ok) {
      return 'unavailable';
    }
    const answer: unknown = await response.json();
    if (
      typeof answer !== 'object' ||
      answer === null ||
      typeof (answer as { success?: unknown }).success !== 'boolean'
    ) {
      return 'unavailable';
    }

    return (answer as { success: boolean }).success ? 'passed' : 'failed';
  } catch {
    return 'unavailable';
  }
}
