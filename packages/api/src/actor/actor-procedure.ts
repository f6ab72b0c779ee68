import { AppError, AppErrorCode, ErrorMessages } from '@formwell/core';

import { decodedFormId, takeEarlyAdmission } from '../auth/admit-before-body.js';
import type { TApiKeyPolicy } from '../auth/api-key-policy.js';
import { admitApiKeyRequest, authorizeAdmitted } from '../auth/guard-api-key-request.js';
import type { Context } from '../context.js';
import { authenticateSessionRequest } from '../session/authenticate-session-request.js';
import { publicProcedure } from '../trpc.js';
import { answerFor } from './actor-answers.js';
import { sessionActor, type TActor } from './actor.js';

/**
 * Who may call an operation: `apiKey` names the policy it is served with under /api/v1 (key
 * sources, scope, rate-limit bucket, form restriction); `session` lets the dashboard call it over
 * /trpc. An operation both take is one procedure for both.
 */
export type TCallers = { apiKey?: TApiKeyPolicy; session: boolean };

/**
 * The actor middleware: turns the caller into an actor (see actor.ts) before anything else of the
 * procedure runs. Cookies never authenticate /api/v1 and keys never /trpc, so a browser session
 * cannot be ridden through the REST face and a key cannot reach what only the dashboard may do.
 *
 * A key is checked BEFORE `.input()` (401, 404 user, 429, 403 scope and restrictions, then 400),
 * so a rate-limited request answers 429 even when its parameters are bad; its per-form bucket and
 * form restriction therefore read the form id from the raw input. The REST host admits the key
 * (key, user, limit) before reading the body (admitBeforeBody), so the policy rides in the meta.
 */
export function actorProcedure(callers: TCallers) {
  const { apiKey: policy, session } = callers;

  return publicProcedure
    .meta(policy ? { apiKeyPolicy: policy } : {})
    .use(async ({ ctx, next, getRawInput }) => {
      const caller =
        ctx.transport === 'rest'
          ? await keyCaller(ctx, policy, getRawInput)
          : await sessionCaller(ctx, session);

      return answered(caller.actor, await next({ ctx: caller }));
    });
}

/** The dashboard's own operations (session cookie on /trpc only). */
export const sessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.transport === 'rest') {
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.NOT_AUTHENTICATED });
  }
  const caller = await sessionCaller(ctx, true);

  return answered(caller.actor, await next({ ctx: caller }));
});

/** Staff operations: a signed-in ADMIN. */
export const adminProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ADMIN_ONLY });
  }

  return next();
});

/** The procedure's result, or the failure this actor is answered with instead (actor-answers.ts). */
function answered<TResult extends { ok: boolean; error?: { cause?: unknown } }>(
  actor: TActor,
  result: TResult,
): TResult {
  if (!result.ok) {
    const cause = result.error?.cause;
    const answer = answerFor(actor, cause);
    if (answer !== cause) {
      throw answer;
    }
  }

  return result;
}

async function keyCaller(
  ctx: Context,
  policy: TApiKeyPolicy | undefined,
  getRawInput: () => Promise<unknown>,
) {
  if (!policy) {
    // Cookies never authenticate /api/v1, and this operation has no REST face anyway.
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.NOT_AUTHENTICATED });
  }
  const rawInput = policy.perForm || policy.formScoped ? await getRawInput() : undefined;
  const rawFormId =
    rawInput && typeof rawInput === 'object' && 'formId' in rawInput ? rawInput.formId : undefined;
  const formId = decodedFormId(rawFormId);
  const admission = await (takeEarlyAdmission(ctx.req) ?? admitApiKeyRequest({ ...ctx, policy, formId }));
  const { actor, user, logger, authEpoch } = authorizeAdmitted({ req: ctx.req, policy, formId }, admission);

  return { actor, user, logger, authEpoch };
}

async function sessionCaller(ctx: Context, session: boolean) {
  if (!session) {
    // API keys authenticate only under /api/v1; this operation has no dashboard face.
    throw new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_OUTSIDE_REST });
  }
  const { user } = await authenticateSessionRequest({
    req: ctx.req,
    publicUrl: ctx.services.config.publicUrl,
  });

  return {
    actor: sessionActor(user.id),
    user,
    logger: ctx.logger.child({ userId: user.id }),
    // Sessions read no copies kept under the auth epoch (only keyed submits do).
    authEpoch: null,
  };
}
