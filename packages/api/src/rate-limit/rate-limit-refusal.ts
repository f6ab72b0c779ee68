import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import type { ApiResponse, ApiServices } from '../context.js';
import type { TRateLimitState } from './create-rate-limiter.js';
import { applyRateLimitHeaders } from './rate-limit-headers.js';

/**
 * The 429 of a refused limit, built in one place so every refusal carries its headers and is
 * counted by rule. Returned for `throw`, so callers read as the refusal they are.
 */
export function rateLimitRefusal({
  res,
  services,
  state,
  message = ErrorMessages.RATE_LIMIT_EXCEEDED,
}: {
  res: ApiResponse;
  services: Pick<ApiServices, 'metrics'>;
  state: TRateLimitState;
  message?: string;
}): AppError {
  applyRateLimitHeaders(res, state);
  services.metrics?.rateLimitRefused(state.name);

  return new AppError(AppErrorCode.TOO_MANY_REQUESTS, { message });
}
