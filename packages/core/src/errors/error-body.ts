import { errorCodeForStatus } from './app-error-status.js';
import { ErrorMessages } from './error-messages.js';

/**
 * The one error body of every HTTP path (REST API, CSV export, webhook receivers, the server's own
 * errors): `error` and `message` carry the same text unless two texts are wanted, `code` is a code
 * of ERROR_HTTP_STATUS, plus `issues` for a schema failure or `fieldErrors` for bad submission data.
 */
export type TErrorBody = {
  error: string;
  message: string;
  code: string;
  issues?: unknown;
  fieldErrors?: unknown;
};

export type TErrorBodyParts = {
  message: string;
  /** A second text where one is wanted (foreign form); `message` otherwise. */
  error?: string;
  /** Derived from the status when absent. */
  code?: string;
  issues?: unknown;
  fieldErrors?: unknown;
  /** For a 413: the refusing route's body limit, named in the text (the usual limit when absent). */
  bodyLimitBytes?: number;
  /** For a 415: the text of a route that reads more than JSON (JSON's text when absent). */
  unsupportedMediaText?: string;
  /**
   * The text was written for clients (every AppError's is, from ErrorMessages), so a 503 may carry
   * it: the client is told what is down and that retrying helps. Any other 5xx stays generic.
   */
  clientText?: boolean;
};

/**
 * Statuses whose text is fixed: the texts Fastify and trpc-to-openapi give for them quote the
 * request back, sometimes cut mid-quote.
 */
const FIXED_TEXT_BY_STATUS = new Map<number, string>([
  [413, ErrorMessages.BODY_TOO_LARGE],
  [415, ErrorMessages.UNSUPPORTED_MEDIA_TYPE],
]);

/**
 * Builds the error body for a status. A 5xx body is the same generic text, so no internal message
 * (connection strings, stack traces) ever reaches a client; the one exception is a 503 whose text
 * was written for clients (`clientText`), never a thrown Error's own message.
 */
export function buildErrorBody(httpStatus: number, parts: TErrorBodyParts): TErrorBody {
  if (httpStatus >= 500 && !(httpStatus === 503 && parts.clientText === true)) {
    return { error: ErrorMessages.INTERNAL, message: ErrorMessages.INTERNAL, code: 'INTERNAL_SERVER_ERROR' };
  }
  const fixedText =
    httpStatus === 413 && parts.bodyLimitBytes !== undefined
      ? ErrorMessages.bodyTooLarge(parts.bodyLimitBytes)
      : httpStatus === 415 && parts.unsupportedMediaText !== undefined
        ? parts.unsupportedMediaText
        : FIXED_TEXT_BY_STATUS.get(httpStatus);
  const message = fixedText ?? parts.message;
  const body: TErrorBody = {
    error: fixedText ?? parts.error ?? message,
    message,
    code: parts.code ?? errorCodeForStatus(httpStatus),
  };
  if (parts.issues !== undefined) {
    body.issues = parts.issues;
  }
  if (parts.fieldErrors !== undefined) {
    body.fieldErrors = parts.fieldErrors;
  }

  return body;
}
