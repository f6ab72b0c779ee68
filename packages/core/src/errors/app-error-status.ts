import type { TAppErrorCode } from './app-error-code.js';

/**
 * The one table of error codes and their HTTP statuses. The names are tRPC's, so the same code
 * serves both faces: the `code` of a REST error body and the tRPC error code of an RPC error.
 */
export const ERROR_HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** A code of ERROR_HTTP_STATUS (a subset of tRPC's codes, kept as strings so core stays framework-free). */
export type TTrpcErrorCode = keyof typeof ERROR_HTTP_STATUS;

const TRPC_CODE_BY_APP_CODE: Record<TAppErrorCode, TTrpcErrorCode> = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  BAD_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** Core's codes → {tRPC code, HTTP status}, derived from the table above. */
export const appErrorStatus = Object.fromEntries(
  Object.entries(TRPC_CODE_BY_APP_CODE).map(([appCode, trpcCode]) => [
    appCode,
    { trpcCode, httpStatus: ERROR_HTTP_STATUS[trpcCode] },
  ]),
) as Record<TAppErrorCode, { trpcCode: TTrpcErrorCode; httpStatus: number }>;

const CODE_BY_STATUS = new Map<number, TTrpcErrorCode>(
  Object.entries(ERROR_HTTP_STATUS).map(([code, status]) => [status, code as TTrpcErrorCode]),
);

/** The code of a status when the thrower named none: any other 4xx is a bad request, any 5xx internal. */
export function errorCodeForStatus(httpStatus: number): TTrpcErrorCode {
  return CODE_BY_STATUS.get(httpStatus) ?? (httpStatus >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}
