import type { TFormRecord } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { isHoneypotFilled, loadFormForSubmit, type TClientInfo } from '../submissions/submit-form.js';
import { refusingAs, SubmitRefusal } from '../submissions/submit-refusal.js';
import { admitEmbedRequest } from './admit-embed-submit.js';

/**
 * The embed-key rules of a multipart `POST /api/v1/forms/submit`, checked at its first file part
 * on the fields sent before it, so that a request they refuse has no byte of its files stored:
 * the key's own form (404, or 403 for another's), opted in (404), the CAPTCHA token before the
 * files (400) and good (403). Returns the CAPTCHA's verdict (for the submit, so the token is
 * verified once), whether the honeypot caught a bot (whose files are read and dropped), and the
 * form it read, for the upload target, so the request reads it once.
 */
export async function admitEmbedUpload({
  config,
  workspaceId,
  formId,
  fieldsBefore,
  client,
}: {
  config: TCoreConfig;
  /** The key's workspace (the tenant, from the admitted key only). */
  workspaceId: string;
  formId: string;
  fieldsBefore: Record<string, unknown>;
  client: TClientInfo;
}): Promise<{ captcha: 'passed' | 'none'; honeypot: boolean; form: TFormRecord }> {
  const form = await refusingAs(SubmitRefusal.form, () => loadFormForSubmit({ userId: workspaceId, formId }));
  const honeypot = isHoneypotFilled(fieldsBefore._gotcha);
  const captcha = await admitEmbedRequest({
    config,
    form,
    body: fieldsBefore,
    client,
    honeypot,
    beforeFiles: true,
  });

  return { captcha, honeypot, form };
}
