import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import { publicProcedure } from '../trpc.js';
import { decodedFormId, takeEarlyAdmission } from './admit-before-body.js';
import type { TApiKeyPolicy } from './api-key-policy.js';
import { admitApiKeyRequest, authorizeAdmitted } from './guard-api-key-request.js';

/**
 * Procedures of the public REST API. The guard runs as middleware BEFORE `.input()`, so a
 * rate-limited request answers 429 even when its parameters are bad (the order of
 * checks is 401, 404 user, 429, 403 scope and key restrictions, then 400); the per-form bucket and
 * the key's form restriction therefore read the form id from the raw input (path, query or body).
 * The REST host admits the request (key, user, limit) before reading its body (admitBeforeBody);
 * the policy rides in the procedure's meta for it. Without that, the admission runs here.
 */
export function apiKeyProcedure(policy: TApiKeyPolicy) {
  return publicProcedure.meta({ apiKeyPolicy: policy }).use(async ({ ctx, next, getRawInput }) => {
    if (ctx.transport !== 'rest') {
      // API keys authenticate only under /api/v1; the dashboard authenticates with its session.
      throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_OUTSIDE_REST });
    }
    const rawInput = policy.perForm || policy.formScoped ? await getRawInput() : undefined;
    const rawFormId =
      rawInput && typeof rawInput === 'object' && 'formId' in rawInput ? rawInput.formId : undefined;
    const formId = decodedFormId(rawFormId);
    const admission = await (takeEarlyAdmission(ctx.req) ?? admitApiKeyRequest({ ...ctx, policy, formId }));
    const { actor, user, logger, authEpoch } = authorizeAdmitted({ req: ctx.req, policy, formId }, admission);

    return next({ ctx: { actor, user, logger, authEpoch } });
  });
}
