import { initTRPC } from '@trpc/server';
import type { TWorkspaceAbility } from '@formwell/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ZodType } from 'zod';

import type { TApiKeyPolicy } from './auth/api-key-policy.js';
import type { Context } from './context.js';
import { mapAppErrors } from './errors/app-error-middleware.js';
import { formatError } from './errors/format-error.js';

/**
 * Our own meta beside trpc-to-openapi's: the REST status of a success, when it is not 200; the key
 * policy of a procedure keys may call (set by actorProcedure; the host admits before the body); and
 * `restOutput`, the one answer a key gets where a session gets more (a schema with a registered id,
 * documented by reference in place of the procedure's whole output).
 */
export type ApiMeta = OpenApiMeta<{
  successStatus?: number;
  /**
   * What a dashboard member's role must allow for this procedure (actor-procedure.ts checks it):
   * by default `read` for a query and `write` for a mutation; `billing` for the owner's payment
   * operations; `account` for what concerns the signed-in person, not the workspace's data.
   */
  workspaceAbility?: TWorkspaceAbility | 'account';
  apiKeyPolicy?: TApiKeyPolicy;
  restOutput?: ZodType;
}>;

const t = initTRPC
  .meta<ApiMeta>()
  .context<Context>()
  // isDev: false keeps stack traces out of every error body, whatever NODE_ENV says.
  .create({ isDev: false, errorFormatter: formatError });

export const createRouter = t.router;

/** Every procedure starts here: core's AppErrors become TRPCErrors with the mapped status. */
export const publicProcedure = t.procedure.use(({ next }) => mapAppErrors(next));
