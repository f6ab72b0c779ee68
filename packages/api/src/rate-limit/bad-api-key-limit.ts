import { AppError, AppErrorCode } from '@formwell/core';

import type { ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { clientAddressBucket } from './client-address-bucket.js';
import { applyRateLimitHeaders } from './rate-limit-headers.js';
import { rateLimitRefusal } from './rate-limit-refusal.js';

export type BadApiKeyLimitContext = {
  req: ApiRequest;
  res: ApiResponse;
  services: Pick<ApiServices, 'rateLimiter' | 'metrics'>;
};

const badKeyBucket = (req: ApiRequest) => `api_bad_key_ip_${clientAddressBucket(req.ip)}`;

/**
 * Runs an API key lookup under the per-client-address limit on bad keys (rule `badApiKey`): an
 * address that sent `limit` unknown or revoked keys in the window is refused with 429 before the
 * next lookup, so a flood of guessed keys stops costing a database query each. Only those 401s
 * count: a client whose key is valid never adds to its address's tally.
 */
export async function withBadApiKeyLimit<T>(
  { req, res, services }: BadApiKeyLimitContext,
  lookUp: () => Promise<T>,
): Promise<T> {
  const state = await services.rateLimiter.peek('badApiKey', badKeyBucket(req));
  if (!state.allowed) {
    throw rateLimitRefusal({ res, services, state });
  }

  return countingBadApiKeys({ req, res, services }, lookUp);
}

/**
 * Runs a lookup that counts its 401 (or 404 user) against the address without asking first: for a key this
 * process already knew as valid (its copy is being verified again), which is no guess.
 * A 401 or 404 answers the limit headers of the address's bad-key bucket, read from the count itself: the
 * key's own bucket is unknown before the key is, and those headers are on every limited answer.
 */
export async function countingBadApiKeys<T>(
  { req, res, services }: BadApiKeyLimitContext,
  lookUp: () => Promise<T>,
): Promise<T> {
  try {
    return await lookUp();
  } catch (error) {
    // A key whose user no longer exists (404 `User not found`) opens nothing either: it counts as
    // a bad key, and its 404 answers the same headers as a 401.
    if (
      AppError.is(error) &&
      (error.code === AppErrorCode.UNAUTHORIZED || error.code === AppErrorCode.NOT_FOUND)
    ) {
      const state = await services.rateLimiter.consume('badApiKey', badKeyBucket(req));
      // A 401, not a refusal for the limit (the next bad key is), so no Retry-After.
      applyRateLimitHeaders(res, { ...state, allowed: true });
    }
    throw error;
  }
}

/**
 * A request without any key is no guess and is not counted, but its 401 still carries the limit
 * headers: those of the address's bad-key bucket, the limit unauthenticated requests stand under.
 * One read, on this failure path only.
 */
export async function applyBadApiKeyHeaders({ req, res, services }: BadApiKeyLimitContext): Promise<void> {
  const state = await services.rateLimiter.peek('badApiKey', badKeyBucket(req));
  // A missing key is never refused for the limit, so no Retry-After.
  applyRateLimitHeaders(res, { ...state, allowed: true });
}
