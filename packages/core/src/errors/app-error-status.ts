import type { TAppErrorCode } from './app-error-code.js';

/** tRPC error codes we map onto (a subset of TRPC_ERROR_CODE_KEY, kept as strings so core stays framework-free). */
export type TTrpcErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

/** The ONE code → {tRPC code, HTTP status} map; the api layer derives both transports from it. */
export const appErrorStatus: Record<TAppErrorCode, { trpcCode: TTrpcErrorCode; httpStatus: number }> = {
  UNAUTHORIZED: { trpcCode: 'UNAUTHORIZED', httpStatus: 401 },
  FORBIDDEN: { trpcCode: 'FORBIDDEN', httpStatus: 403 },
  NOT_FOUND: { trpcCode: 'NOT_FOUND', httpStatus: 404 },
  CONFLICT: { trpcCode: 'CONFLICT', httpStatus: 409 },
  BAD_REQUEST: { trpcCode: 'BAD_REQUEST', httpStatus: 400 },
  PAYLOAD_TOO_LARGE: { trpcCode: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
  TOO_MANY_REQUESTS: { trpcCode: 'TOO_MANY_REQUESTS', httpStatus: 429 },
  INTERNAL: { trpcCode: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
};
