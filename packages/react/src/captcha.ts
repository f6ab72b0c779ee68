/**
 * The body field each CAPTCHA widget fills with its token, named as the providers' widgets name
 * them. The server reads the token under the same name, so a token picked up from a form's hidden
 * input is sent exactly as a plain HTML form would send it.
 */
export const CAPTCHA_TOKEN_FIELDS = {
  turnstile: 'cf-turnstile-response',
  hcaptcha: 'h-captcha-response',
  recaptcha: 'g-recaptcha-response',
} as const;

export type TCaptchaProvider = keyof typeof CAPTCHA_TOKEN_FIELDS;

/** A solved CAPTCHA: the provider the form is set up with and the widget's token. */
export type TCaptcha = { provider: TCaptchaProvider; token: string };

const TOKEN_FIELD_NAMES = new Set<string>(Object.values(CAPTCHA_TOKEN_FIELDS));

export function isCaptchaTokenField(name: string): boolean {
  return TOKEN_FIELD_NAMES.has(name);
}
