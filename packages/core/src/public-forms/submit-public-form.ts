import { formRepository, workspaceRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { isAbsoluteHttpUrl } from '../submissions/is-absolute-http-url.js';
import {
  isHoneypotFilled,
  submitForm,
  type TClientInfo,
  type TSubmitFormResult,
} from '../submissions/submit-form.js';
import { refusedAs, SubmitRefusal, type TSubmitRefusal } from '../submissions/submit-refusal.js';
import type { TSpamSignals } from '../spam/judge-submission.js';
import {
  CAPTCHA_TOKEN_NAMES,
  checkFormCaptcha,
  publicSubmissionsOff,
  requireCaptchaTokenBeforeFiles,
} from './check-form-captcha.js';
import { publicThankYouUrl } from './public-thank-you-url.js';
import { requestOrigin } from './request-origin.js';
import { formNotFound } from '../forms/load-owned-form.js';
import type { TSubmissionFiles } from '../files/z-stored-file.js';

/** Names the endpoint reads itself; they are never stored with the submission. */
const REDIRECT_FIELD = '_redirect';
const HONEYPOT_FIELD = '_gotcha';

type TRequestContext = {
  config: TCoreConfig;
  formId: string;
  /** The request's `Origin` and `Referer` headers. */
  origin?: string | null;
  referer?: string | null;
  client?: TClientInfo;
};

export type SubmitPublicFormOptions = TRequestContext & {
  /** The decoded body: name → value, repeated names already gathered into arrays. */
  body: Record<string, unknown>;
  /** The HTTP request's id, carried by the submission's outbox jobs. */
  requestId?: string;
  /** The stored values of the file fields, when the request uploaded files. */
  files?: TSubmissionFiles;
  /**
   * The CAPTCHA verdict already given for this request (admitPublicUpload asked the provider
   * before the first file was stored). A token is good for one verification only.
   */
  captcha?: 'passed' | 'none';
  /** The client address's recent rate (see TSpamSignals); the CAPTCHA's verdict is added here. */
  spamSignals?: Omit<TSpamSignals, 'captcha'>;
};

export type TSubmitPublicFormResult = TSubmitFormResult & { userId: string };

function notFound(): AppError {
  return refusedAs(SubmitRefusal.form, formNotFound());
}

function forbidden(reason: TSubmitRefusal, message: string): AppError {
  return refusedAs(reason, new AppError(AppErrorCode.FORBIDDEN, { message }));
}

/**
 * Every check of the keyless endpoint that needs no stored data: form opted in (404), allowed
 * origins (403), `_redirect` (400), then the honeypot or the CAPTCHA (403, counted as spam; 503
 * when the provider cannot answer). `body` is what was read so far; with `beforeFiles` it is the
 * fields sent before the first file, and a CAPTCHA form must have its token among them.
 */
async function admitPublicRequest({
  config,
  formId,
  body,
  origin,
  referer,
  client = {},
  captcha: known,
  beforeFiles = false,
}: TRequestContext & {
  body: Record<string, unknown>;
  captcha?: 'passed' | 'none' | undefined;
  beforeFiles?: boolean;
}) {
  const form = await formRepository.findForPublicSubmit({ formId });
  if (!form) {
    throw notFound();
  }
  if (!form.publicSubmissions.enabled) {
    throw publicSubmissionsOff();
  }
  const settings = form.publicSubmissions;
  if (settings.allowedOrigins.length > 0) {
    const from = requestOrigin({ origin, referer });
    if (from === null || !settings.allowedOrigins.includes(from)) {
      throw forbidden(SubmitRefusal.origin, ErrorMessages.PUBLIC_ORIGIN_NOT_ALLOWED);
    }
  }

  // fromEntries defines each name as an own key, so `__proto__` stays a (refused) name, not a prototype.
  const data: Record<string, unknown> = Object.fromEntries(
    Object.entries(body).filter(([name]) => name !== REDIRECT_FIELD && !CAPTCHA_TOKEN_NAMES.has(name)),
  );
  // A template's empty hidden `_redirect` means "no redirect"; anything else is checked as a URL.
  const redirect = body[REDIRECT_FIELD];
  const redirectUrl = redirect === undefined || redirect === '' ? null : redirect;
  // Refused before the CAPTCHA provider is asked: bad input costs no outside call.
  if (redirectUrl !== null && (typeof redirectUrl !== 'string' || !isAbsoluteHttpUrl(redirectUrl))) {
    throw refusedAs(
      SubmitRefusal.validation,
      new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_REDIRECT_URL }),
    );
  }
  // The redirect becomes a `Location` header: the parsed form is percent-encoded ASCII with no
  // control characters (which the URL parser drops from the raw text, but a header refuses).
  const normalizedRedirectUrl = redirectUrl === null ? null : new URL(redirectUrl).href;

  // A bot caught by the honeypot is answered (and counted) by the submit itself; the provider is
  // not asked about it.
  const honeypot = isHoneypotFilled(data[HONEYPOT_FIELD]);
  if (beforeFiles) {
    requireCaptchaTokenBeforeFiles({ form, fieldsBefore: body, honeypot });
  }
  const captcha = honeypot ? 'none' : (known ?? (await checkFormCaptcha({ config, form, body, client })));

  return { form, data, redirectUrl: normalizedRedirectUrl, captcha, honeypot };
}

/**
 * The checks of POST /f/:formId made at a multipart body's first file part, on the fields sent
 * before it, so that a request they refuse has no byte of its files stored. Returns the CAPTCHA's
 * verdict (for submitPublicForm) and whether the honeypot caught a bot (whose files are dropped).
 */
export async function admitPublicUpload(
  options: TRequestContext & { fieldsBefore: Record<string, unknown> },
): Promise<{ captcha: 'passed' | 'none'; honeypot: boolean }> {
  const { captcha, honeypot } = await admitPublicRequest({
    ...options,
    body: options.fieldsBefore,
    beforeFiles: true,
  });

  return { captcha, honeypot };
}

/**
 * POST /f/:formId, the keyless endpoint of plain HTML forms. Order: form opted in (404 otherwise,
 * `Form not found` for no form, `Public submissions are off for this form` for a form not opted in) → allowed origins (403) → CAPTCHA (403,
 * counted as spam; 503 when the provider cannot answer) → the API's own submit (validation, honeypot, quota, outbox, counters), acting
 * as the form's owner with the form's own thank-you page as the default landing.
 */
export async function submitPublicForm({
  requestId,
  files,
  spamSignals = {},
  ...request
}: SubmitPublicFormOptions): Promise<TSubmitPublicFormResult> {
  const { config, client = {} } = request;
  const { form, data, redirectUrl, captcha } = await admitPublicRequest(request);
  const user = await workspaceRepository.findById({ workspaceId: form.userId });
  if (!user) {
    throw notFound();
  }
  const result = await submitForm({
    config,
    user: { id: user.id, plan: user.plan, quotaLimit: user.quotaLimit },
    input: { formId: form.id, data, redirectUrl },
    client,
    thankYouUrl: publicThankYouUrl({ publicUrl: config.publicUrl, formId: form.id }),
    spamSignals: { ...spamSignals, captcha },
    ...(requestId === undefined ? {} : { requestId }),
    ...(files === undefined ? {} : { files }),
  });

  return { ...result, userId: user.id };
}
