import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import { ZPathIdParamSchema } from '../schemas/z-query.js';
import { publicProcedure } from '../trpc.js';
import type { TApiKeyPolicy } from './api-key-policy.js';
import { guardApiKeyRequest } from './guard-api-key-request.js';

/**
 * Procedures of the public REST API. The guard runs as middleware BEFORE `.input()`, so a
 * rate-limited request answers 429 even when its parameters are bad (the order of
 * checks is 401, 404 user, 429, 403 scope and key restrictions, then 400); the per-form bucket and
 * the key's form restriction therefore read the form id from the raw input (path, query or body).
 */
export function apiKeyProcedure(policy: TApiKeyPolicy) {
  return publicProcedure.use(async ({ ctx, next, getRawInput }) => {
    if (ctx.transport !== 'rest') {
      // API keys authenticate only under /api/v1; the dashboard authenticates with its session.
      throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_OUTSIDE_REST });
    }
    const rawInput = policy.perForm || policy.formScoped ? await getRawInput() : undefined;
    const rawFormId =
      rawInput && typeof rawInput === 'object' && 'formId' in rawInput ? rawInput.formId : undefined;
    // Decoded as the input will be, so `%36b04…` counts in the same bucket as `6b04…`.
    const decoded = ZPathIdParamSchema.safeParse(rawFormId);
    const formId = decoded.success ? decoded.data : rawFormId;
    const { actor, user, logger, authEpoch } = await guardApiKeyRequest({ ...ctx, policy, formId });

    return next({ ctx: { actor, user, logger, authEpoch } });
  });
}
