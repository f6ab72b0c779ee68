import { z } from 'zod';

import { DEFAULT_CAPTCHA_VERIFY_URLS, type TCaptchaProvider } from './captcha-providers.js';

export type TPublicFormConfig = {
  /** Where each CAPTCHA provider's tokens are verified. */
  captchaVerifyUrls: Record<TCaptchaProvider, string>;
  /** Deadline of one verification call; a provider slower than this is treated as unavailable. */
  captchaTimeoutMs: number;
};

/** The environment settings of the keyless HTML endpoint (part of core's environment schema). */
export const ZPublicFormEnvSchema = z.object({
  /** Submissions per client address and form on POST /f/:formId, e.g. `20/60`. */
  RATE_LIMIT_PUBLIC_SUBMIT: z.string().optional(),
  CAPTCHA_TURNSTILE_VERIFY_URL: z.url().optional(),
  CAPTCHA_HCAPTCHA_VERIFY_URL: z.url().optional(),
  CAPTCHA_RECAPTCHA_VERIFY_URL: z.url().optional(),
  CAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
});

type TPublicFormEnv = z.infer<typeof ZPublicFormEnvSchema>;

export function buildPublicFormConfig(env: TPublicFormEnv): TPublicFormConfig {
  return {
    captchaVerifyUrls: {
      turnstile: env.CAPTCHA_TURNSTILE_VERIFY_URL ?? DEFAULT_CAPTCHA_VERIFY_URLS.turnstile,
      hcaptcha: env.CAPTCHA_HCAPTCHA_VERIFY_URL ?? DEFAULT_CAPTCHA_VERIFY_URLS.hcaptcha,
      recaptcha: env.CAPTCHA_RECAPTCHA_VERIFY_URL ?? DEFAULT_CAPTCHA_VERIFY_URLS.recaptcha,
    },
    captchaTimeoutMs: env.CAPTCHA_TIMEOUT_MS ?? 5_000,
  };
}
