import {
  createFormwellClient,
  FormwellError,
  type FormwellClient,
  type TSubmitFiles,
} from '@formwell/client';
import { useCallback, useMemo, useRef, useState } from 'react';

import { CAPTCHA_TOKEN_FIELDS, type TCaptcha } from './captcha.js';

export type TSubmitStatus = 'idle' | 'submitting' | 'success' | 'error';

export type TSubmitResult = Awaited<ReturnType<FormwellClient['submit']>>;

export type UseFormwellSubmitOptions = {
  formId: string;
  /** The Formwell server's origin, e.g. `https://forms.example.com`. */
  baseUrl: string;
  /** An embed key: origin-restricted, scope `submissions:write` (the dashboard's embed page makes one). */
  apiKey: string;
  /** Where to go after a successful submit; the server may replace it (plan rules), see `result.redirect`. */
  redirectUrl?: string;
  /** Follow the server's redirect after success (`window.location.assign`). Off by default: the page stays. */
  followRedirect?: boolean;
  onSuccess?: (result: TSubmitResult) => void;
  onError?: (error: FormwellError) => void;
};

export type TSubmitExtras = {
  /** A solved CAPTCHA, when the form has one. */
  captcha?: TCaptcha;
  /** CAPTCHA token fields picked up from a form element (name → token). */
  captchaFields?: Record<string, string>;
  /** Files for the form's file fields, by field name (`File`s from an `<input type="file">`). */
  files?: TSubmitFiles;
};

export type TFormwellSubmitState = {
  status: TSubmitStatus;
  /** The success answer (`submissionId`, `redirect`), once submitted. */
  result: TSubmitResult | null;
  /** The refusal, with its status, code and message. */
  error: FormwellError | null;
  /** Per-field reasons of a refused submission (`{}` otherwise). */
  fieldErrors: Record<string, string>;
};

const IDLE: TFormwellSubmitState = { status: 'idle', result: null, error: null, fieldErrors: {} };

/** A network failure (offline, CORS refusal) as the same error type as a refusal, with status 0. */
function asFormwellError(caught: unknown): FormwellError {
  if (caught instanceof FormwellError) {
    return caught;
  }
  const text = caught instanceof Error ? caught.message : 'The request failed';

  return new FormwellError(0, { error: text, message: text, code: 'NETWORK_ERROR' });
}

/** The statuses a refused file gets as a whole request: too large (413), not accepted (415). */
const FILE_REFUSAL_STATUSES = new Set([413, 415]);

/**
 * The per-field reasons to show. The server names the field of a refused file; when a proxy's 413 or
 * a 415 names none, the reason goes beside every file field sent, since one of them caused it.
 */
function fieldErrorsOf(error: FormwellError, files: TSubmitFiles | undefined): Record<string, string> {
  const named = error.fieldErrors;
  if (Object.keys(named).length > 0 || !FILE_REFUSAL_STATUSES.has(error.status)) {
    return named;
  }

  return Object.fromEntries(Object.keys(files ?? {}).map((field) => [field, error.message]));
}

/**
 * Submits data to one form and tracks the answer. `submit` resolves to the success answer or
 * `null` (the error is in the state); it never throws, so an event handler can call it directly.
 */
export function useFormwellSubmit(options: UseFormwellSubmitOptions) {
  const { formId, baseUrl, apiKey, redirectUrl, followRedirect = false } = options;
  const client = useMemo(() => createFormwellClient({ baseUrl, apiKey }), [baseUrl, apiKey]);
  const [state, setState] = useState<TFormwellSubmitState>(IDLE);
  // The callbacks are read at submit time, so passing new functions each render costs nothing.
  const callbacks = useRef(options);
  callbacks.current = options;

  const submit = useCallback(
    async (data: Record<string, unknown>, extras: TSubmitExtras = {}): Promise<TSubmitResult | null> => {
      setState({ ...IDLE, status: 'submitting' });
      // The token travels with the data, under the widget's own name: the server takes it out of
      // the data of an embed key's submit (and of a plain HTML form's) before storing anything.
      const captchaFields = { ...extras.captchaFields };
      if (extras.captcha) {
        captchaFields[CAPTCHA_TOKEN_FIELDS[extras.captcha.provider]] = extras.captcha.token;
      }
      const { files } = extras;
      try {
        const result = await client.submit(
          { formId, data: { ...data, ...captchaFields }, ...(redirectUrl ? { redirectUrl } : {}) },
          files ? { files } : {},
        );
        setState({ status: 'success', result, error: null, fieldErrors: {} });
        callbacks.current.onSuccess?.(result);
        if (followRedirect) {
          window.location.assign(result.redirect.url);
        }

        return result;
      } catch (caught) {
        const error = asFormwellError(caught);
        setState({ status: 'error', result: null, error, fieldErrors: fieldErrorsOf(error, files) });
        callbacks.current.onError?.(error);

        return null;
      }
    },
    [client, formId, redirectUrl, followRedirect],
  );
  const reset = useCallback(() => setState(IDLE), []);

  return { ...state, submit, reset };
}
