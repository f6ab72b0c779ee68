import type { TFormRecord } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TSpamSignals } from '../spam/judge-submission.js';
import type { TClientInfo } from '../submissions/submit-form.js';
import {
  CAPTCHA_TOKEN_NAMES,
  checkFormCaptcha,
  publicSubmissionsOff,
  requireCaptchaTokenBeforeFiles,
} from './check-form-captcha.js';

/**
 * The rules of a browser page's submit made with an origin-restricted (embed) key, on the fields
 * read so far: the form opted in to public submissions (404), then its CAPTCHA (403). With
 * `beforeFiles` they are a multipart body's fields before its first file, where a CAPTCHA form's
 * token must be (400). A verdict given earlier for the same request is reused (a token verifies
 * once); a bot the honeypot caught is answered by the submit itself, and the provider is not asked.
 */
export async function admitEmbedRequest({
  config,
  form,
  body,
  client,
  honeypot,
  captcha: known,
  beforeFiles = false,
}: {
  config: TCoreConfig;
  form: TFormRecord;
  body: Record<string, unknown>;
  client: TClientInfo;
  honeypot: boolean;
  captcha?: 'passed' | 'none' | undefined;
  beforeFiles?: boolean;
}): Promise<'passed' | 'none'> {
  if (!form.publicSubmissions.enabled) {
    throw publicSubmissionsOff();
  }
  if (beforeFiles) {
    requireCaptchaTokenBeforeFiles({ form, fieldsBefore: body, honeypot });
  }

  return honeypot ? 'none' : (known ?? (await checkFormCaptcha({ config, form, body, client })));
}

/**
 * A submit made with an embed key comes from a browser page, like one to POST /f/ (see
 * admitEmbedRequest). The per-address limit is the transport's. Returns the data without the
 * CAPTCHA token and the signals with the CAPTCHA's verdict.
 */
export async function admitEmbedSubmit({
  data,
  signals,
  honeypotFilled,
  ...request
}: {
  config: TCoreConfig;
  form: TFormRecord;
  data: Record<string, unknown>;
  client: TClientInfo;
  signals: TSpamSignals;
  honeypotFilled: boolean;
  /** The verdict given at a multipart body's first file part (admitEmbedUpload), if any. */
  captcha?: 'passed' | 'none' | undefined;
}): Promise<{ data: Record<string, unknown>; signals: TSpamSignals }> {
  const captcha = await admitEmbedRequest({ ...request, body: data, honeypot: honeypotFilled });

  return {
    // fromEntries keeps `__proto__` an own (refused) key, as the submit's validation expects.
    data: Object.fromEntries(Object.entries(data).filter(([name]) => !CAPTCHA_TOKEN_NAMES.has(name))),
    signals: { ...signals, captcha },
  };
}
