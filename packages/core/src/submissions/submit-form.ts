import {
  formRepository,
  spamFolderRepository,
  storeSubmission,
  submissionRepository,
  type TFormRecord,
} from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { formNotFound, loadOwnedForm } from '../forms/load-owned-form.js';
import type { TSubmissionFiles } from '../files/z-stored-file.js';
import type { TFormField } from '../forms/z-form-field.js';
import type { TOutboxItem } from './outbox-item.js';
import { parseUserAgent } from './parse-user-agent.js';
import { loadDeliveryTargets, planOutbox } from './plan-outbox.js';
import { resolveCountry } from './resolve-country.js';
import { resolveRedirect } from './resolve-redirect.js';
import { submissionEmail, uniqueEmailKey } from './submission-email.js';
import { refusedAs, refusingAs, SubmitRefusal } from './submit-refusal.js';
import { usageMonth } from './usage-month.js';
import { judgeSubmission, type TSpamSignals } from '../spam/judge-submission.js';
import { admitEmbedSubmit } from '../public-forms/admit-embed-submit.js';
import { validateSubmissionData } from './validate-submission-data.js';
import { ZSubmitFormInputSchema, type TSubmitFormInput } from './z-submit-form-input.js';
import type { TSubmitResponse } from './z-submit-response.js';

/** What the transport knows about the submitter; nothing here is stored raw. */
export type TClientInfo = {
  userAgent?: string | null;
  acceptLanguage?: string | null;
  /** Value of the configured trusted country header (config.trustedCountryHeader), if present. */
  trustedCountryCode?: string | null;
  /** The client address (honouring TRUST_PROXY), for the GeoIP lookup only; never stored. */
  ip?: string | null;
};

export type SubmitFormOptions = {
  /** Plan limits and the public URL (base of the default thank-you page). */
  config: TCoreConfig;
  /** The authenticated key's user (from authenticateApiKey). */
  user: { id: string; plan: TPlan; quotaLimit: number };
  input: TSubmitFormInput;
  client?: TClientInfo;
  /** Replaces the generic thank-you page as the default landing (the keyless HTML endpoint's own). */
  thankYouUrl?: string;
  /** The HTTP request's id, stored with the submission and carried by its outbox jobs. */
  requestId?: string;
  /**
   * The submitter proved something: a CAPTCHA passed, or a server-side key (not origin-restricted)
   * was used. Without it the submitter's confirmation is not sent (unless the form allows it).
   */
  submitterVerified?: boolean;
  now?: Date;
  /**
   * Where the user's form comes from: by default MongoDB (404, or 403 for another user's form);
   * the API passes a per-process copy checked against the owner's epoch (form-copy.ts in the API).
   */
  loadForm?: (ids: { userId: string; formId: string }) => Promise<TFormRecord>;
  /** The stored values of the file fields, when the request uploaded files (multipart). */
  files?: TSubmissionFiles;
  /** What the transport knows that bears on spam (a solved CAPTCHA, the address's rate). */
  spamSignals?: TSpamSignals;
  /**
   * Made with an origin-restricted (embed) key: a browser page's submit, held to the keyless
   * endpoint's rules (opt-in, CAPTCHA; see admitEmbedSubmit).
   */
  embed?: boolean;
  /**
   * An embed submit's CAPTCHA verdict given already for this request (at a multipart body's first
   * file part, see admitEmbedUpload): a token is good for one verification only.
   */
  captcha?: 'passed' | 'none';
};

/** A submit's form from MongoDB: the user's own, else 404, or 403 for another user's form. */
export const loadFormForSubmit = ({ userId, formId }: { userId: string; formId: string }) =>
  loadOwnedForm({ userId, formId, foreign: 'forbidden' });

/**
 * The response plus the outbox entries the caller hands to the job producers. The submission's
 * analytics are counted in its insert's own command (see storeSubmission), so nothing is left for
 * after the response.
 */
export type TSubmitFormResult = {
  response: TSubmitResponse;
  outbox: TOutboxItem[];
  spam: boolean;
};

/** A `_gotcha` value no person leaves behind: anything but absent, null, empty or false. */
export function isHoneypotFilled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

function invalidData(fieldErrors: Record<string, string>): AppError {
  return refusedAs(
    SubmitRefusal.validation,
    new AppError(AppErrorCode.BAD_REQUEST, {
      message: ErrorMessages.INVALID_SUBMISSION,
      details: { fieldErrors },
    }),
  );
}

function duplicateEmail(): AppError {
  return refusedAs(
    SubmitRefusal.duplicateEmail,
    new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.DUPLICATE_EMAIL }),
  );
}

/**
 * POST /api/v1/forms/submit. Order: parameters (400) → form (404 / foreign 403) → honeypot →
 * data (400) → spam verdict (spam is stored in the folder and answered as a success, nothing
 * else) → uniqueEmail (409) → quota (403, atomic), the insert carrying the outbox, the form's
 * `submissionCount` and its analytics, in one command (storeSubmission) → the caller answers.
 */
