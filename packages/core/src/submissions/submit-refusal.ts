import { AppError } from '../errors/app-error.js';

/**
 * Why a submission was not stored, as counted by the metrics. Each reason is attached where the
 * submit decides it, so the counter never re-derives the decision from error texts.
 */
export const SubmitRefusal = {
  /** Bad parameters, bad field data or a bad redirect URL (400). */
  validation: 'validation',
  /** No such form, a foreign one, or a keyless form not opted in (404/403). */
  form: 'form',
  /** The form's uniqueEmail already holds this address (409). */
  duplicateEmail: 'duplicate_email',
  /** The owner's monthly submissions are used up (403). */
  quota: 'quota',
  /** The keyless endpoint from an origin the form does not allow (403). */
  origin: 'origin',
  /** A missing or wrong CAPTCHA answer (403, counted as spam too). */
  captcha: 'captcha',
  /** The CAPTCHA provider could not be asked (503 with Retry-After; not spam). */
  captchaUnavailable: 'captcha_unavailable',
  /** The honeypot was filled: answered as accepted, nothing stored. */
  honeypot: 'honeypot',
  /** Anything else (a store outage): no decision of the submit itself. */
  error: 'error',
} as const;

export type TSubmitRefusal = (typeof SubmitRefusal)[keyof typeof SubmitRefusal];

const reasons = new WeakMap<object, TSubmitRefusal>();

/** Marks a thrown refusal with its reason and gives it back, for `throw refusedAs(...)`. */
export function refusedAs<T extends object>(reason: TSubmitRefusal, error: T): T {
  if (!reasons.has(error)) {
    reasons.set(error, reason);
  }

  return error;
}

/** Runs a step of the submit whose expected failures (AppError) are refusals of one reason. */
export async function refusingAs<T>(reason: TSubmitRefusal, step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw AppError.is(error) ? refusedAs(reason, error) : error;
  }
}

/** The reason a submit failed with; `error` when the failure was no refusal of its own. */
export function submitRefusalOf(error: unknown): TSubmitRefusal {
  return (typeof error === 'object' && error !== null && reasons.get(error)) || SubmitRefusal.error;
}
