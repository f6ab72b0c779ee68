/** The one error body of /api/v1 (decisions.md §3). */
export type TErrorBody = {
  error: string;
  message: string;
  code: string;
  issues?: unknown;
  fieldErrors?: unknown;
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

export const INTERNAL_ERROR_TEXT = 'Internal server error';

/**
 * Statuses whose text is fixed: the texts Fastify and trpc-to-openapi give for them quote the
 * request back, sometimes cut mid-quote.
 */
const FIXED_TEXT_BY_STATUS: Record<number, string> = {
  413: 'Request body is too large (at most 100 KB)',
  415: 'Unsupported Media Type: send application/json',
};

/** The machine code for a status when the thrower gave none. */
export function codeForStatus(statusCode: number): string {
  return CODE_BY_STATUS[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/**
 * Turns any error payload sent under /api/v1 (trpc-to-openapi's `{message, code, issues}`, our own
 * `{error, message}`) into the one error body. 5xx bodies never carry internal text.
 */
export function toErrorBody(statusCode: number, payload: Record<string, unknown>): TErrorBody {
  if (statusCode >= 500) {
    return { error: INTERNAL_ERROR_TEXT, message: INTERNAL_ERROR_TEXT, code: 'INTERNAL_SERVER_ERROR' };
  }
  const fixedText = FIXED_TEXT_BY_STATUS[statusCode];
  const message = fixedText ?? pickString(payload.message) ?? pickString(payload.error) ?? 'Request failed';
  const error = fixedText ?? pickString(payload.error) ?? message;
  const body: TErrorBody = { error, message, code: pickCode(payload.code) ?? codeForStatus(statusCode) };
  if (payload.issues !== undefined) {
    body.issues = payload.issues;
  }
  if (payload.fieldErrors !== undefined) {
    body.fieldErrors = payload.fieldErrors;
  }

  return body;
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Fastify's own codes (`FST_ERR_…`) are internal names; clients get the status-derived code. */
function pickCode(value: unknown): string | undefined {
  const code = pickString(value);

  return code && !code.startsWith('FST_') ? code : undefined;
}
