import {
  apiKeyHash,
  AppError,
  AppErrorCode,
  enforceKeyRestrictions,
  ErrorMessages,
  touchApiKeyLastUsed,
} from '@formwell/core';

import { apiKeyActor, requireRight } from '../actor/actor.js';

import { afterResponse } from '../after-response.js';
import type { ApiLogger, ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { applyBadApiKeyHeaders } from '../rate-limit/bad-api-key-limit.js';
import { rateLimitBucketId } from '../rate-limit/bucket-id.js';
import { clientAddressBucket } from '../rate-limit/client-address-bucket.js';
import { applyRateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import { rateLimitRefusal } from '../rate-limit/rate-limit-refusal.js';
import type { TApiKeyPolicy } from './api-key-policy.js';
import { authenticateFromCopy } from './authenticate-from-copy.js';
import { extractApiKey } from './extract-api-key.js';
import { lazyChildLogger } from '../lazy-child-logger.js';

export type GuardApiKeyRequestOptions = {
  req: ApiRequest;
  res: ApiResponse;
  services: ApiServices;
  logger: ApiLogger;
  policy: TApiKeyPolicy;
  /**
   * The form id of the request (path or body), as sent: for per-form buckets and the key's form
   * restriction. It is validated later, after the limit.
   */
  formId?: unknown;
};

/**
 * Everything that stands before a key-protected endpoint's own work: key present (401) → key
 * valid and active (401; an address that sent too many bad keys is refused with 429 before the
 * lookup) → its user exists (404) → rate limit (429, with the limit headers on every response from
 * here on) → scope (403) → the key's origin and form restrictions (403). Shared by the tRPC procedures
 * and the streamed CSV route, so both answer alike.
 */
export async function guardApiKeyRequest(options: GuardApiKeyRequestOptions) {
  return authorizeAdmitted(options, await admitApiKeyRequest(options));
}

export type TApiKeyAdmission = Awaited<ReturnType<typeof admitApiKeyRequest>>;

/**
 * The part of the guard that needs no request body: the key, its user and the rate limit (401,
 * 404, 429). It counts the request and sets the limit headers on the reply, so the host can run it
 * before reading the body and every later answer (413, 415, bad JSON) carries them.
 */
export async function admitApiKeyRequest({
  req,
  res,
  services,
  logger,
  policy,
  formId,
}: GuardApiKeyRequestOptions) {
  const found = extractApiKey({ headers: req.headers, url: req.url, sources: policy.sources });
  if (!found) {
    await applyBadApiKeyHeaders({ req, res, services });
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_REQUIRED });
  }
  if (found.source === 'query') {
    // The legacy way still works, but clients are told to move (`Deprecation: true`).
    res.header('Deprecation', 'true');
  }
  const {
    auth: verified,
    state,
    epoch,
  } = await authenticateFromCopy({
    req,
    res,
    services,
    keyHash: apiKeyHash(found.key),
    invalidKeyMessage: policy.invalidKeyMessage,
    // A key restricted to origins lives in a web page, where anyone can copy it: each client
    // address gets its own share of the key's limit, so one copier cannot lock out every visitor.
    consume: ({ apiKey, user }) =>
      services.rateLimiter.consumeForUser(
        policy.rateLimit,
        rateLimitBucketId({
          bucket: policy.bucket,
          apiKeyId:
            apiKey.restrictions.allowedOrigins.length > 0
              ? `${apiKey.id}_ip_${clientAddressBucket(req.ip)}`
              : apiKey.id,
          formId: policy.perForm ? String(typeof formId === 'string' ? formId : '') : null,
        }),
        user.id,
      ),
  });
  const actor = apiKeyActor({
    user: verified.user,
    apiKeyId: verified.apiKey.id,
    scopes: verified.apiKey.scopes,
    restrictions: verified.apiKey.restrictions,
  });
  const boundLogger = lazyChildLogger(logger, {
    userId: verified.user.id,
    apiKeyId: verified.apiKey.id,
    keySource: found.source,
  });
  afterResponse(res, boundLogger, 'lastUsedAt write', () =>
    touchApiKeyLastUsed({ keyId: verified.apiKey.id, lastUsedAt: verified.apiKey.lastUsedAt }),
  );
  applyRateLimitHeaders(res, state);
  if (!state.allowed) {
    throw rateLimitRefusal({ res, services, state });
  }

  // The epoch lets the procedure use other copies kept under it (the submit's form copy).
  return { actor, user: verified.user, logger: boundLogger, authEpoch: epoch };
}

/**
 * The rest of the guard, once admitted: scope, then the key's origin and form restrictions (403).
 * The form id may come from the body, so this runs after it was read.
 */
export function authorizeAdmitted(
  { req, policy, formId }: Pick<GuardApiKeyRequestOptions, 'req' | 'policy' | 'formId'>,
  admission: TApiKeyAdmission,
): TApiKeyAdmission {
  if (policy.scope !== null) {
    requireRight(admission.actor, policy.scope);
  }
  enforceKeyRestrictions({
    restrictions: admission.actor.rights.restrictions,
    origin: req.headers.origin,
    form: policy.formScoped ? { scoped: true, formId } : { scoped: false },
  });

  return admission;
}
