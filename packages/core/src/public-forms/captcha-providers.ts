import { z } from 'zod';

const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;

export const ZCaptchaProviderSchema = z.enum(CAPTCHA_PROVIDERS);

export type TCaptchaProvider = z.infer<typeof ZCaptchaProviderSchema>;

/** The form field each provider's widget fills with its token. */
export const CAPTCHA_TOKEN_FIELDS: Record<TCaptchaProvider, string> = {
  turnstile: 'cf-turnstile-response',
  hcaptcha: 'h-captcha-response',
  recaptcha: 'g-recaptcha-response',
};

/** The providers' own verification endpoints (each can be replaced through the environment). */
export const DEFAULT_CAPTCHA_VERIFY_URLS: Record<TCaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};