export async function submitForm({
  config,
  user,
  input,
  client = {},
  thankYouUrl,
  requestId,
  submitterVerified = false,
  now = new Date(),
  loadForm = loadFormForSubmit,
  files,
  spamSignals = {},
  embed = false,
  captcha,
}: SubmitFormOptions): Promise<TSubmitFormResult> {
  const {
    formId,
    data: sent,
    redirectUrl,
  } = await refusingAs(SubmitRefusal.validation, () => parseInput(ZSubmitFormInputSchema, input));
  const form = await refusingAs(SubmitRefusal.form, () => loadForm({ userId: user.id, formId }));
  const { data, signals } = embed
    ? await admitEmbedSubmit({
        config,
        form,
        data: sent,
        client,
        signals: spamSignals,
        honeypotFilled: isHoneypotFilled(sent._gotcha),
        captcha,
      })
    : { data: sent, signals: spamSignals };
  const limits = config.plans[user.plan];
  const redirect = resolveRedirect({ redirectUrl, limits, publicUrl: config.publicUrl, thankYouUrl });

  const { _gotcha: gotcha, ...rest } = data;
  if (isHoneypotFilled(gotcha)) {
    // Bots get the normal answer so they learn nothing; nothing is stored or sent.
    await formRepository.recordCaughtSpam({ userId: user.id, formId: form.id });
    const response: TSubmitResponse = {
      success: true,
      message: 'Form submitted successfully',
      submissionId: submissionRepository.newId(),
      redirect,
    };

    return { response, outbox: [], spam: true };
  }

  const fields = form.fields as TFormField[];
  const validation = validateSubmissionData({ fields, data: rest, ...(files ? { files } : {}) });
  if (!validation.ok) {
    throw invalidData(validation.fieldErrors);
  }
  const email = submissionEmail({ fields, data: validation.data });
  const meta = {
    ...parseUserAgent(client.userAgent),
    country: resolveCountry({ ...client, geoipDbPath: config.geoipDbPath }),
  };
  const verdict = await judgeSubmission({
    workspaceId: user.id,
    form,
    data: validation.data,
    signals,
  });
  // A CAPTCHA passed (an embed key's, checked above, or /f/'s) vouches for the submitter too.
  const vouched = submitterVerified || signals.captcha === 'passed';
  if (verdict.status === 'spam') {
    // Kept in the spam folder, and nothing else: no quota, count, analytics, email or webhook
    // until the owner releases it. A uniqueEmail address is not taken by it either. Whether the
    // submitter was vouched for is kept, so a release confirms them as this submit would have.
    const stored = await spamFolderRepository.file({
      submitterVerified: vouched,
      userId: user.id,
      formId: form.id,
      email,
      data: validation.data,
      meta,
      outbox: [],
      verdict,
      requestId: requestId ?? null,
      createdAt: now,
    });
    const response: TSubmitResponse = {
      success: true,
      message: 'Form submitted successfully',
      submissionId: stored.id,
      redirect,
    };

    return { response, outbox: [], spam: true };
  }
  const emailKey = form.uniqueEmail
    ? (uniqueEmailKey({ email, data: validation.data }) ?? undefined)
    : undefined;
  if (
    emailKey !== undefined &&
    (await submissionRepository.existsWithEmailKey({ userId: user.id, formId: form.id, emailKey }))
  ) {
    throw duplicateEmail();
  }

  const endpoints = await loadDeliveryTargets({ userId: user.id, form });
  // Quota unit, insert, the form's count and the analytics in one command: a 201 promises the
  // submission and every count of it are durable.
  const stored = await storeSubmission({
    record: {
      userId: user.id,
      formId: form.id,
      email,
      ...(emailKey !== undefined ? { emailKey } : {}),
      data: validation.data,
      meta,
      verdict,
      outbox: planOutbox({ form, limits, email, endpoints, submitterVerified: vouched }),
      requestId: requestId ?? null,
      createdAt: now,
    },
    month: usageMonth(now),
    quotaLimit: user.quotaLimit,
  });
  switch (stored.outcome) {
    case 'overQuota':
      throw refusedAs(
        SubmitRefusal.quota,
        new AppError(AppErrorCode.FORBIDDEN, {
          message: ErrorMessages.monthlyLimit(stored.used, user.quotaLimit),
        }),
      );
    case 'duplicateEmail':
      throw duplicateEmail();
    case 'formGone':
      throw refusedAs(SubmitRefusal.form, formNotFound());
  }
  const { submission } = stored;

  return {
    response: {
      success: true,
      message: 'Form submitted successfully',
      submissionId: submission.id,
      redirect,
    },
    outbox: submission.outbox.map((entry) => ({
      submissionId: submission.id,
      entryId: entry.id,
      formId: form.id,
      userId: user.id,
      kind: entry.kind,
      endpointId: entry.endpointId,
      requestId: submission.requestId,
    })),
    spam: false,
  };
}
