import { authenticateApiKey, type TAuthenticatedApiKey } from '@formwell/core';

import type { ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { countingBadApiKeys, withBadApiKeyLimit } from '../rate-limit/bad-api-key-limit.js';
import type { TRateLimitState, TUserConsumption } from '../rate-limit/create-rate-limiter.js';

export type AuthenticateFromCopyOptions = {
  req: ApiRequest;
  res: ApiResponse;
  services: Pick<ApiServices, 'rateLimiter' | 'apiKeyCache' | 'metrics'>;
  keyHash: string;
  invalidKeyMessage: string | undefined;
  /** Counts the request in the key's bucket and reads its user's auth epoch (one Redis call). */
  consume: (auth: TAuthenticatedApiKey) => Promise<TUserConsumption>;
};

/**
 * Authenticates a key from this process's copy when the user's auth epoch says it is current,
 * else from MongoDB; and counts the request in its rate-limit bucket, in the same Redis call as the
 * epoch read.
 *
 * - Known key: one Redis call (limit + epoch). Epoch equal to the copy's and copy young enough:
 *   answered from the copy, no MongoDB read. Otherwise (a revoke, plan change or deletion bumped
 *   it, the copy aged out, or Redis did not answer): read from MongoDB AFTER the epoch was read,
 *   so the copy stored with that epoch can only be older than a bump that follows it.
 * - Unknown key: the bad-key limit is asked first (guessed keys), then MongoDB, then the Redis
 *   call. That epoch was read after MongoDB, so it does not verify this read: the copy is stored
 *   unverified and the next request verifies it.
 *
 * The caller still answers in the documented order (401, 404, then 429 from the state returned).
 */
export async function authenticateFromCopy({
  req,
  res,
  services,
  keyHash,
  invalidKeyMessage,
  consume,
}: AuthenticateFromCopyOptions): Promise<{
  auth: TAuthenticatedApiKey;
  state: TRateLimitState;
  /** The user's auth epoch as this request's Redis call read it (null: Redis did not answer). */
  epoch: string | null;
}> {
  const cache = services.apiKeyCache;
  const lookUp = () => authenticateApiKey({ keyHash, invalidKeyMessage });
  const known = cache.get(keyHash);
  if (!known) {
    const auth = await withBadApiKeyLimit({ req, res, services }, lookUp);
    const { state, epoch } = await consume(auth);
    forgetAllIfUnverifiable(services, epoch);
    cache.set(keyHash, { auth, epoch: null, verifiedAt: 0 });

    return { auth, state, epoch };
  }

  const { state, epoch } = await consume(known.auth);
  if (cache.isCurrent(known, epoch)) {
    return { auth: known.auth, state, epoch };
  }
  forgetAllIfUnverifiable(services, epoch);
  const verifiedAt = Date.now();
  let auth: TAuthenticatedApiKey;
  try {
    auth = await countingBadApiKeys({ req, res, services }, lookUp);
  } catch (error) {
    cache.delete(keyHash);
    throw error;
  }
  cache.set(keyHash, { auth, epoch, verifiedAt });

  return { auth, state, epoch };
}

/**
 * Redis did not answer, so no copy can be checked, and bumps made meanwhile may be lost: every
 * copy of this process is verified again once Redis is back.
 */
function forgetAllIfUnverifiable(services: Pick<ApiServices, 'apiKeyCache'>, epoch: string | null): void {
  if (epoch === null) {
    services.apiKeyCache.clear();
  }
}
