import type { TFormRecord } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TSpamSignals } from '../spam/judge-submission.js';
import type { TClientInfo } from '../submissions/submit-form.js';
import { CAPTCHA_TOKEN_NAMES, checkFormCaptcha, publicSubmissionsOff } from './check-form-captcha.js';

/**
 * A submit made with an origin-restricted (embed) key comes from a browser page, like one to
 * POST /f/: the form must have opted in to public submissions (404), and its CAPTCHA applies (403).
 * The per-address limit is the transport's (it counts before the body is read). Returns the data
 * without the CAPTCHA token and the signals with the CAPTCHA's verdict.
 */
export async function admitEmbedSubmit({
  config,
  form,
  data,
  client,
  signals,
  honeypotFilled,
}: {
  config: TCoreConfig;
  form: TFormRecord;
  data: Record<string, unknown>;
  client: TClientInfo;
  signals: TSpamSignals;
  /** A bot the honeypot caught is answered by the submit itself; the provider is not asked. */
  honeypotFilled: boolean;
}): Promise<{ data: Record<string, unknown>; signals: TSpamSignals }> {
  if (!form.publicSubmissions.enabled) {
    throw publicSubmissionsOff();
  }
  const captcha = honeypotFilled ? 'none' : await checkFormCaptcha({ config, form, body: data, client });

  return {
    // fromEntries keeps `__proto__` an own (refused) key, as the submit's validation expects.
    data: Object.fromEntries(Object.entries(data).filter(([name]) => !CAPTCHA_TOKEN_NAMES.has(name))),
    signals: { ...signals, captcha },
  };
}
