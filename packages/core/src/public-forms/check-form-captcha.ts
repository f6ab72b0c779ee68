import { formRepository, type TFormRecord } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { refusedAs, SubmitRefusal } from '../submissions/submit-refusal.js';
import type { TClientInfo } from '../submissions/submit-form.js';
import { CAPTCHA_TOKEN_FIELDS, ZCaptchaProviderSchema } from './captcha-providers.js';
import { CAPTCHA_RETRY_AFTER_SECONDS, verifyCaptcha } from './verify-captcha.js';

/** The names CAPTCHA widgets post their token under; never stored with a submission. */
export const CAPTCHA_TOKEN_NAMES: ReadonlySet<string> = new Set(Object.values(CAPTCHA_TOKEN_FIELDS));

/**
 * The form's CAPTCHA, for every submit that browsers make (the keyless endpoint and embed keys):
 * `none` when the form has none; `passed`; else 403 (counted as spam) or 503 when the provider
 * cannot answer (nothing counted: the visitor did nothing wrong and may resend). The token is read
 * from the body under the provider's own field name.
 */
export async function checkFormCaptcha({
  config,
  form,
  body,
  client,
}: {
  config: TCoreConfig;
  form: Pick<TFormRecord, 'id' | 'userId' | 'publicSubmissions'>;
  body: Record<string, unknown>;
  client: TClientInfo;
}): Promise<'passed' | 'none'> {
  const captcha = form.publicSubmissions.captcha;
  if (!captcha) {
    return 'none';
  }
  const provider = ZCaptchaProviderSchema.parse(captcha.provider);
  const token = body[CAPTCHA_TOKEN_FIELDS[provider]];
  const verdict =
    typeof token === 'string' && token.length > 0 && token.length <= 4096
      ? await verifyCaptcha({
          config: config.publicForms,
          provider,
          secret: captcha.secret,
          token,
          remoteIp: client.ip ?? null,
        })
      : 'failed';
  if (verdict === 'unavailable') {
    throw refusedAs(
      SubmitRefusal.captchaUnavailable,
      new AppError(AppErrorCode.SERVICE_UNAVAILABLE, {
        message: ErrorMessages.CAPTCHA_UNAVAILABLE,
        retryAfterSeconds: CAPTCHA_RETRY_AFTER_SECONDS,
      }),
    );
  }
  if (verdict === 'failed') {
    await formRepository.recordCaughtSpam({ userId: form.userId, formId: form.id });
    throw refusedAs(
      SubmitRefusal.captcha,
      new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.CAPTCHA_FAILED }),
    );
  }

  return 'passed';
}

/**
 * A multipart body is checked at its first file part: a CAPTCHA form's token must be among the
 * fields sent before it (400 otherwise), so the provider is asked before a file byte is stored.
 * A bot the honeypot caught is answered as usual and needs no token.
 */
export function requireCaptchaTokenBeforeFiles({
  form,
  fieldsBefore,
  honeypot,
}: {
  form: Pick<TFormRecord, 'publicSubmissions'>;
  fieldsBefore: Record<string, unknown>;
  honeypot: boolean;
}): void {
  const sent = [...CAPTCHA_TOKEN_NAMES].some((name) => fieldsBefore[name] !== undefined);
  if (!honeypot && form.publicSubmissions.captcha && !sent) {
    throw refusedAs(
      SubmitRefusal.validation,
      new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.CAPTCHA_TOKEN_AFTER_FILES }),
    );
  }
}

/** 404 `Public submissions are off for this form`: the form exists but takes no browser submissions. */
export function publicSubmissionsOff(): AppError {
  return refusedAs(
    SubmitRefusal.form,
    new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.PUBLIC_SUBMISSIONS_OFF }),
  );
}
