import { AppError, AppErrorCode, authenticateApiKey, ErrorMessages, requireScope } from '@formwell/core';

import type { ApiLogger, ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { withBadApiKeyLimit } from '../rate-limit/bad-api-key-limit.js';
import { rateLimitBucketId } from '../rate-limit/bucket-id.js';
import { applyRateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { TApiKeyPolicy } from './api-key-policy.js';
import { extractApiKey } from './extract-api-key.js';
import { lazyChildLogger } from '../lazy-child-logger.js';

export type GuardApiKeyRequestOptions = {
  req: ApiRequest;
  res: ApiResponse;
  services: ApiServices;
  logger: ApiLogger;
  policy: TApiKeyPolicy;
  /** The path's form id for per-form buckets, as sent (it is validated later, after the limit). */
  formId?: unknown;
};

type TApiKeyActor = {
  type: 'apiKey';
  userId: string;
  apiKeyId: string;
  scopes: string[];
};

/**
 * Everything that stands before a key-protected endpoint's own work: key present (401) → key
 * valid and active (401; an address that sent too many bad keys is refused with 429 before the
 * lookup) → its user exists (404) → rate limit (429, with the limit headers on every response from
 * here on) → scope (403). Shared by the tRPC procedures
 * and the streamed CSV route, so both answer alike.
 */
export async function guardApiKeyRequest({
  req,
  res,
  services,
  logger,
  policy,
  formId,
}: GuardApiKeyRequestOptions) {
  const found = extractApiKey({ headers: req.headers, url: req.url, sources: policy.sources });
  if (!found) {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_REQUIRED });
  }
  if (found.source === 'query') {
    // The legacy way still works, but clients are told to move (`Deprecation: true`).
    res.header('Deprecation', 'true');
  }
  const verified = await withBadApiKeyLimit({ req, res, services }, () =>
    authenticateApiKey({ key: found.key, invalidKeyMessage: policy.invalidKeyMessage }),
  );
  const actor: TApiKeyActor = {
    type: 'apiKey',
    userId: verified.user.id,
    apiKeyId: verified.apiKey.id,
    scopes: verified.apiKey.scopes,
  };
  const boundLogger = lazyChildLogger(logger, {
    userId: actor.userId,
    apiKeyId: actor.apiKeyId,
    keySource: found.source,
  });

  const bucketId = rateLimitBucketId({
    bucket: policy.bucket,
    apiKeyId: actor.apiKeyId,
    formId: policy.perForm ? String(typeof formId === 'string' ? formId : '') : null,
  });
  const state = await services.rateLimiter.consume(policy.rateLimit, bucketId);
  applyRateLimitHeaders(res, state);
  if (!state.allowed) {
    throw new AppError(AppErrorCode.TOO_MANY_REQUESTS, { message: ErrorMessages.RATE_LIMIT_EXCEEDED });
  }

  requireScope({ scopes: actor.scopes, scope: policy.scope });

  return { actor, user: verified.user, logger: boundLogger };
}
