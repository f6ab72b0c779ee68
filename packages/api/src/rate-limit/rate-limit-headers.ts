import type { ApiResponse } from '../context.js';
import type { TRateLimitState } from './create-rate-limiter.js';

/** Every header name `rateLimitHeaders` may set: what a browser page must be allowed to read (CORS). */
export const RATE_LIMIT_HEADER_NAMES = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
] as const;

/**
 * The interface's `X-RateLimit-*` (reset in Unix seconds), `Retry-After` on a refusal, and the
 * IETF draft's structured `RateLimit-Policy` / `RateLimit` fields, on every response of a limited endpoint.
 */
export function rateLimitHeaders(state: TRateLimitState, now = Date.now()): Record<string, string> {
  const secondsToReset = Math.ceil(state.msBeforeReset / 1000);
  const policy = `"${state.name}"`;
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    // Buckets whose window ends on a whole second name it; the others the next second after it.
    'X-RateLimit-Reset': String(state.resetAtSeconds ?? Math.ceil((now + state.msBeforeReset) / 1000)),
    'RateLimit-Policy': `${policy};q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `${policy};r=${state.remaining};t=${secondsToReset}`,
  };
  if (!state.allowed) {
    headers['Retry-After'] = String(Math.max(1, secondsToReset));
  }

  return headers;
}

export function applyRateLimitHeaders(res: ApiResponse, state: TRateLimitState): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
    res.header(name, value);
  }
}
